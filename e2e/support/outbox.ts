/** The e2e server's mail outbox (one .eml file a mail) and the text of a mail, whatever its transfer encoding. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { port } from '../playwright.config.ts';

export const OUTBOX = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  `.data-e2e-${port}`,
  'outbox',
);

/** The outbox's files whose names contain every one of `parts` (a booking number, a kind). */
export function outboxFiles(...parts: string[]): string[] {
  return existsSync(OUTBOX)
    ? readdirSync(OUTBOX).filter((f) => f.endsWith('.eml') && parts.every((p) => f.includes(p)))
    : [];
}

/** The text part of an .eml file, decoded. */
export function mailText(file: string): string {
  const raw = readFileSync(path.join(OUTBOX, file), 'utf8');
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const text = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? raw;
  const [head = '', ...rest] = text.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
