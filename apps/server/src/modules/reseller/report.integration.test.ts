/**
 * 売上レポート (ADR 0169): one month by reception date in Tokyo, per channel and option. Counted: what holds
 * its seats at its price, and canceled bookings whose fee was kept at that fee (expired and free cancellations are
 * not sales); commission is retail less net_amount (its share of the fee when canceled); a booking of several options
 * is split by their prices to the yen. Its CSV is UTF-8 with BOM.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import type { SalesReport } from '@tabi/contract/resellers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingState,
  bookingOptions,
  bookings,
  type NewBooking,
  type NewBookingOption,
  resellers,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { storedColumns } from '../booking/lifecycle.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { monthRange } from './report.ts';

let t: TestApp;
let admin = '';
let klook = 0;
let viator = 0;

type Line = Partial<NewBookingOption> & { opcd: string };

type Values = Omit<Partial<NewBooking>, 'state' | 'status' | 'statusPayment'> & { rsvdate: Date; amountjp: number };

/** A booking in a state (default paid; a canceled one had been paid). */
async function book(rsvno: string, { state = 'paid', ...values }: Values & { state?: BookingState }, lines: Line[]) {
  await t.ctx.db.insert(bookings).values({
    rsvno,
    ...storedColumns(state, true),
    fromdate: '2026-12-10',
    todate: '2026-12-10',
    sei: '売上',
    mei: '太郎',
    tel: '090-0000-0000',
    telNormalized: '09000000000',
    mail: 'sales@example.jp',
    cancelPolicy: [],
    ...values,
  });
  await t.ctx.db.insert(bookingOptions).values(
    lines.map((l) => ({
      rsvno,
      usedate: '2026-12-10',
      seats: (l.adultqty ?? 0) + (l.childqty ?? 0) + (l.middleqty ?? 0),
      ...l,
    })),
  );
}

