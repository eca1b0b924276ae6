/**
 * 販売チャネル in the console (ADR 0169): every booking is 自社サイト or its reseller's name in 予約一覧 (a filter
 * `channel=own|<id>`, the list and its CSV), 予約詳細 (with the OCTO references when there are any), the manifest
 * and its CSV, the dashboard's cards of the day and the 催行中止 preview.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import type { BookingDetail, Manifest } from '@tabi/contract/admin-bookings';
import { isoDateToYmd } from '@tabi/contract/dates';
import { ResellerMsg } from '@tabi/contract/resellers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { bookings, octoBookings, resellers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { cloneBooking, insertStaff, staffSession } from '../staff/test-fixtures.ts';

let t: TestApp;
let operator = '';
let klook = 0;
let usedate = '';

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await insertStaff(t.ctx.db, { mail: 'desk-channel@example.jp', role: 'operator' });
  operator = await staffSession(t, 'desk-channel@example.jp');
  const [made] = await t.ctx.db
    .insert(resellers)
    .values({ name: 'Klook', commissionBp: 1500, createdAt: t.clock.now() })
    .returning();
  klook = made?.id ?? 0;
  // A paid booking sold by Klook today, of the same option and day as AA100001; and its OCTO side.
  await cloneBooking(t.ctx.db, 'AA100001', 'KL100001', {
    rsvdate: new Date(t.clock.now().getTime() - 60_000),
    resellerId: klook,
    netAmount: 8500,
  });
  await t.ctx.db.insert(octoBookings).values({
    rsvno: 'KL100001',
    resellerId: klook,
    uuid: '6f0c1a9e-2b7d-4c55-9d43-1f2e3a4b5c6d',
    resellerReference: 'KLK-778812',
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });
  // Another of Klook's without its OCTO side yet.
  await cloneBooking(t.ctx.db, 'AA100001', 'KL100002', { resellerId: klook, netAmount: 8500 });
  const [aa] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, 'AA100001'));
  usedate = isoDateToYmd(aa?.fromdate ?? '');
}, 120_000);
afterAll(async () => {
  await t.close();
});

function get(url: string) {
  return t.request({ method: 'GET', url: `/api/admin${url}`, cookies: { [STAFF_COOKIE]: operator } });
}
async function listed(query: string): Promise<{ rsvno: string; channel: string; resellerId: number | null }[]> {
  const res = await get(`/bookings?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.rows;
}

describe('予約一覧', () => {
  it('shows each booking’s channel and filters by it', async () => {
    const all = await listed('rsvno=');
    expect(all.find((r) => r.rsvno === 'KL100001')).toMatchObject({ channel: 'Klook', resellerId: klook });
    expect(all.find((r) => r.rsvno === 'AA100001')).toMatchObject({ channel: '自社サイト', resellerId: null });

    const sold = await listed(`channel=${klook}`);
    expect(sold.map((r) => r.rsvno).sort()).toEqual(['KL100001', 'KL100002']);
    const own = await listed('channel=own');
    expect(own.map((r) => r.rsvno)).toContain('AA100001');
    expect(own.every((r) => r.channel === '自社サイト')).toBe(true);
    expect(await listed('channel=999999')).toEqual([]);
    // With the other filters: Klook's bookings of a name.
    expect((await listed(`channel=${klook}&rsvno=KL100002`)).map((r) => r.rsvno)).toEqual(['KL100002']);
  });

  it('refuses a channel that is none, in Japanese', async () => {
    const res = await get('/bookings?channel=klook');
    expect(res.statusCode).toBe(422);
    expect(res.json().errMsg).toContain(ResellerMsg.channelInvalid);
  });

  it('reads a reseller’s bookings through the partial index of the channel', async () => {
    // The plan of the list's query shape on a reseller (the planner may still prefer another index on a table this
    // small, so the index is only required to be usable: forced off a sequential scan, it is chosen).
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(
          sql`explain select b.rsvno from bookings b where b.reseller_id = ${klook} and b.reseller_id is not null
            order by b.rsvdate desc limit 50`,
        ),
      );
    });
    expect(JSON.stringify(plan)).toContain('bookings_reseller_idx');
  });

  it('writes the channel as the CSV’s last column, with the same filter', async () => {
    const res = await get(`/bookings.csv?channel=${klook}`);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.slice(1).trimEnd().split('\r\n');
    expect(header?.endsWith('"金額（円）","販売チャネル"')).toBe(true);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.endsWith('"Klook"')).toBe(true);
    const own = await get('/bookings.csv?channel=own&rsvno=AA100001');
    expect(own.body.trimEnd().endsWith('"自社サイト"')).toBe(true);
  });
});

describe('予約詳細', () => {
  it('names the channel, what the reseller owes and its references', async () => {
    const res = await get('/bookings/KL100001');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().response as BookingDetail;
    expect(d.channel).toBe('Klook');
    expect(d.reseller).toEqual({
      id: klook,
      name: 'Klook',
      netAmount: 8500,
      resellerReference: 'KLK-778812',
      uuid: '6f0c1a9e-2b7d-4c55-9d43-1f2e3a4b5c6d',
    });
    const noOcto = (await get('/bookings/KL100002')).json().response as BookingDetail;
    expect(noOcto.reseller).toMatchObject({ name: 'Klook', resellerReference: null, uuid: null });
    const own = (await get('/bookings/AA100001')).json().response as BookingDetail;
    expect(own).toMatchObject({ channel: '自社サイト', reseller: null });
  });
});

describe('参加者名簿', () => {
  it('shows each traveller’s channel, also in its CSV', async () => {
    const res = await get(`/manifest?date=${usedate}&opcd=OP0001`);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().response as Manifest;
    const channels = new Map(m.rows.map((r) => [r.rsvno, r.channel]));
    expect(channels.get('KL100001')).toBe('Klook');
    expect(channels.get('AA100001')).toBe('自社サイト');
    const csv = await get(`/manifest.csv?date=${usedate}&opcd=OP0001`);
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toContain('"申込者電話番号","販売チャネル"');
    expect(lines.filter((l) => l.includes('"KL100001"')).every((l) => l.endsWith('"Klook","",""'))).toBe(true);
  });
});

describe('ダッシュボード and 催行中止', () => {
  it('names the reseller on the cards of the day', async () => {
    const res = await get('/dashboard');
    const d = res.json().response;
    const line = d.todayBookings.find((l: { rsvno: string }) => l.rsvno === 'KL100001');
    expect(line).toMatchObject({ channel: 'Klook' });
    const own = d.todayBookings.find((l: { rsvno: string }) => l.rsvno !== 'KL100001' && l.rsvno !== 'KL100002');
    if (own) expect(own.channel).toBe('自社サイト');
  });

  it('names the reseller in the preview of a day stop', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/day-stops/preview',
      payload: { opcds: ['OP0001'], from: usedate, to: usedate, reason: 'weather' },
      cookies: { [STAFF_COOKIE]: operator },
    });
    expect(res.statusCode, res.body).toBe(200);
    const channels = new Map(
      res.json().response.bookings.map((b: { rsvno: string; channel: string }) => [b.rsvno, b.channel]),
    );
    expect(channels.get('KL100001')).toBe('Klook');
    expect(channels.get('AA100001')).toBe('自社サイト');
  });
});
