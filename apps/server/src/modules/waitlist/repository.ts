/** キャンセル待ち's SQL (ADR 0167): the entries, and the stock row they are offered under. */

import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { dayStopDays, departures, options, type WaitlistState, waitlistEntries } from '../../db/schema.ts';
import { translatedText } from '../../db/translated.ts';
import { seatsLeftSql } from '../departures/repository.ts';

export type WaitlistRow = typeof waitlistEntries.$inferSelect;
export type NewWaitlistRow = typeof waitlistEntries.$inferInsert;

/** The states in which an entry still waits or holds seats. */
export const ACTIVE_STATES: WaitlistState[] = ['waiting', 'offered'];

/**
 * A mail's link secret: random, kept in the table only as its SHA-256. The registration mail and the offer mail
 * each carry their own, so a link works for as long as its entry does, whatever happens to APP_KEY meanwhile (a
 * link derived from the key died with a restart that drew a new one, ADR 0190).
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A day's stock row, locked for the one who moves its seats (`skipLocked`: null when another holds it). */
export interface LockedDay {
  zaikozan: number;
  adultbaika: number;
  middlebaika: number;
  childbaika: number;
  infantbaika: number;
  endTime: string;
  /** 催行中止 (ADR 0165): seats of a stopped day, or of a departure stopped alone, are never offered. */
  stopped: boolean;
}

/** A departure (ADR 0196): an option's day (YYYY-MM-DD) at a start time (`HH:MM`, '' for the whole day). */
export interface DepartureKey {
  opcd: string;
  usedate: string;
  startTime: string;
}

/** The departure's row, locked: the order every mover of its seats takes (the worker, the booking, a leave). */
export async function lockDay(
  tx: DbOrTx,
  { opcd, usedate, startTime }: DepartureKey,
  skipLocked = false,
): Promise<LockedDay | null | undefined> {
  const result = await tx.execute(sql`
    select ${seatsLeftSql('s')} as zaikozan, s.adultbaika, s.middlebaika, s.childbaika, s.infantbaika,
      s.end_time as "endTime",
      (exists (select 1 from ${dayStopDays} d where d.opcd = s.opcd and d.usedate = s.usedate)
        or exists (select 1 from day_stop_departures x
          where x.opcd = s.opcd and x.usedate = s.usedate and x.start_time = s.start_time)) as stopped
    from ${departures} s where s.opcd = ${opcd} and s.usedate = ${usedate} and s.start_time = ${startTime}
    for update of s ${skipLocked ? sql`skip locked` : sql``}`);
  const [row] = rowsOf<LockedDay>(result);
  if (row) return { ...row, stopped: Boolean(row.stopped) };
  if (!skipLocked) return undefined;
  // Nothing returned: either no such day, or its row is locked by someone else.
  const [exists] = await tx
    .select({ opcd: departures.opcd })
    .from(departures)
    .where(and(eq(departures.opcd, opcd), eq(departures.usedate, usedate), eq(departures.startTime, startTime)));
  return exists ? null : undefined;
}

export async function insertEntry(tx: DbOrTx, row: NewWaitlistRow): Promise<WaitlistRow> {
  const [inserted] = await tx.insert(waitlistEntries).values(row).returning();
  if (!inserted) throw new Error('waitlist entry not inserted');
  return inserted;
}

export async function updateEntry(tx: DbOrTx, id: number, patch: Partial<NewWaitlistRow>): Promise<void> {
  await tx.update(waitlistEntries).set(patch).where(eq(waitlistEntries.id, id));
}

/** The entries of one departure that also meet `conditions`. */
function ofDay({ opcd, usedate, startTime }: DepartureKey, ...conditions: SQL[]): SQL | undefined {
  return and(
    eq(waitlistEntries.opcd, opcd),
    eq(waitlistEntries.usedate, usedate),
    eq(waitlistEntries.startTime, startTime),
    ...conditions,
  );
}

/** An active entry of this mail (any case) on the day, if there is one. */
export async function findActiveByMail(
  tx: DbOrTx,
  departure: DepartureKey,
  mail: string,
): Promise<WaitlistRow | undefined> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(
      ofDay(
        departure,
        inArray(waitlistEntries.state, ACTIVE_STATES),
        sql`lower(${waitlistEntries.mail}) = lower(${mail})`,
      ),
    )
    .limit(1);
  return row;
}

