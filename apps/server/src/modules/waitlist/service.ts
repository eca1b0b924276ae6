/**
 * キャンセル待ち (ADR 0167). A visitor waits for a sold-out day with a mail and a party size; when seats
 * come back (a cancellation, an expiry, a stock edit) the worker offers them in the order the entries came: the
 * seats move from the day's stock (`zaikozan`, the same conditional update a booking uses) into the entry's
 * `held`, under the lock of the day's stock row, and the visitor is mailed a link that books exactly those seats
 * until the offer's time is up. An offer that lapses gives its seats back and the next entries are considered.
 *
 * Invariant, per option and day: zaikozan + Σ seats of the live bookings + Σ held of the active entries is
 * what the operator gave the day; no step moves a seat without moving it from one of them to another.
 */

import { ErrCd } from '@tabi/contract/constants';
import { inLang } from '@tabi/contract/content';
import { isoDateToYmd, toTokyoIso, ymdToIsoDate } from '@tabi/contract/dates';
import { DEFAULT_LANG, LANG_BASE, type Lang } from '@tabi/contract/i18n';
import { partyBounds } from '@tabi/contract/party';
import { say } from '@tabi/contract/said';
import type {
  WaitlistConsoleDay,
  WaitlistConsoleQuery,
  WaitlistOffer,
  waitlistJoinRequest,
} from '@tabi/contract/waitlist';
import type { z } from 'zod';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import * as booking from '../booking/repository.ts';
import { mailLang } from '../mail/mail-text.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { waitlistJoinedMail, waitlistOfferedMail } from '../mail/waitlist-templates.ts';
import { holdEntryUnits, isResourceFull } from '../resources/take.ts';
import * as repo from './repository.ts';

type Ctx = Pick<AppContextBase, 'db' | 'clock' | 'config'>;
export type JoinInput = z.output<typeof waitlistJoinRequest>;

/** Joins per client address and minute, as POST /booking counts (DESIGN §4). */
export const JOIN_WINDOW_SECONDS = 60;

/** The entry's page (the option's detail with its token), in the entry's language. */
export function entryUrl(config: Pick<Ctx['config'], 'publicUrl'>, row: repo.WaitlistRow, token: string): string {
  const query = new URLSearchParams({ opcd: row.opcd, usedate: isoDateToYmd(row.usedate), waitlist: token });
  return `${config.publicUrl}${LANG_BASE[mailLang(row.lang)]}/detail?${query.toString()}`;
}

/** POST /waitlist's rate limit per client address. */
export async function limitJoins(ctx: AppContext, clientIp: string): Promise<void> {
  const limit = await ctx.bookingLimiter.hit(
    `waitlist:ip:${clientIp}`,
    ctx.config.bookingLimitPerIp,
    JOIN_WINDOW_SECONDS,
  );
  if (!limit.allowed) throw new AppError(ErrCd.generic, say('waitlist.rateLimited'), 429);
}

/**
 * POST /waitlist: a published, bookable option; a day to come that is not stopped and has fewer seats left
 * than the party; a party the option allows; no other active entry of this mail for the day. The entry and its
 * confirmation mail in one transaction, under the lock of the day's stock row (two joins of one mail wait).
 */
export async function joinWaitlist(
  ctx: Ctx,
  input: JoinInput,
): Promise<{ opcd: string; usedate: string; party: number }> {
  const option = await booking.findOption(ctx.db, input.opcd);
  if (!option || !option.published) throw AppError.notFound(say('optionNotFound'));
  if (option.isCoupon) throw new AppError(ErrCd.generic, say('optionNotBookable'), 422);
  const { min, max } = partyBounds({ min_people: option.minPeople, max_people: option.maxPeople });
  if (input.party < min || input.party > max) {
    throw new AppError(ErrCd.generic, say('waitlist.partyOutOfOption', { min, max }), 422);
  }
  const today = todayIn(ctx.clock);
  if (input.usedate < today) throw new AppError(ErrCd.generic, say('waitlist.dayNotWaitable'), 422);
  const usedate = ymdToIsoDate(input.usedate);
  if (usedate < option.useFrom || usedate > option.useTo) {
    throw new AppError(ErrCd.generic, say('waitlist.dayNotWaitable'), 422);
  }
  const departure = { opcd: option.opcd, usedate, startTime: input.start_time };
  return ctx.db.transaction(async (tx) => {
    const day = await repo.lockDay(tx, departure);
    if (!day || day.stopped) throw new AppError(ErrCd.generic, say('waitlist.dayNotWaitable'), 422);
    if (day.zaikozan >= input.party) throw AppError.conflict(ErrCd.generic, say('waitlist.seatsLeft'));
    if (await repo.findActiveByMail(tx, departure, input.mail)) {
      throw AppError.conflict(ErrCd.generic, say('waitlist.alreadyWaiting'));
    }
    const row = await repo.insertEntry(tx, {
      ...departure,
      mail: input.mail,
      party: input.party,
      lang: input.lang,
      state: 'waiting',
      createdAt: ctx.clock.now(),
    });
    const token = repo.newToken();
    await repo.updateEntry(tx, row.id, { tokenHash: repo.hashToken(token) });
    await enqueueMail(
      tx,
      waitlistJoinedMail({
        lang: mailLang(row.lang),
        mail: row.mail,
        webname: inLang(option, option.translations, mailLang(row.lang), ['webname']).webname,
        usedate: row.usedate,
        party: row.party,
        url: entryUrl(ctx.config, row, token),
      }),
    );
    return { opcd: option.opcd, usedate: input.usedate, party: input.party };
  });
}

