/**
 * The booking's lifecycle (ADR 0182, ADR 0193): each state and the SPEC fields that show it, the table of moves, the
 * state as it stands in time, and no decision on the stored state numbers anywhere else in the server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BookingStatus, PaymentStatus } from '@tabi/contract/constants';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATES } from '../../db/schema.ts';
import {
  canMove,
  effectiveLifecycle,
  type Lifecycle,
  lifecycleOf,
  type StateColumns,
  storedColumns,
  TRANSITIONS,
} from './lifecycle.ts';

const STATES: readonly Lifecycle[] = BOOKING_STATES;
const stored = (state: Lifecycle): StateColumns => storedColumns(state);

describe('the booking lifecycle (ADR 0182, ADR 0193)', () => {
  it('shows each state in the SPEC fields', () => {
    const shown = (state: Lifecycle, paid?: boolean) => {
      const { status, statusPayment, flgRequestRsv } = storedColumns(state, paid);
      return [status, statusPayment, flgRequestRsv];
    };
    expect(shown('held')).toEqual([BookingStatus.completed, PaymentStatus.uncompleted, 0]);
    expect(shown('paid')).toEqual([BookingStatus.completed, PaymentStatus.completed, 0]);
    expect(shown('requested')).toEqual([BookingStatus.requested, PaymentStatus.uncompleted, 0]);
    expect(shown('offered')).toEqual([BookingStatus.tmp, PaymentStatus.uncompleted, 1]);
    expect(shown('reserved')).toEqual([BookingStatus.tmp, PaymentStatus.uncompleted, 0]);
    // A cancellation keeps whether money was received (the refund is its own record); an expiry never had any.
    expect(shown('cancelling', true)).toEqual([BookingStatus.completed, PaymentStatus.completed, 0]);
    expect(shown('canceled', true)).toEqual([BookingStatus.canceled, PaymentStatus.completed, 0]);
    expect(shown('canceled', false)).toEqual([BookingStatus.canceled, PaymentStatus.uncompleted, 0]);
    expect(shown('expired', true)).toEqual([BookingStatus.canceled, PaymentStatus.uncompleted, 0]);
    for (const state of STATES) expect(lifecycleOf(storedColumns(state))).toBe(state);
  });

  it('allows exactly the moves of its table', () => {
    const allowed = Object.entries(TRANSITIONS).flatMap(([move, { from }]) => from.map((state) => `${state} ${move}`));
    const found = STATES.flatMap((state) =>
      (Object.keys(TRANSITIONS) as (keyof typeof TRANSITIONS)[])
        .filter((move) => canMove(stored(state), move))
        .map((move) => `${state} ${move}`),
    );
    expect(found.sort()).toEqual(allowed.sort());
    // Nothing leaves a canceled booking; an expired one only by a late payment that finds its seats.
    expect(found.filter((m) => m.startsWith('canceled '))).toEqual([]);
    expect(found.filter((m) => m.startsWith('expired '))).toEqual(['expired reinstate']);
  });

  it('expires a card booking after its hour and a hold or a confirmed request at its deadline', () => {
    const rsvdate = new Date('2026-11-27T00:00:00Z');
    const at = (minutes: number) => new Date(rsvdate.getTime() + minutes * 60_000);
    const held = { ...stored('held'), rsvdate, paymentDeadline: null };
    expect(effectiveLifecycle(held, at(59))).toBe('held');
    expect(effectiveLifecycle(held, at(61))).toBe('expired');
    for (const state of ['offered', 'reserved'] as const) {
      const booking = { ...stored(state), rsvdate, paymentDeadline: at(120) };
      expect(effectiveLifecycle(booking, at(119))).toBe(state);
      expect(effectiveLifecycle(booking, at(120))).toBe('expired');
    }
    expect(effectiveLifecycle({ ...stored('paid'), rsvdate, paymentDeadline: null }, at(10_000))).toBe('paid');
  });
});

describe('decisions on a booking’s state', () => {
  const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const allowed = new Set([
    path.join('modules', 'booking', 'lifecycle.ts'),
    // The repository that stores the states, and writes the SQL of `bookingIs`.
    path.join('modules', 'booking', 'repository.ts'),
    // Test-only routes of the benchmark (BENCH_ROUTES) and the data generators.
    path.join('modules', 'booking', 'bench-routes.ts'),
  ]);
  const compared =
    /(BookingStatus|PaymentStatus)\.\w+\s*[=!]==|[=!]==\s*(BookingStatus|PaymentStatus)\.|\$\{(BookingStatus|PaymentStatus)\./;

  it('read the lifecycle, never the stored status numbers, outside the lifecycle and its repository', () => {
    const sources = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.includes('test') &&
        !file.startsWith(`bench${path.sep}`) &&
        !file.startsWith(`seed${path.sep}`) &&
        !file.startsWith(`quality${path.sep}`) &&
        !allowed.has(file),
    );
    const found = sources.flatMap((file) =>
      readFileSync(path.join(server, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (compared.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(sources.length).toBeGreaterThan(150);
    expect(found).toEqual([]);
  });
});
