/**
 * The booking's lifecycle (ADR 0182): each state read from its stored columns, the table of moves, the state as it
 * stands in time, and no decision on the stored state numbers anywhere else in the server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BookingStatus, PaymentStatus } from '@tabi/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  canMove,
  effectiveLifecycle,
  type Lifecycle,
  lifecycleOf,
  type StateColumns,
  startColumns,
  TRANSITIONS,
} from './lifecycle.ts';

const none = { canceledAt: null, cancelReason: null, flgRequestRsv: 0 };
const STORED: Record<Lifecycle, StateColumns> = {
  held: { ...startColumns('held'), ...none },
  paid: { ...startColumns('paid'), ...none },
  requested: { ...startColumns('requested'), ...none },
  reserved: { ...startColumns('reserved'), ...none },
  offered: {
    status: BookingStatus.tmp,
    statusPayment: PaymentStatus.uncompleted,
    flgRequestRsv: 1,
    canceledAt: null,
    cancelReason: null,
  },
  cancelling: { ...startColumns('paid'), flgRequestRsv: 0, canceledAt: new Date(), cancelReason: 'customer' },
  canceled: {
    status: BookingStatus.canceled,
    statusPayment: PaymentStatus.completed,
    canceledAt: new Date(),
    cancelReason: 'customer',
  },
  expired: {
    status: BookingStatus.canceled,
    statusPayment: PaymentStatus.uncompleted,
    canceledAt: new Date(),
    cancelReason: 'expired',
  },
};

describe('the booking lifecycle (ADR 0182)', () => {
  it('reads every state from the columns it is stored in', () => {
    for (const [state, columns] of Object.entries(STORED)) expect(lifecycleOf(columns)).toBe(state);
    // A request paid is paid; a reseller's booking (no request flag) on hold is reserved.
    expect(lifecycleOf({ ...STORED.paid, flgRequestRsv: 1 })).toBe('paid');
    expect(lifecycleOf({ ...STORED.reserved, flgRequestRsv: undefined })).toBe('reserved');
  });

  it('allows exactly the moves of its table', () => {
    const allowed = Object.entries(TRANSITIONS).flatMap(([move, { from }]) => from.map((state) => `${state} ${move}`));
    const found = Object.entries(STORED).flatMap(([state, columns]) =>
      (Object.keys(TRANSITIONS) as (keyof typeof TRANSITIONS)[])
        .filter((move) => canMove(columns, move))
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
    const held = { ...STORED.held, rsvdate, paymentDeadline: null };
    expect(effectiveLifecycle(held, at(59))).toBe('held');
    expect(effectiveLifecycle(held, at(61))).toBe('expired');
    for (const state of ['offered', 'reserved'] as const) {
      const booking = { ...STORED[state], rsvdate, paymentDeadline: at(120) };
      expect(effectiveLifecycle(booking, at(119))).toBe(state);
      expect(effectiveLifecycle(booking, at(120))).toBe('expired');
    }
    expect(effectiveLifecycle({ ...STORED.paid, rsvdate, paymentDeadline: null }, at(10_000))).toBe('paid');
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