function offerAnswer(
  row: repo.WaitlistRow,
  webname: string,
  day: repo.LockedDay | undefined,
  now: Date,
): WaitlistOffer {
  // An offer whose time is up is said to be over at once, before the worker has given its seats back.
  const lapsed = row.state === 'offered' && row.offerExpiresAt !== null && row.offerExpiresAt <= now;
  return {
    opcd: row.opcd,
    webname,
    usedate: isoDateToYmd(row.usedate),
    start_time: row.startTime,
    state: lapsed ? 'expired' : row.state,
    party: row.party,
    held: row.state === 'offered' && !lapsed ? row.held : 0,
    offer_expires_at: row.state === 'offered' && row.offerExpiresAt ? toTokyoIso(row.offerExpiresAt) : null,
    prices: {
      adultbaika: String(day?.adultbaika ?? 0),
      middlebaika: String(day?.middlebaika ?? 0),
      childbaika: String(day?.childbaika ?? 0),
      infantbaika: String(day?.infantbaika ?? 0),
    },
  };
}

/** POST /waitlist/offer: what the token's entry is now, and for an offer the seats held and until when. */
export async function lookUpOffer(ctx: Ctx, token: string, lang: Lang = DEFAULT_LANG): Promise<WaitlistOffer> {
  const row = await repo.findByToken(ctx.db, token);
  if (!row) throw AppError.notFound(say('waitlist.tokenUnknown'));
  const [webname, day] = await Promise.all([
    repo.optionName(ctx.db, row.opcd, lang),
    ctx.db.transaction(async (tx) => (await repo.lockDay(tx, row, true)) ?? undefined),
  ]);
  return offerAnswer(row, webname, day, ctx.clock.now());
}

/**
 * POST /waitlist/leave: the visitor leaves the list, or declines the offer; the seats it held go back to the
 * day (and so to the next entries, at the worker's next look). An entry that ended is refused.
 */
export async function leaveWaitlist(ctx: Ctx, token: string): Promise<{ state: 'canceled' }> {
  const found = await repo.findByToken(ctx.db, token);
  if (!found) throw AppError.notFound(say('waitlist.tokenUnknown'));
  return ctx.db.transaction(async (tx) => {
    // The stock row first, then the entry: the order the worker and the booking lock them in.
    await repo.lockDay(tx, found);
    const row = await repo.findByToken(tx, token, true);
    if (!row || !repo.ACTIVE_STATES.includes(row.state)) {
      throw AppError.conflict(ErrCd.generic, say('waitlist.alreadyEnded'));
    }
    if (row.held > 0) await booking.giveBackSeats(tx, { ...departureOf(row), seats: row.held });
    await holdEntryUnits(tx, row.id, departureOf(row), 0);
    await repo.updateEntry(tx, row.id, { state: 'canceled', held: 0 });
    return { state: 'canceled' as const };
  });
}

// --- offering -----------------------------------------------------------------------------------------------

export interface DayRun {
  offered: number[];
  expired: number[];
  /** Seats moved into entries that collect them (passed over once, ADR 0167). */
  collected: number;
}