export async function findByToken(db: DbOrTx, token: string, lock = false): Promise<WaitlistRow | undefined> {
  const query = db
    .select()
    .from(waitlistEntries)
    .where(or(eq(waitlistEntries.tokenHash, hashToken(token)), eq(waitlistEntries.offerTokenHash, hashToken(token))));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The day's waiting entries in the order they came, locked, each with whether it was passed over: an entry
 * behind it has been offered seats while it waited (ADR 0167: then it collects the seats that come back).
 */
export async function waitingEntries(tx: DbOrTx, departure: DepartureKey) {
  const { opcd, usedate, startTime } = departure;
  const rows = await tx
    .select()
    .from(waitlistEntries)
    .where(ofDay(departure, eq(waitlistEntries.state, 'waiting')))
    .orderBy(asc(waitlistEntries.id))
    .for('update');
  const passed = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select w.id from ${waitlistEntries} w
      where w.opcd = ${opcd} and w.usedate = ${usedate} and w.start_time = ${startTime} and w.state = 'waiting'
        and exists (select 1 from ${waitlistEntries} l
          where l.opcd = w.opcd and l.usedate = w.usedate and l.start_time = w.start_time and l.id > w.id
            and l.offered_at is not null)`),
  );
  const passedOver = new Set(passed.map((r) => r.id));
  return rows.map((row) => ({ ...row, passedOver: passedOver.has(row.id) || row.held > 0 }));
}

/** The day's offers whose time is up (still marked offered), locked. */
export async function lapsedOffers(tx: DbOrTx, departure: DepartureKey, now: Date): Promise<WaitlistRow[]> {
  return tx
    .select()
    .from(waitlistEntries)
    .where(
      ofDay(
        departure,
        eq(waitlistEntries.state, 'offered'),
        sql`${waitlistEntries.offerExpiresAt} <= ${now.toISOString()}`,
      ),
    )
    .orderBy(asc(waitlistEntries.id))
    .for('update');
}

/**
 * The days the worker looks at: a waiting entry and seats left (not a stopped day), an offer whose time is
 * up, or an active entry whose day has passed (`today`: YYYY-MM-DD).
 */
export async function daysToLookAt(db: DbOrTx, now: Date, today: string, limit: number): Promise<DepartureKey[]> {
  const result = await db.execute(sql`
    select w.opcd, to_char(w.usedate, 'YYYY-MM-DD') as usedate, w.start_time as "startTime"
    from ${waitlistEntries} w
    join ${departures} s on s.opcd = w.opcd and s.usedate = w.usedate and s.start_time = w.start_time
    where (w.state = 'waiting' and s.zaikozan > 0
           and not exists (select 1 from ${dayStopDays} d where d.opcd = w.opcd and d.usedate = w.usedate))
       or (w.state = 'offered' and w.offer_expires_at <= ${now.toISOString()})
       or (w.state in ('waiting', 'offered') and w.usedate < ${today}::date)
    group by w.opcd, w.usedate, w.start_time
    order by min(w.id)
    limit ${limit}`);
  return rowsOf<DepartureKey>(result);
}

/** Active entries of days before `today` (YYYY-MM-DD), locked. */
export async function pastEntries(tx: DbOrTx, departure: DepartureKey, today: string): Promise<WaitlistRow[]> {
  if (departure.usedate >= today) return [];
  return tx
    .select()
    .from(waitlistEntries)
    .where(ofDay(departure, inArray(waitlistEntries.state, ACTIVE_STATES)))
    .for('update');
}

/** The option's name in `lang` where written, in Japanese otherwise. */
export async function optionName(db: DbOrTx, opcd: string, lang: Lang = DEFAULT_LANG): Promise<string> {
  const [row] = await db
    .select({ webname: translatedText(options.webname, options.translations, 'webname', lang) })
    .from(options)
    .where(eq(options.opcd, opcd));
  return row?.webname ?? opcd;
}

/** The console's list: entries from `from` (YYYY-MM-DD) on, with the option's name and the day's seats left. */
export async function consoleEntries(db: DbOrTx, filter: { opcd?: string; from: string; all: boolean }) {
  return db
    .select({
      id: waitlistEntries.id,
      opcd: waitlistEntries.opcd,
      webname: options.webname,
      usedate: waitlistEntries.usedate,
      startTime: waitlistEntries.startTime,
      party: waitlistEntries.party,
      held: waitlistEntries.held,
      state: waitlistEntries.state,
      mail: waitlistEntries.mail,
      createdAt: waitlistEntries.createdAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      rsvno: waitlistEntries.rsvno,
      zaikozan: departures.zaikozan,
    })
    .from(waitlistEntries)
    .innerJoin(options, eq(options.opcd, waitlistEntries.opcd))
    .leftJoin(
      departures,
      and(
        eq(departures.opcd, waitlistEntries.opcd),
        eq(departures.usedate, waitlistEntries.usedate),
        eq(departures.startTime, waitlistEntries.startTime),
      ),
    )
    .where(
      and(
        sql`${waitlistEntries.usedate} >= ${filter.from}::date`,
        filter.opcd ? eq(waitlistEntries.opcd, filter.opcd) : undefined,
        filter.all ? undefined : inArray(waitlistEntries.state, ACTIVE_STATES),
      ),
    )
    .orderBy(
      asc(waitlistEntries.usedate),
      asc(waitlistEntries.opcd),
      asc(waitlistEntries.startTime),
      asc(waitlistEntries.id),
    )
    .limit(2000);
}
