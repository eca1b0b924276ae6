/** A booking's mails as 予約詳細 lists them and as staff resend them: reads of the outbox and the booking's history. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pickColumns } from '../../db/columns.ts';
import { bookingEvents, type OutboxRow, outbox } from '../../db/schema.ts';

/** What 予約詳細 lists of a booking's mails: their text, not their HTML part or attachments. */
const MAIL_LIST_COLUMNS = [
  'id',
  'kind',
  'to',
  'subject',
  'body',
  'status',
  'attempts',
  'lastError',
  'createdAt',
  'sentAt',
] as const;

export async function listBookingMails(db: DbOrTx, rsvno: string) {
  return db
    .select(pickColumns(outbox, MAIL_LIST_COLUMNS))
    .from(outbox)
    .where(eq(outbox.rsvno, rsvno))
    .orderBy(desc(outbox.id));
}

/** The booking's mails, newest first; with `id`, only that one (a mail of another booking is not found). */
export async function findBookingMails(db: DbOrTx, rsvno: string, id?: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.rsvno, rsvno), id === undefined ? undefined : eq(outbox.id, id)))
    .orderBy(desc(outbox.id));
}

/**
 * Whether a mail with this content (kind, address, subject, text) is still waiting in the outbox, queued or being
 * sent: a resend of it would only send it twice. Read through the outbox's status index (pending rows are few).
 */
export async function mailStillQueued(
  db: DbOrTx,
  mail: Pick<OutboxRow, 'rsvno' | 'kind' | 'to' | 'subject' | 'body'>,
): Promise<boolean> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, ['pending', 'sending']),
        mail.rsvno === null ? isNull(outbox.rsvno) : eq(outbox.rsvno, mail.rsvno),
        eq(outbox.kind, mail.kind),
        eq(outbox.to, mail.to),
        eq(outbox.subject, mail.subject),
        eq(outbox.body, mail.body),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** When staff last resent a mail of this kind to this address for the booking (its `mail_resent` event), if ever. */
export async function lastResent(db: DbOrTx, rsvno: string, kind: string, to: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: bookingEvents.at })
    .from(bookingEvents)
    .where(
      and(
        eq(bookingEvents.rsvno, rsvno),
        eq(bookingEvents.action, 'mail_resent'),
        sql`${bookingEvents.after} ->> 'kind' = ${kind}`,
        sql`${bookingEvents.after} ->> 'to' = ${to}`,
      ),
    )
    .orderBy(desc(bookingEvents.id))
    .limit(1);
  return row?.at ?? null;
}