/**
 * One day, in one transaction under its stock row's lock (SKIP LOCKED: a day another instance is working on is
 * left to it): active entries of a past day end, lapsed offers give their seats back, then the waiting entries
 * are offered in order (ADR 0167):
 * - the first entry whose whole party fits what is left is offered: its seats are taken from the day and held;
 * - an entry that does not fit is skipped for now, and the entries behind it may get the seats;
 * - but an entry that has already been passed over once (an entry behind it was offered while it waited)
 *   collects: the seats left go to it, held while it still waits, until its whole party is held and it is
 *   offered; nobody behind it gets seats meanwhile. So a big group is passed over at most once.
 */
export async function runDay(ctx: Ctx, departure: repo.DepartureKey): Promise<DayRun> {
  const { opcd, usedate } = departure;
  const run: DayRun = { offered: [], expired: [], collected: 0 };
  const now = ctx.clock.now();
  const today = ymdToIsoDate(todayIn(ctx.clock));
  const mails: Parameters<typeof waitlistOfferedMail>[0][] = [];
  await ctx.db.transaction(async (tx) => {
    const day = await repo.lockDay(tx, departure, true);
    if (!day) return;
    const giveBack = async (row: repo.WaitlistRow) => {
      if (row.held > 0) await booking.giveBackSeats(tx, { ...departure, seats: row.held });
      await holdEntryUnits(tx, row.id, departure, 0);
      await repo.updateEntry(tx, row.id, { state: 'expired', held: 0 });
      run.expired.push(row.id);
    };
    const past = await repo.pastEntries(tx, departure, today);
    for (const row of past) await giveBack(row);
    if (past.length > 0) return;
    for (const row of await repo.lapsedOffers(tx, departure, now)) await giveBack(row);
    if (day.stopped) return;
    const entries = await repo.waitingEntries(tx, departure);
    if (entries.length === 0) return;
    // Read again: the lapsed offers above gave their seats back.
    let left = (await repo.lockDay(tx, departure))?.zaikozan ?? 0;
    const names = new Map<Lang, Promise<string>>();
    const nameIn = (lang: Lang) => names.get(lang) ?? names.set(lang, repo.optionName(tx, opcd, lang)).get(lang);
    for (const entry of entries) {
      if (left <= 0) break;
      const need = entry.party - entry.held;
      if (need <= left) {
        if (!(await holdSeats(tx, departure, entry.id, need, entry.party))) break;
        left -= need;
        const expiresAt = new Date(now.getTime() + ctx.config.waitlistOfferMinutes * 60_000);
        const token = repo.newToken();
        await repo.updateEntry(tx, entry.id, {
          state: 'offered',
          held: entry.party,
          offeredAt: now,
          offerExpiresAt: expiresAt,
          offerTokenHash: repo.hashToken(token),
        });
        run.offered.push(entry.id);
        const lang = mailLang(entry.lang);
        mails.push({
          lang,
          mail: entry.mail,
          webname: (await nameIn(lang)) ?? opcd,
          usedate,
          party: entry.party,
          url: entryUrl(ctx.config, entry, token),
          held: entry.party,
          expiresAt,
        });
      } else if (entry.passedOver) {
        // Collects what is left, and holds the rest of the line back until its party is complete.
        if (!(await holdSeats(tx, departure, entry.id, left, entry.held + left))) break;
        await repo.updateEntry(tx, entry.id, { held: entry.held + left });
        run.collected += left;
        left = 0;
      }
    }
    for (const mail of mails) await enqueueMail(tx, waitlistOfferedMail(mail));
  });
  return run;
}

/** A departure's seats or a shared resource had no room for what an entry was to hold. */
class NoRoom extends Error {}

/**
 * Moves `seats` of the departure into an entry that then holds `held`, with the units of shared resources those
 * travellers take (ADR 0209), in a savepoint: false, and nothing moved, when the seats or a resource have no room.
 */
async function holdSeats(
  tx: DbOrTx,
  departure: repo.DepartureKey,
  entryId: number,
  seats: number,
  held: number,
): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      if (!(await booking.takeSeats(sp, { ...departure, seats }))) throw new NoRoom();
      await holdEntryUnits(sp, entryId, departure, held);
    });
    return true;
  } catch (error) {
    if (error instanceof NoRoom || isResourceFull(error)) return false;
    throw error;
  }
}

/** The departure an entry waits for. */
function departureOf(row: repo.DepartureKey): repo.DepartureKey {
  return { opcd: row.opcd, usedate: row.usedate, startTime: row.startTime };
}

