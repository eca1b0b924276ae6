/**
 * OCTO's booking flow (ADR 0170): reserve, extend, confirm, update, cancel, get and list, all through the one booking
 * module, scoped to the caller's reseller.
 */
import { randomUUID } from 'node:crypto';
import type { AgeClass } from '@tabi/contract/constants';
import { DEFAULT_LANG, type Lang, preferredLang } from '@tabi/contract/i18n';
import { Msg } from '@tabi/contract/messages';
import { headcount, infantsOnly, offeredAgeClasses, partyBounds } from '@tabi/contract/party';
import { departed } from '@tabi/contract/sales-cutoff';
import type { z } from 'zod';
import { resellerActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { OctoUnitItem } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { cancelBooking } from '../booking/cancel.ts';
import { isEnded, lifecycleOf } from '../booking/lifecycle.ts';
import * as bookingRepo from '../booking/repository.ts';
import {
  confirmOnAccount,
  countsOf,
  extendHold,
  holdForReseller,
  holdLive,
  lockResellerBooking,
  type ResellerContact,
  type ResellerTraveller,
  rebookForReseller,
  releaseHold,
  renameTravellers,
  type SeatRefusal,
} from '../booking/reseller.ts';
import { bookable, checkOption, checkRange, departureOnSale } from './availability.ts';
import { isoToday, type OctoCaller } from './caller.ts';
import { OctoError } from './errors.ts';
import {
  ageClassOfUnit,
  availabilityIdOf,
  availabilityOf,
  bookingOf,
  closedDay,
  type DepartureKey,
  departureOfAvailabilityId,
  type OctoBookingFacts,
  octoStatus,
} from './mapping.ts';
import { pricingFacts, sellableOrUnknown } from './products.ts';
import * as repo from './repository.ts';
import {
  bookingsQuery,
  type ContactBody,
  cancelBody,
  confirmBody,
  DEFAULT_HOLD_MINUTES,
  extendBody,
  parseBody,
  reserveBody,
  type UnitItemBody,
  updateBody,
} from './schemas.ts';

/** GET /bookings answers at most this many (oldest first); a narrower filter finds the rest. */
const MAX_LISTED = 500;

const SEAT_REFUSAL: Record<SeatRefusal, (availabilityId: string) => OctoError> = {
  no_day: (id) => OctoError.invalidAvailability(id),
  sold_out: () => OctoError.unprocessable('Not enough availability for the units requested (sold out)'),
  stopped: () => OctoError.unprocessable('The availability is closed: the supplier has called this day off'),
  sales_closed: () =>
    OctoError.unprocessable('The availability is closed: sales of this day closed at its cutoff (utcCutoffAt)'),
};

function clean(value: string | null | undefined, max: number): string {
  return (value ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** A name as our rows keep it: 姓 (last) and 名 (first); a full name alone is split at its last space. */
function namesOf(contact: ContactBody | null | undefined): { sei: string; mei: string } {
  const last = clean(contact?.lastName, 50);
  const first = clean(contact?.firstName, 50);
  if (last || first) return { sei: last, mei: first };
  const full = clean(contact?.fullName, 101);
  const cut = full.lastIndexOf(' ');
  return cut > 0
    ? { sei: full.slice(cut + 1).slice(0, 50), mei: full.slice(0, cut).slice(0, 50) }
    : { sei: full.slice(0, 50), mei: '' };
}

function ourContact(contact: ContactBody | null | undefined): ResellerContact {
  const names = namesOf(contact);
  const lang = contact?.locales?.length ? { lang: langOf(contact) } : {};
  return { ...names, tel: clean(contact?.phoneNumber, 40), mail: clean(contact?.emailAddress, 254), ...lang };
}

/**
 * The booking's language (DESIGN §15): the first of the contact's locales that is one of ours, whatever its letter
 * case or region, as the site stores a booking's `lang`; Japanese when none is.
 */
function langOf(contact: ContactBody | null | undefined): Lang {
  return preferredLang(contact?.locales ?? []) ?? DEFAULT_LANG;
}

/** Only the given fields of a contact, to keep beside the booking (the answer fills in the rest with null). */
function storedContact(contact: ContactBody | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(contact ?? {}).filter(([, v]) => v !== undefined && v !== null));
}

interface PlannedItems {
  travellers: ResellerTraveller[];
  items: OctoUnitItem[];
}

/** The unit items against the option: each unit offered, the party within its bounds, an infant never alone. */
function planItems(
  option: repo.SellableOption,
  unitItems: readonly UnitItemBody[],
  keep: readonly OctoUnitItem[] = [],
): PlannedItems {
  const offered = new Set(offeredAgeClasses(option));
  const travellers: ResellerTraveller[] = [];
  const items: OctoUnitItem[] = [];
  const kept = new Map(keep.map((k) => [k.uuid, k]));
  for (const item of unitItems) {
    const ageClass: AgeClass | undefined = ageClassOfUnit(item.unitId);
    if (!ageClass || !offered.has(ageClass)) throw OctoError.invalidUnit(item.unitId);
    const before = item.uuid ? kept.get(item.uuid) : undefined;
    const contact = item.contact ? storedContact(item.contact) : (before?.contact ?? {});
    travellers.push({ ageClass, ...namesOf(contact as ContactBody) });
    items.push({
      uuid: item.uuid ?? randomUUID(),
      unitId: item.unitId,
      resellerReference: item.resellerReference ?? before?.resellerReference ?? null,
      contact,
    });
  }
  if (items.length === 0) throw OctoError.unprocessable('unitItems must hold at least one unit');
  const counts = countsOf(travellers);
  const { min, max } = partyBounds(option);
  const n = headcount(counts);
  if (n < min || n > max) throw OctoError.unprocessable(`This product is booked for ${min} to ${max} travellers`);
  if (infantsOnly(counts)) throw OctoError.unprocessable('An infant must be booked with at least one other traveller');
  return { travellers, items };
}

/**
 * The departure a reserve or change names, for the option's kind (a start time for a timed option, a day for an
 * all-day one): a day a reseller may name, else INVALID_AVAILABILITY_ID. A time that is no departure of the day is
 * refused as the same when the seats are asked for (no row to take them from); one that has left is closed.
 */
async function departureOfBooking(
  db: DbOrTx,
  option: repo.SellableOption,
  availabilityId: unknown,
  today: string,
  now: Date,
): Promise<DepartureKey> {
  const departure = departureOfAvailabilityId(availabilityId, option.timed);
  if (!departure || !bookable(option, departure.usedate, today)) throw OctoError.invalidAvailability(availabilityId);
  if (departed(departure.usedate, departure.startTime, now)) {
    const known = await repo.departureOf(db, option.opcd, departure.usedate, departure.startTime);
    if (!known) throw OctoError.invalidAvailability(availabilityId);
    throw OctoError.unprocessable('The availability is closed: the departure has left');
  }
  return departure;
}

/** The booking as OCTO shows it, with its availability (the departure its line is on) as it is now. */
async function render(ctx: AppContext, caller: OctoCaller, facts: OctoBookingFacts) {
  const option = (await repo.findSellableOption(ctx.db, facts.opcd)) ?? (await repo.findAnyOption(ctx.db, facts.opcd));
  if (!option) throw new Error(`option ${facts.opcd} of booking ${facts.rsvno} is gone`);
  const at = { usedate: facts.fromdate, startTime: facts.startTime };
  const day = await repo.departureOf(ctx.db, facts.opcd, at.usedate, at.startTime);
  const today = isoToday(ctx);
  const availability = availabilityOf(
    option,
    day ?? closedDay(facts.fromdate, facts.startTime, facts.endTime),
    day !== undefined && departureOnSale(option, at, today, ctx.clock.now()),
    null,
  );
  return bookingOf(facts, option, availability, ctx.clock.now(), today, pricingFacts(caller));
}

async function renderUuid(ctx: AppContext, caller: OctoCaller, uuid: string) {
  const facts = await repo.findByUuid(ctx.db, caller.reseller.id, uuid);
  if (!facts) throw OctoError.invalidBooking(uuid);
  return render(ctx, caller, facts);
}

/** The same uuid or reference again answers the booking already made (OCTO's idempotent reserve). */
async function existing(
  ctx: AppContext,
  caller: OctoCaller,
  uuid: string | undefined,
  reference: string | null | undefined,
) {
  const byUuid = uuid ? await repo.findByUuid(ctx.db, caller.reseller.id, uuid) : undefined;
  if (byUuid) return byUuid;
  return reference ? repo.findByReference(ctx.db, caller.reseller.id, reference) : undefined;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as Error & { code?: string }).code === '23505') return true;
  }
  return false;
}