const oct = (day: number, hourUtc = 3) => new Date(Date.UTC(2026, 9, day, hourUtc));

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await insertStaff(t.ctx.db, { mail: 'sales-admin@example.jp', role: 'admin', totp: true });
  admin = await staffSession(t, 'sales-admin@example.jp');
  const made = await t.ctx.db
    .insert(resellers)
    .values([
      { name: 'Viator', commissionBp: 2000, createdAt: oct(1) },
      { name: 'Klook', commissionBp: 1500, createdAt: oct(1) },
    ])
    .returning();
  viator = made.find((r) => r.name === 'Viator')?.id ?? 0;
  klook = made.find((r) => r.name === 'Klook')?.id ?? 0;

  // Our own site: paid, 2 adults of OP0001.
  await book('SR000001', { rsvdate: oct(5), amountjp: 10_000 }, [{ opcd: 'OP0001', adultqty: 2, adultbaika: 5000 }]);
  // 00:00 on 1 October in Tokyo (still 30 September in UTC): October's.
  await book('SR000002', { rsvdate: new Date('2026-09-30T15:00:00Z'), amountjp: 5000 }, [
    { opcd: 'OP0001', adultqty: 1, adultbaika: 5000 },
  ]);
  // 00:00 on 1 November in Tokyo (still October in UTC): November's.
  await book('SR000003', { rsvdate: new Date('2026-10-31T15:00:00Z'), amountjp: 5000 }, [
    { opcd: 'OP0001', adultqty: 1, adultbaika: 5000 },
  ]);
  // A request waiting for the operator: it holds its seats.
  await book('SR000004', { rsvdate: oct(6), amountjp: 7000, state: 'requested' }, [
    { opcd: 'OP0002', adultqty: 1, childqty: 1, infantqty: 1, adultbaika: 5000, childbaika: 2000 },
  ]);
  // Canceled free of charge, and an unpaid card booking long expired: no sale.
  await book('SR000005', { rsvdate: oct(7), amountjp: 5000, state: 'canceled', cancelFee: 0, refundAmount: 5000 }, [
    { opcd: 'OP0001', adultqty: 1, adultbaika: 5000 },
  ]);
  await book('SR000006', { rsvdate: oct(8), amountjp: 5000, state: 'held' }, [
    { opcd: 'OP0001', adultqty: 1, adultbaika: 5000 },
  ]);
  // A set of two options sold below their prices (6,000 → 5,000): split 2,000 : 4,000, the odd yen on the first.
  await book('SR000007', { rsvdate: oct(9), amountjp: 5000 }, [
    { opcd: 'OP0011', adultqty: 2, adultbaika: 1000 },
    { opcd: 'OP0012', adultqty: 2, adultbaika: 2000 },
  ]);
  // Klook (15 %): sold at 9,000, owes 7,650; and one canceled with a 3,000 fee kept (its commission: 450).
  await book('SR000008', { rsvdate: oct(10), amountjp: 9000, resellerId: klook, netAmount: 7650 }, [
    { opcd: 'OP0001', adultqty: 1, childqty: 1, adultbaika: 6000, childbaika: 3000 },
  ]);
  await book(
    'SR000009',
    {
      rsvdate: oct(11),
      amountjp: 9000,
      resellerId: klook,
      netAmount: 7650,
      state: 'canceled',
      cancelFee: 3000,
      refundAmount: 0,
    },
    [{ opcd: 'OP0001', adultqty: 2, adultbaika: 4500 }],
  );
  // Viator (20 %) in another month only.
  await book(
    'SR000010',
    { rsvdate: new Date('2026-11-02T03:00:00Z'), amountjp: 8000, resellerId: viator, netAmount: 6400 },
    [{ opcd: 'OP0001', adultqty: 1, adultbaika: 8000 }],
  );
  // December: the bay cruise sold at start times (ADR 0196), 10:00 twice and the dearer 16:00 once, and OP0001 by
  // whole days; Klook's 16:00 canceled with its fee kept.
  const dec = (day: number) => new Date(Date.UTC(2026, 11, day, 3));
  await book('SR000011', { rsvdate: dec(1), amountjp: 10_000 }, [
    { opcd: 'OP0049', startTime: '10:00', endTime: '11:00', adultqty: 2, adultbaika: 5000 },
  ]);
  await book('SR000012', { rsvdate: dec(2), amountjp: 5000 }, [
    { opcd: 'OP0049', startTime: '10:00', endTime: '11:00', adultqty: 1, adultbaika: 5000 },
  ]);
  await book('SR000013', { rsvdate: dec(3), amountjp: 14_000 }, [
    { opcd: 'OP0049', startTime: '16:00', endTime: '17:00', adultqty: 2, adultbaika: 7000 },
  ]);
  await book('SR000014', { rsvdate: dec(3), amountjp: 5000 }, [{ opcd: 'OP0001', adultqty: 1, adultbaika: 5000 }]);
  await book(
    'SR000015',
    {
      rsvdate: dec(4),
      amountjp: 7000,
      resellerId: klook,
      netAmount: 5950,
      state: 'canceled',
      cancelFee: 3500,
      refundAmount: 0,
    },
    [{ opcd: 'OP0049', startTime: '16:00', endTime: '17:00', adultqty: 1, adultbaika: 7000 }],
  );
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function report(month: string): Promise<SalesReport> {
  const res = await t.request({
    method: 'GET',
    url: `/api/admin/reports/sales?month=${month}`,
    cookies: { [STAFF_COOKIE]: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response;
}

describe('売上レポート', () => {
  it('takes the month in Tokyo', () => {
    expect(monthRange('2026-10')).toEqual({
      from: new Date('2026-09-30T15:00:00Z'),
      to: new Date('2026-10-31T15:00:00Z'),
    });
    expect(monthRange('2026-12').to).toEqual(new Date('2026-12-31T15:00:00Z'));
  });

  it('counts per channel and option what holds its seats, and the fees of cancellations', async () => {
    const r = await report('2026-10');
    const figures = (l: SalesReport['lines'][number]) => [
      l.channel,
      l.opcd,
      l.bookings,
      l.people,
      l.canceled,
      l.amount,
      l.commission,
      l.net,
    ];
    expect(r.lines.map(figures)).toEqual([
      ['自社サイト', 'OP0001', 2, 3, 0, 15_000, 0, 15_000],
      ['自社サイト', 'OP0002', 1, 3, 0, 7000, 0, 7000],
      ['自社サイト', 'OP0011', 1, 2, 0, 1667, 0, 1667],
      ['自社サイト', 'OP0012', 1, 2, 0, 3333, 0, 3333],
      ['Klook', 'OP0001', 1, 2, 1, 12_000, 1800, 10_200],
    ]);
    expect(r.lines[4]?.resellerId).toBe(klook);
    expect(r.lines[0]?.webname).not.toBe('');
    // Each channel in total: the set of two options is one booking.
    expect(r.channels).toEqual([
      {
        resellerId: null,
        channel: '自社サイト',
        bookings: 4,
        people: 10,
        canceled: 0,
        amount: 27_000,
        commission: 0,
        net: 27_000,
      },
      {
        resellerId: klook,
        channel: 'Klook',
        bookings: 1,
        people: 2,
        canceled: 1,
        amount: 12_000,
        commission: 1800,
        net: 10_200,
      },
    ]);
    expect(r.total).toEqual({ bookings: 5, people: 12, canceled: 1, amount: 39_000, commission: 1800, net: 37_200 });
    // Options sold by whole days are not split by departure.
    expect(r.lines.every((l) => l.departures.length === 0)).toBe(true);
  });

  it('splits an option sold at start times by departure, the departures adding up to its line (ADR 0196)', async () => {
    const r = await report('2026-12');
    const cruise = r.lines.find((l) => l.channel === '自社サイト' && l.opcd === 'OP0049');
    expect(cruise).toMatchObject({ bookings: 3, people: 5, canceled: 0, amount: 29_000, commission: 0 });
    expect(cruise?.departures).toEqual([
      { startTime: '10:00', bookings: 2, people: 3, canceled: 0, amount: 15_000, commission: 0, net: 15_000 },
      { startTime: '16:00', bookings: 1, people: 2, canceled: 0, amount: 14_000, commission: 0, net: 14_000 },
    ]);
    expect(r.lines.find((l) => l.opcd === 'OP0001')?.departures).toEqual([]);
    const klookCruise = r.lines.find((l) => l.channel === 'Klook' && l.opcd === 'OP0049');
    expect(klookCruise?.departures).toEqual([
      { startTime: '16:00', bookings: 0, people: 0, canceled: 1, amount: 3500, commission: 525, net: 2975 },
    ]);
    // Every line is the sum of its departures; the totals are the lines' as before.
    for (const line of r.lines.filter((l) => l.departures.length > 0)) {
      for (const key of ['bookings', 'people', 'canceled', 'amount', 'commission', 'net'] as const) {
        expect(
          line.departures.reduce((n, d) => n + d[key], 0),
          `${line.opcd} ${key}`,
        ).toBe(line[key]);
      }
    }
    expect(r.total.amount).toBe(29_000 + 5000 + 3500);

    const res = await t.request({
      method: 'GET',
      url: '/api/admin/reports/sales.csv?month=2026-12',
      cookies: { [STAFF_COOKIE]: admin },
    });
    const rows = res.body.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/"差引（円）","開始時刻"$/);
    expect(rows.filter((row) => row.startsWith('"便別"'))).toEqual([
      expect.stringMatching(/^"便別","2026-12","自社サイト","OP0049",".+","2","3","0","15000","0","15000","10:00"$/),
      expect.stringMatching(/^"便別","2026-12","自社サイト","OP0049",".+","1","2","0","14000","0","14000","16:00"$/),
      expect.stringMatching(/^"便別","2026-12","Klook","OP0049",".+","0","0","1","3500","525","2975","16:00"$/),
    ]);
  });

  it('puts our own site first and resellers by name, in the month asked for', async () => {
    const r = await report('2026-11');
    const channels = r.channels.map((c) => c.channel);
    expect(channels[0]).toBe('自社サイト');
    expect(channels.slice(1)).toEqual(['Viator']);
    expect(r.lines.find((l) => l.channel === 'Viator')).toMatchObject({ amount: 8000, commission: 1600, net: 6400 });
    // SR000003 (1 November in Tokyo) is November's.
    const own = r.channels[0];
    expect(own?.amount).toBeGreaterThanOrEqual(5000);
    const empty = await report('2020-01');
    expect(empty).toEqual({
      month: '2020-01',
      lines: [],
      channels: [],
      total: { bookings: 0, people: 0, canceled: 0, amount: 0, commission: 0, net: 0 },
      discounts: [],
    });
  });

  it('writes the same as CSV with a BOM, the lines, each channel’s subtotal and the total', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/reports/sales.csv?month=2026-10',
      cookies: { [STAFF_COOKIE]: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('sales-2026-10.csv');
    expect(res.body.startsWith('\uFEFF"区分","年月（受付日）","販売チャネル"')).toBe(true);
    const rows = res.body.slice(1).trimEnd().split('\r\n');
    expect(rows).toHaveLength(1 + 5 + 2 + 1);
    // The last column, 開始時刻, is empty but on a 便別 row (an option sold at start times).
    expect(rows[5]).toBe('"小計","2026-10","自社サイト","","","4","10","0","27000","0","27000",""');
    expect(rows[6]).toMatch(/^"明細","2026-10","Klook","OP0001",".+","1","2","1","12000","1800","10200",""$/);
    expect(rows.at(-1)).toBe('"合計","2026-10","","","","5","12","1","39000","1800","37200",""');
  });

  it('refuses a month that is not one', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/reports/sales?month=2026-13',
      cookies: { [STAFF_COOKIE]: admin },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errMsg).toContain('YYYY-MM');
  });
});
