/** The tables the mail module writes (db/schema.ts gathers every module's). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';

/** A file sent with a mail, e.g. the booking's .ics calendar entry. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (calendar files are text), or its bytes in base64 when `encoding` says so (an image). */
  content: string;
  encoding?: 'base64';
  /** Shown inside the HTML part (`<img src="cid:…">`) rather than as a file. */
  cid?: string;
}

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    rsvno: text('rsvno'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML part beside `body`, the text part; null for mails queued before it. */
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: tz('sent_at'),
    /** When the retention job removed its text after MAIL_RETENTION_DAYS (ADR 0162); null while it is kept. */
    purgedAt: tz('purged_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pending_idx').on(t.status, t.nextAttemptAt),
    // The retention job's claim of sent mails still holding their text, oldest first: it reads only
    // those, not every mail ever purged.
    index('outbox_purge_due_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent' and ${t.purgedAt} is null`),
    // 予約詳細's mails and a resend (a seq scan of every mail ever sent per view).
    index('outbox_rsvno_idx').on(t.rsvno, t.id),
    // The mail page's order, newest first (it sorted every mail ever sent for its first page).
    index('outbox_created_idx').on(t.createdAt, t.id),
  ],
);

// The rows as the repositories read them (…Row) and write them (New…), one name a table.
export type OutboxRow = typeof outbox.$inferSelect;