export async function reserve(ctx: AppContext, caller: OctoCaller, body: unknown) {
  const input = parseBody(reserveBody, body, ['productId', 'optionId']);
  const option = await sellableOrUnknown(ctx, input.productId);
  checkOption(input.optionId);
  const today = isoToday(ctx);
  const now = ctx.clock.now();
  const departure = await departureOfBooking(ctx.db, option, input.availabilityId, today, now);
  const planned = planItems(option, input.unitItems);
  const already = await existing(ctx, caller, input.uuid, input.resellerReference);
  if (already) return render(ctx, caller, already);

  const uuid = input.uuid ?? randomUUID();
  const expiresAt = new Date(now.getTime() + (input.expirationMinutes ?? DEFAULT_HOLD_MINUTES) * 60_000);
  try {
    await ctx.db.transaction(async (tx) => {
      const held = await holdForReseller(ctx, tx, {
        resellerId: caller.reseller.id,
        commissionBp: caller.reseller.commissionBp,
        opcd: option.opcd,
        usedate: departure.usedate,
        startTime: departure.startTime,
        travellers: planned.travellers,
        contact: ourContact(input.contact),
        lang: langOf(input.contact),
        expiresAt,
      });
      if (!held.ok) throw SEAT_REFUSAL[held.why](input.availabilityId ?? '');
      await repo.insertOctoBooking(tx, {
        rsvno: held.rsvno,
        resellerId: caller.reseller.id,
        uuid,
        resellerReference: input.resellerReference ?? null,
        contact: storedContact(input.contact),
        notes: input.notes ?? null,
        unitItems: planned.items,
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (error) {
    // The same uuid or reference sent twice at once: the second's seats were rolled back; it answers the first.
    if (!isUniqueViolation(error)) throw error;
    const first = await existing(ctx, caller, uuid, input.resellerReference);
    if (!first) throw error;
    return render(ctx, caller, first);
  }
  return renderUuid(ctx, caller, uuid);
}

/**
 * One change of a reseller's booking: found by uuid within the caller's bookings, locked, then `change`, all in one
 * transaction; the answer is the booking after it.
 */
async function change(
  ctx: AppContext,
  caller: OctoCaller,
  uuid: string,
  apply: (tx: DbOrTx, booking: bookingRepo.BookingRow, facts: OctoBookingFacts) => Promise<void>,
) {
  const rsvno = await repo.rsvnoOf(ctx.db, caller.reseller.id, uuid);
  if (!rsvno) throw OctoError.invalidBooking(uuid);
  await ctx.db.transaction(async (tx) => {
    const booking = await lockResellerBooking(tx, rsvno);
    const facts = await repo.findByUuid(tx, caller.reseller.id, uuid);
    if (!booking || !facts) throw OctoError.invalidBooking(uuid);
    await apply(tx, booking, facts);
  });
  return renderUuid(ctx, caller, uuid);
}

async function checkReference(tx: DbOrTx, caller: OctoCaller, reference: string | null | undefined, rsvno: string) {
  if (reference && (await repo.referenceTaken(tx, caller.reseller.id, reference, rsvno))) {
    throw OctoError.unprocessable('resellerReference is already used by another booking');
  }
}

/** The unit items after a change: a new line of seats when the party changed, new names otherwise. */
async function applyItems(
  ctx: AppContext,
  tx: DbOrTx,
  caller: OctoCaller,
  booking: bookingRepo.BookingRow,
  facts: OctoBookingFacts,
  target: { option: repo.SellableOption; departure: DepartureKey; planned: PlannedItems; contact: ResellerContact },
) {
  const actor = resellerActor(caller.reseller.id);
  const before = countsOf(
    facts.unitItems.flatMap((i) => {
      const c = ageClassOfUnit(i.unitId);
      return c ? [{ ageClass: c, sei: '', mei: '' }] : [];
    }),
  );
  const after = countsOf(target.planned.travellers);
  const { usedate, startTime } = target.departure;
  const moved =
    target.option.opcd !== facts.opcd ||
    usedate !== facts.fromdate ||
    startTime !== facts.startTime ||
    JSON.stringify(before) !== JSON.stringify(after);
  if (moved) {
    // The old seats back and the new departure's taken in this one transaction (reseller.ts locks both days).
    const done = await rebookForReseller(
      ctx,
      tx,
      booking,
      { opcd: target.option.opcd, usedate, startTime, travellers: target.planned.travellers },
      actor,
    );
    if (!done.ok) throw SEAT_REFUSAL[done.why](availabilityIdOf(usedate, startTime));
  }
  const fresh = (await bookingRepo.findBooking(tx, booking.rsvno)) ?? booking;
  await renameTravellers(ctx, tx, fresh, target.contact, target.planned.travellers, actor);
}

export async function confirm(ctx: AppContext, caller: OctoCaller, uuid: string, body: unknown) {
  const input = parseBody(confirmBody, body);
  return change(ctx, caller, uuid, async (tx, booking, facts) => {
    const now = ctx.clock.now();
    const status = octoStatus(booking, now);
    if (status === 'CONFIRMED') return; // Confirmed already: the same answer again.
    if (status === 'EXPIRED') throw OctoError.invalidBooking(uuid, 'The booking has expired; reserve it again');
    if (status !== 'ON_HOLD' || !holdLive(booking, now)) throw OctoError.unprocessable('The booking was cancelled');
    await checkReference(tx, caller, input.resellerReference, booking.rsvno);
    const option = await repo.findAnyOption(tx, facts.opcd);
    if (!option) throw OctoError.invalidProduct(facts.opcd);
    const contactBody = input.contact ?? (facts.contact as ContactBody);
    const contact = ourContact(contactBody);
    const planned = input.unitItems
      ? planItems(option, input.unitItems, facts.unitItems)
      : { travellers: [], items: facts.unitItems };
    if (input.unitItems) {
      const departure = { usedate: facts.fromdate, startTime: facts.startTime };
      await applyItems(ctx, tx, caller, booking, facts, { option, departure, planned, contact });
    }
    const current = (await bookingRepo.findBooking(tx, booking.rsvno)) ?? booking;
    const confirmed = await confirmOnAccount(ctx, tx, current, contact, resellerActor(caller.reseller.id));
    if (!confirmed.ok) throw SEAT_REFUSAL[confirmed.why](availabilityIdOf(facts.fromdate, facts.startTime));
    await repo.updateOctoBooking(tx, booking.rsvno, {
      contact: input.contact ? storedContact(input.contact) : facts.contact,
      resellerReference: input.resellerReference ?? facts.resellerReference,
      notes: input.notes ?? facts.notes,
      unitItems: planned.items,
      confirmedAt: now,
      updatedAt: now,
    });
  });
}

export async function update(ctx: AppContext, caller: OctoCaller, uuid: string, body: unknown) {
  const input = parseBody(updateBody, body);
  return change(ctx, caller, uuid, async (tx, booking, facts) => {
    const now = ctx.clock.now();
    const status = octoStatus(booking, now);
    if (status !== 'ON_HOLD' && status !== 'CONFIRMED')
      throw OctoError.unprocessable(`A booking ${status.toLowerCase()} cannot be changed`);
    // A cancellation claimed and not final yet (a 催行中止 or the reseller's own) shows CONFIRMED until it is.
    if (lifecycleOf(booking) === 'cancelling') throw OctoError.unprocessable('The booking is being cancelled');
    const today = isoToday(ctx);
    if (status === 'CONFIRMED' && facts.fromdate <= today) {
      throw OctoError.unprocessable('The booking can no longer be changed on or after its date');
    }
    await checkReference(tx, caller, input.resellerReference, booking.rsvno);
    const productId = input.productId ?? facts.opcd;
    // A new product must be for sale; the booking's own stays usable for a change of names or day.
    const option = input.productId
      ? await repo.findSellableOption(tx, productId)
      : await repo.findAnyOption(tx, productId);
    if (!option) throw OctoError.invalidProduct(productId);
    if (input.optionId !== undefined) checkOption(input.optionId);
    // Another departure of the same or another day (a start time of a timed option); the booking's own otherwise.
    const departure =
      input.availabilityId !== undefined
        ? await departureOfBooking(tx, option, input.availabilityId, today, now)
        : { usedate: facts.fromdate, startTime: facts.startTime };
    const contact = input.contact ? storedContact(input.contact) : facts.contact;
    const items = input.unitItems ?? facts.unitItems.map((i) => ({ ...i, contact: i.contact as ContactBody }));
    const planned = planItems(option, items, facts.unitItems);
    await applyItems(ctx, tx, caller, booking, facts, {
      option,
      departure,
      planned,
      contact: ourContact(contact as ContactBody),
    });
    if (status === 'ON_HOLD' && input.expirationMinutes) {
      await extendHold(
        ctx,
        tx,
        booking,
        new Date(now.getTime() + input.expirationMinutes * 60_000),
        resellerActor(caller.reseller.id),
      );
    }
    await repo.updateOctoBooking(tx, booking.rsvno, {
      contact,
      resellerReference: input.resellerReference ?? facts.resellerReference,
      notes: input.notes === undefined ? facts.notes : input.notes,
      unitItems: planned.items,
      updatedAt: now,
    });
  });
}

export async function extend(ctx: AppContext, caller: OctoCaller, uuid: string, body: unknown) {
  const input = parseBody(extendBody, body);
  return change(ctx, caller, uuid, async (tx, booking) => {
    const now = ctx.clock.now();
    if (!holdLive(booking, now)) throw OctoError.unprocessable('Only a booking on hold can be extended');
    const minutes = input.expirationMinutes ?? DEFAULT_HOLD_MINUTES;
    await extendHold(ctx, tx, booking, new Date(now.getTime() + minutes * 60_000), resellerActor(caller.reseller.id));
    await repo.updateOctoBooking(tx, booking.rsvno, { updatedAt: now });
  });
}

/**
 * OCTO cancel. What to do is decided under the booking's lock, so that a confirm racing it is either before (the
 * booking is cancelled as a confirmed one) or after (it finds the booking cancelled); the answer is the booking as
 * the cancel left it, or an OCTO error when it could not be cancelled.
 */
export async function cancel(ctx: AppContext, caller: OctoCaller, uuid: string, body: unknown) {
  const input = parseBody(cancelBody, body);
  const actor = resellerActor(caller.reseller.id);
  const reason = input.reason ?? null;
  const rsvno = await repo.rsvnoOf(ctx.db, caller.reseller.id, uuid);
  if (!rsvno) throw OctoError.invalidBooking(uuid);
  const next = await ctx.db.transaction(async (tx) => {
    const booking = await lockResellerBooking(tx, rsvno);
    if (!booking) throw OctoError.invalidBooking(uuid);
    const state = lifecycleOf(booking);
    if (isEnded(state)) return 'answer' as const; // Cancelled (or lapsed) already: the same answer again.
    if (state !== 'reserved') return 'cancel_confirmed' as const;
    // A hold, lapsed or not: released at once, its seats back.
    await releaseHold(ctx, tx, booking, actor);
    await repo.updateOctoBooking(tx, rsvno, { cancellationReason: reason, updatedAt: ctx.clock.now() });
    return 'answer' as const;
  });
  if (next === 'cancel_confirmed') {
    try {
      // Confirmed: the booking's own cancellation policy, as for a customer of our site (no money moves: on
      // account). It locks the booking again and checks again, so a change in between is seen.
      await cancelBooking(ctx, rsvno, { actor });
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      const now = await bookingRepo.findBooking(ctx.db, rsvno);
      // Cancelled by another call in between: that is the answer this one asked for.
      if (!now || !isEnded(lifecycleOf(now))) throw refusalOf(error);
    }
    await repo.updateOctoBooking(ctx.db, rsvno, { cancellationReason: reason, updatedAt: ctx.clock.now() });
  }
  return renderUuid(ctx, caller, uuid);
}

/** Why a confirmed booking could not be cancelled, in OCTO's words. */
function refusalOf(error: AppError): OctoError {
  if (error.message === Msg.cancelTooLate) {
    return OctoError.unprocessable('The booking can no longer be cancelled: the cancellation cutoff has passed');
  }
  if (error.message === Msg.cancelInProgress) {
    return OctoError.unprocessable('The booking is being cancelled already; ask again in a moment');
  }
  return OctoError.unprocessable('The booking cannot be cancelled in its current state');
}

export async function getBooking(ctx: AppContext, caller: OctoCaller, uuid: string) {
  return renderUuid(ctx, caller, uuid);
}

export async function listBookings(ctx: AppContext, caller: OctoCaller, query: unknown) {
  const input = parseBody(bookingsQuery, query) as z.output<typeof bookingsQuery>;
  const start = input.localDate ?? input.localDateStart;
  const end = input.localDate ?? input.localDateEnd;
  if (!input.resellerReference && !input.supplierReference && !(start && end)) {
    throw OctoError.badRequest(
      'One of resellerReference, supplierReference, localDate, or localDateStart and localDateEnd is required',
    );
  }
  if (start && end) checkRange(start, end);
  const rows = await repo.listBookings(
    ctx.db,
    caller.reseller.id,
    {
      resellerReference: input.resellerReference,
      supplierReference: input.supplierReference,
      localDateStart: start,
      localDateEnd: end,
      productId: input.productId,
    },
    MAX_LISTED,
  );
  const out = [];
  for (const facts of rows) out.push(await render(ctx, caller, facts));
  return out;
}
