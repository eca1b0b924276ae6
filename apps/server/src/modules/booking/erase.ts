/**
 * The erasure of a booking's people's data (ADR 0164), written by the booking module as it owns those tables; the
 * privacy module decides which bookings are due and locks them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bookingEvents, bookingMembers, bookings } from '../../db/schema.ts';
import { recordEvent } from './events.ts';

/** The keys erased wherever they appear: a participant's row, their extended fields, and the history's copies. */
const ERASED_KEYS = new Set(['birthday', 'passport_number', 'vegetarian_meals']);

/** A copy of `value` without the erased keys, at any depth (the history keeps members as arrays of objects). */
export function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !ERASED_KEYS.has(key))
      .map(([key, inner]) => [key, scrub(inner)]),
  );
}

/** Erases the people's data of these (locked) bookings, with one event each. Returns how many were erased. */
export async function eraseLocked(tx: DbOrTx, rsvnos: string[], at: Date, actor: Actor): Promise<number> {
  if (rsvnos.length === 0) return 0;
  // The one door through the history's append-only trigger (migration 0012), for this transaction only.
  await tx.execute(sql`select set_config('tabi.privacy_erase', 'on', true)`);
  const members = await tx
    .update(bookingMembers)
    .set({ birthday: null, extended: {} })
    .where(inArray(bookingMembers.rsvno, rsvnos))
    .returning({ rsvno: bookingMembers.rsvno });
  const history = await tx
    .select({ id: bookingEvents.id, before: bookingEvents.before, after: bookingEvents.after })
    .from(bookingEvents)
    .where(
      and(
        inArray(bookingEvents.rsvno, rsvnos),
        sql`(${bookingEvents.before} is not null or ${bookingEvents.after} is not null)`,
      ),
    );
  for (const event of history) {
    const before = scrub(event.before) as Record<string, unknown> | null;
    const after = scrub(event.after) as Record<string, unknown> | null;
    if (
      JSON.stringify(before) === JSON.stringify(event.before) &&
      JSON.stringify(after) === JSON.stringify(event.after)
    )
      continue;
    await tx.update(bookingEvents).set({ before, after }).where(eq(bookingEvents.id, event.id));
  }
  await tx.execute(sql`select set_config('tabi.privacy_erase', 'off', true)`);
  await tx.update(bookings).set({ personalErasedAt: at }).where(inArray(bookings.rsvno, rsvnos));
  const perBooking = new Map<string, number>();
  for (const m of members) perBooking.set(m.rsvno, (perBooking.get(m.rsvno) ?? 0) + 1);
  for (const rsvno of rsvnos) {
    await recordEvent(tx, at, rsvno, actor, 'personal_data_erased', {
      after: { participants: perBooking.get(rsvno) ?? 0, erased: [...ERASED_KEYS] },
    });
  }
  return rsvnos.length;
}
