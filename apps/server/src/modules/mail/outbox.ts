import type { DbOrTx } from '../../db/client.ts';
import { type MailAttachment, outbox } from '../../db/schema.ts';

export interface OutgoingMail {
  kind: string;
  rsvno: string | null;
  to: string;
  subject: string;
  /** The text part. */
  body: string;
  /** The HTML part; sent beside the text part as multipart/alternative. */
  html?: string | null;
  attachments?: MailAttachment[];
}

/** Queues a mail in the same transaction as the change that causes it (DESIGN §7). */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail): Promise<void> {
  await tx.insert(outbox).values({ ...mail, html: mail.html ?? null, attachments: mail.attachments ?? [] });
}
