/**
 * Tickets (DESIGN §17, ADR 0212): a booking that holds its seats and is paid (or confirmed on account) has a QR code
 * carrying an unguessable token; the scanner at the door reads it. Made on first use and kept.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/client.ts';
import { tickets } from './schema.ts';

/** What the QR code says: a version, then the token (24 random bytes, base64url). */
export const TICKET_PREFIX = 'TB1.';

export interface Ticket {
  /** The QR code's text. */
  code: string;
  /** The QR code as SVG, dark on light, with its quiet zone: shown as an image. */
  svg: string;
}

/** The booking's ticket token, made the first time it is asked for (two first asks at once make one). */
async function tokenOf(db: DbOrTx, rsvno: string): Promise<string> {
  await db
    .insert(tickets)
    .values({ rsvno, token: randomBytes(24).toString('base64url') })
    .onConflictDoNothing({ target: tickets.rsvno });
  const [row] = await db.select({ token: tickets.token }).from(tickets).where(eq(tickets.rsvno, rsvno));
  if (!row) throw new Error(`ticket of ${rsvno} was not written`);
  return row.token;
}

/** The ticket of a booking the caller knows holds its seats and is paid. */
export async function ticketOf(db: DbOrTx, rsvno: string): Promise<Ticket> {
  const code = `${TICKET_PREFIX}${await tokenOf(db, rsvno)}`;
  // Quartile correction: a phone's screen at arm's length, a crease in a printout.
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'Q', margin: 4 });
  return { code, svg };
}

/** The QR code of a ticket as a PNG in base64, for a mail: mail clients show PNG where many show no SVG. */
export async function ticketPng(code: string): Promise<string> {
  const png = await QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'Q', margin: 4, scale: 8 });
  return png.toString('base64');
}