/** The worker's pass: every day that has something to do, each in its own transaction. */
export async function runWaitlist(ctx: Ctx, limit = 200): Promise<DayRun> {
  const total: DayRun = { offered: [], expired: [], collected: 0 };
  const days = await repo.daysToLookAt(ctx.db, ctx.clock.now(), ymdToIsoDate(todayIn(ctx.clock)), limit);
  for (const day of days) {
    const run = await runDay(ctx, day);
    total.offered.push(...run.offered);
    total.expired.push(...run.expired);
    total.collected += run.collected;
  }
  return total;
}

// --- booking from an offer (called by the booking lifecycle, inside its transaction) ---------------------------

/**
 * POST /booking with `waitlist_token`: the offer's seats become the booking's. Locks the day's stock row, then
 * the entry; refuses a token that is unknown, not offered (yet), lapsed, used, for another option or day, or a
 * party larger than held; gives back what a smaller party leaves. Returns the day's prices and the entry, which
 * {@link markOfferBooked} closes in the same transaction once the booking exists.
 */
export async function useOffer(
  tx: DbOrTx,
  now: Date,
  token: string,
  line: booking.SeatLine,
): Promise<{ entryId: number; day: repo.LockedDay }> {
  const day = await repo.lockDay(tx, line);
  const row = await repo.findByToken(tx, token, true);
  if (!row) throw AppError.notFound(say('waitlist.tokenUnknown'));
  if (row.state === 'booked') throw AppError.conflict(ErrCd.generic, say('waitlist.offerUsed'));
  if (row.state === 'waiting') throw AppError.conflict(ErrCd.generic, say('waitlist.offerNotOffered'));
  if (row.state !== 'offered' || !row.offerExpiresAt || row.offerExpiresAt <= now) {
    throw AppError.conflict(
      ErrCd.generic,
      row.state === 'canceled' ? say('waitlist.alreadyEnded') : say('waitlist.offerExpired'),
    );
  }
  if (row.opcd !== line.opcd || row.usedate !== line.usedate || row.startTime !== line.startTime || !day) {
    throw AppError.conflict(ErrCd.generic, say('waitlist.offerMismatch'));
  }
  if (day.stopped) throw AppError.conflict(ErrCd.noStock, say('noStock'));
  if (line.seats > row.held)
    throw AppError.conflict(ErrCd.generic, say('waitlist.offerPartyTooLarge', { held: row.held }));
  if (line.seats < row.held) {
    await booking.giveBackSeats(tx, { ...line, seats: row.held - line.seats });
  }
  // The booking's own statement takes the units its party needs, counted without the entry's from here on.
  await holdEntryUnits(tx, row.id, departureOf(row), 0);
  await repo.updateEntry(tx, row.id, { held: 0 });
  return { entryId: row.id, day };
}

export async function markOfferBooked(tx: DbOrTx, entryId: number, rsvno: string): Promise<void> {
  await repo.updateEntry(tx, entryId, { state: 'booked', rsvno });
}

// --- the console ----------------------------------------------------------------------------------------------

/** GET /api/admin/waitlist: the entries per option and day, from a day on (today by default). */
export async function consoleWaitlist(ctx: Ctx, query: WaitlistConsoleQuery): Promise<{ days: WaitlistConsoleDay[] }> {
  const from = ymdToIsoDate(query.from ?? todayIn(ctx.clock));
  const rows = await repo.consoleEntries(ctx.db, {
    ...(query.opcd ? { opcd: query.opcd } : {}),
    from,
    all: query.all === '1',
  });
  const days = new Map<string, WaitlistConsoleDay>();
  for (const row of rows) {
    const key = `${row.opcd}|${row.usedate}|${row.startTime}`;
    let day = days.get(key);
    if (!day) {
      day = {
        opcd: row.opcd,
        webname: row.webname,
        usedate: isoDateToYmd(row.usedate),
        start_time: row.startTime,
        zaikozan: row.zaikozan ?? 0,
        entries: [],
      };
      days.set(key, day);
    }
    day.entries.push({
      id: row.id,
      opcd: row.opcd,
      webname: row.webname,
      usedate: isoDateToYmd(row.usedate),
      start_time: row.startTime,
      party: row.party,
      held: row.held,
      state: row.state,
      mail: row.mail,
      created_at: toTokyoIso(row.createdAt),
      offer_expires_at: row.offerExpiresAt ? toTokyoIso(row.offerExpiresAt) : null,
      rsvno: row.rsvno,
    });
  }
  return { days: [...days.values()] };
}
