import { rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContextBase } from '../../context-base.ts';
import { PRIVATE_FILE_MODE, preparePrivateDir } from '../../data-dir.ts';
import { retryDelayMs } from '../../jobs/backoff.ts';
import { claimDueMails, markMailFailed, markMailSent, type OutboxRow } from './repository.ts';

export const MAX_MAIL_ATTEMPTS = 10;
/** A sender that vanishes mid-send gives its mails back after this long. */
const SEND_LEASE_MS = 5 * 60_000;
const BATCH = 20;

export interface MailLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface MailSender {
  send(mail: OutboxRow): Promise<void>;
  close(): void;
}

export function outboxDir(dataDir: string): string {
  return dataDir === 'memory' ? path.join(os.tmpdir(), 'tabi-outbox') : path.join(dataDir, 'outbox');
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file under DATA_DIR/outbox (DESIGN §7). */
export function createMailSender(ctx: Pick<AppContextBase, 'config'>, log: MailLog): MailSender {
  const { smtpUrl, mailFrom, dataDir } = ctx.config;
  const message = (mail: OutboxRow) => ({
    from: mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.body,
    ...(mail.html ? { html: mail.html } : {}),
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
      ...(a.encoding ? { encoding: a.encoding } : {}),
      ...(a.cid ? { cid: a.cid } : {}),
    })),
    headers: { 'X-Booking-Number': mail.rsvno ?? '' },
  });
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(dataDir);
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      // Names, phones and booking numbers: the directory and each file are the server user's only.
      preparePrivateDir(dir);
      const file = path.join(dir, `${String(mail.id).padStart(6, '0')}-${mail.kind}-${mail.rsvno ?? 'none'}.eml`);
      // Written aside and renamed: whoever lists the outbox sees a whole .eml or none (a reader found one empty).
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      await rename(`${file}.tmp`, file);
      log.info({ file, to: mail.to, kind: mail.kind }, 'mail written to the outbox directory');
    },
    close: () => transport.close(),
  };
}

/** Sends every due mail once; failures go back to pending with a growing delay. Returns how many were sent. */
export async function processOutbox(ctx: AppContextBase, sender: MailSender, log: MailLog): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.clock.now();
    const batch = await claimDueMails(ctx.db, now, new Date(now.getTime() + SEND_LEASE_MS), BATCH);
    if (batch.length === 0) return sent;
    for (const mail of batch) {
      try {
        await sender.send(mail);
        await markMailSent(ctx.db, mail.id, ctx.clock.now());
        sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const giveUp = mail.attempts >= MAX_MAIL_ATTEMPTS;
        const next = new Date(ctx.clock.now().getTime() + retryDelayMs(mail.attempts));
        await markMailFailed(ctx.db, mail.id, reason, next, giveUp);
        log.warn({ id: mail.id, attempts: mail.attempts, reason, giveUp }, 'mail not sent');
      }
    }
    if (batch.length < BATCH) return sent;
  }
}
