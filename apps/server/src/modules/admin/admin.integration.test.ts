import { ADMIN_COUNT_CAP, type BookingRow, DASHBOARD_LINES, paymentColumn, STAFF_COOKIE } from '@tabi/contract/admin';
import { UNPAID_GRACE_MINUTES } from '@tabi/contract/constants';
import { addDays, tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActor } from '../../actor.ts';
import { bookingMembers, bookingOptions, bookings, outbox } from '../../db/schema.ts';
import { demoSummary } from '../../seed/seed.ts';
import { DEMO_STAFF } from '../../seed/staff.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { cancelBooking } from '../booking/cancel.ts';
import { cloneBooking, insertStaff, nextAddress, staffCookieOf, staffSession } from '../staff/test-fixtures.ts';
import { totpCodeAt } from '../staff/totp.ts';

let t: TestApp;
let cookie: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  const now = t.clock.now();
  const today = tokyoYmd(now);
  const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
  // Beside the demo data: a kana-named customer with another phone, departing tomorrow; an older request;
  // a confirmed request whose deadline is in 5 hours; an unpaid card booking past its grace (not counted);
  // a name that a spreadsheet would run as a formula.
  await cloneBooking(
    t.ctx.db,
    'AA100001',
    'BB200001',
    { sei: 'やまだ', mei: 'はなこ', tel: '03-1234-5678', telNormalized: '0312345678', mail: 'hanako@example.jp' },
    { usedate: iso(addDays(today, 1)) },
  );
  await cloneBooking(t.ctx.db, 'AA100005', 'BB200002', { rsvdate: new Date(now.getTime() - 30 * HOUR) });
  await cloneBooking(t.ctx.db, 'AA100004', 'BB200003', { paymentDeadline: new Date(now.getTime() + 5 * HOUR) });
  await cloneBooking(
    t.ctx.db,
    'AA100002',
    'BB200004',
    { rsvdate: new Date(now.getTime() - (UNPAID_GRACE_MINUTES + 5) * 60_000) },
    { usedate: iso(today) },
  );
  // …and a phone written as digits only, whose leading zero Excel would drop.
  await cloneBooking(t.ctx.db, 'AA100001', 'BB200005', {
    sei: '=HYPERLINK("x")',
    mei: '+81',
    mail: '@evil.example',
    tel: '09012345678',
  });
  await t.ctx.db.insert(outbox).values([
    {
      kind: 'paid',
      rsvno: 'AA100001',
      to: 'a@example.jp',
      subject: '件名1',
      body: '本文',
      status: 'failed',
      attempts: 10,
      lastError: 'connect ECONNREFUSED',
    },
    {
      kind: 'paid',
      rsvno: 'AA100004',
      to: 'b@example.jp',
      subject: '件名2',
      body: '本文',
      status: 'pending',
      attempts: 2,
      lastError: '421 try later',
    },
    {
      kind: 'paid',
      rsvno: 'AA100005',
      to: 'c@example.jp',
      subject: '件名3',
      body: '本文',
      status: 'sent',
      attempts: 1,
    },
  ]);
  await insertStaff(t.ctx.db, { mail: 'op@example.jp', role: 'operator' });
  cookie = await staffSession(t, 'op@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function get(url: string) {
  const res = await t.request({ method: 'GET', url, cookies: { [STAFF_COOKIE]: cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('GET /api/admin/dashboard', () => {
  it('counts what the database holds', async () => {
    const { response } = (await get('/api/admin/dashboard')).json();
    const now = t.clock.now();
    const today = tokyoYmd(now);
    const tomorrow = addDays(today, 1);
    expect(response).toMatchObject({ today, tomorrow });

    // The expected figures, worked out in plain code from every row.
    const all = await t.ctx.db.select().from(bookings);
    const options = await t.ctx.db.select().from(bookingOptions);
    const members = await t.ctx.db.select().from(bookingMembers);
    const byRsvno = new Map(all.map((b) => [b.rsvno, b]));
    const expired = (b: (typeof all)[number]) =>
      b.status === 1 &&
      b.statusPayment === 0 &&
      b.flgRequestRsv === 0 &&
      now.getTime() - b.rsvdate.getTime() >= UNPAID_GRACE_MINUTES * 60_000;
    const expected = new Map<string, { bookings: Set<string>; participants: number }>();
    for (const o of options) {
      const b = byRsvno.get(o.rsvno);
      const day = o.usedate.replaceAll('-', '');
      if (!b || b.status === 4 || expired(b) || (day !== today && day !== tomorrow)) continue;
      const entry = expected.get(`${day}|${o.opcd}`) ?? { bookings: new Set(), participants: 0 };
      entry.bookings.add(b.rsvno);
      entry.participants += members.filter((m) => m.rsvno === b.rsvno).length;
      expected.set(`${day}|${o.opcd}`, entry);
    }
    const got = new Map<string, { bookings: number; participants: number }>(
      response.departures.map((d: { usedate: string; opcd: string; bookings: number; participants: number }) => [
        `${d.usedate}|${d.opcd}`,
        { bookings: d.bookings, participants: d.participants },
      ]),
    );
    expect(got).toEqual(
      new Map([...expected].map(([k, v]) => [k, { bookings: v.bookings.size, participants: v.participants }])),
    );
    expect(got.size).toBeGreaterThan(0);
    // The day's totals count each booking and traveller once (a coupon set holds three options of one party).
    const perDay = new Map<string, Set<string>>();
    for (const [key, v] of expected) {
      const day = key.split('|')[0] ?? '';
      perDay.set(day, new Set([...(perDay.get(day) ?? []), ...v.bookings]));
    }
    expect(response.departureDays).toEqual(
      [...perDay].sort().map(([usedate, rsvnos]) => ({
        usedate,
        bookings: rsvnos.size,
        participants: [...rsvnos].reduce((n, r) => n + members.filter((m) => m.rsvno === r).length, 0),
      })),
    );
    expect(options.filter((o) => o.rsvno === 'AA100010').length).toBe(3);
    // The expired unpaid clone departs today but holds no seat.
    expect(
      response.departures.some((d: { opcd: string; usedate: string }) => d.usedate === today && d.opcd === 'OP0001'),
    ).toBe(false);

    const requests = all.filter((b) => b.status === 6).sort((a, b) => a.rsvdate.getTime() - b.rsvdate.getTime());
    expect(response.waitingRequests.map((r: { rsvno: string }) => r.rsvno)).toEqual(requests.map((b) => b.rsvno));
    expect(response.waitingRequests[0]).toMatchObject({ rsvno: 'BB200002', minutes: 30 * 60 });

    const card = all.filter((b) => b.status === 1 && b.statusPayment === 0 && b.flgRequestRsv === 0 && !expired(b));
    expect(response.expiringCard.map((r: { rsvno: string }) => r.rsvno).sort()).toEqual(
      card.map((b) => b.rsvno).sort(),
    );
    expect(card.map((b) => b.rsvno)).toContain('AA100002');
    expect(response.expiringCard[0].minutes).toBeLessThanOrEqual(UNPAID_GRACE_MINUTES);

    const near = all.filter(
      (b) =>
        b.status === 0 &&
        b.flgRequestRsv === 1 &&
        b.statusPayment === 0 &&
        b.paymentDeadline &&
        b.paymentDeadline.getTime() <= now.getTime() + 24 * HOUR,
    );
    expect(response.deadlineNear.map((r: { rsvno: string }) => r.rsvno)).toEqual(near.map((b) => b.rsvno));
    expect(response.deadlineNear).toEqual([expect.objectContaining({ rsvno: 'BB200003', minutes: 5 * 60 })]);

    expect(response.failedMails.map((m: { subject: string }) => m.subject).sort()).toEqual(['件名1', '件名2']);
  });
});

describe('GET /api/admin/bookings', () => {
  async function search(query: string): Promise<string[]> {
    const { response } = (await get(`/api/admin/bookings?${query}`)).json();
    return response.rows.map((r: { rsvno: string }) => r.rsvno);
  }

  it('finds a customer by phone however it is typed', async () => {
    for (const tel of ['03-1234-5678', '0312345678', '０３－１２３４－５６７８', '03 1234 5678']) {
      expect(await search(`tel=${encodeURIComponent(tel)}`)).toContain('BB200001');
    }
    expect(await search('tel=0312345678')).toEqual(['BB200001']);
  });

  it('finds by partial name in kanji, in either kana, with or without spaces, and by participant', async () => {
    expect(await search(`name=${encodeURIComponent('やまだ')}`)).toEqual(['BB200001']);
    expect(await search(`name=${encodeURIComponent('ヤマダ ハナ')}`)).toEqual(['BB200001']);
    const kanji = await search(`name=${encodeURIComponent('山田')}`);
    expect(kanji).toContain('AA100001');
    // The copy keeps AA100001's participants (山田…), so it is found by them too.
    expect(kanji).toContain('BB200001');
    // 健太 is a participant (not the applicant) of AA100001.
    expect(await search(`name=${encodeURIComponent('健太')}`)).toContain('AA100001');
    // From the start of the name, in either order, however long (ADR 0179); not from its middle.
    expect(await search(`name=${encodeURIComponent('やまだはな')}`)).toEqual(['BB200001']);
    expect(await search(`name=${encodeURIComponent('ハナコ やまだ')}`)).toEqual(['BB200001']);
    expect(await search(`name=${encodeURIComponent('ハナコヤ')}`)).toEqual(['BB200001']);
    expect(await search(`name=${encodeURIComponent('ハナ')}`)).toContain('BB200001');
    expect(await search(`name=${encodeURIComponent('ダハナ')}`)).not.toContain('BB200001');
    expect(await search(`name=${encodeURIComponent('ダハ')}`)).not.toContain('BB200001');
    // One character: every name starting with it.
    expect(await search(`name=${encodeURIComponent('山')}`)).toEqual(expect.arrayContaining(['AA100001', 'BB200001']));
  });

  it('filters by booking number, mail, option, dates, status and payment, and sorts', async () => {
    expect(await search('rsvno=aa100003')).toEqual(['AA100003']);
    expect(await search('mail=HANAKO@')).toEqual(['BB200001']);
    const requests = await search('status=6&sort=rsvdate&dir=asc');
    expect(requests).toEqual(['BB200002', 'AA100005']);
    const paid = (await get('/api/admin/bookings?payment=1')).json().response.rows;
    expect(paid.every((r: { statusPayment: number }) => r.statusPayment === 1)).toBe(true);
    const today = tokyoYmd(t.clock.now());
    const tomorrow = addDays(today, 1);
    const tomorrowRows = (await get(`/api/admin/bookings?usefrom=${tomorrow}&useto=${tomorrow}`)).json().response.rows;
    expect(tomorrowRows.every((r: { usedate: string }) => r.usedate === tomorrow)).toBe(true);
    const received = await search(`rsvfrom=${today}&rsvto=${today}`);
    expect(received).toContain('AA100002');
    expect(received).not.toContain('AA100001');
    const op = await search('opcd=OP0002&status=live');
    expect(op.sort()).toEqual(['AA100004', 'AA100005', 'BB200002', 'BB200003']);
    const byUse = (await get('/api/admin/bookings?sort=usedate&dir=asc'))
      .json()
      .response.rows.map((r: { usedate: string }) => r.usedate);
    expect(byUse).toEqual([...byUse].sort());
  });

  it('paginates on the server and refuses malformed filters', async () => {
    const page = (await get('/api/admin/bookings')).json().response;
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 16, pageCount: 1 });
    const bad = await t.request({
      method: 'GET',
      url: '/api/admin/bookings?usefrom=2026-01-01',
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errcd).toBe('999');
    // Dates that are not on the calendar, and a sort that does not exist: 422 in Japanese, naming the
    // field as the screen does (never a 500, never the query's own name or a program's wording).
    for (const [query, message] of [
      ['usefrom=20261340', '利用日（から）：存在しない日付です'],
      ['rsvfrom=20260230', '受付日（から）：存在しない日付です'],
      ['sort=bogus', '並び順：選択肢の中から選んでください'],
      [`tel=${encodeURIComponent('abc')}`, '電話番号：数字で入力してください'],
    ] as const) {
      const res = await t.request({
        method: 'GET',
        url: `/api/admin/bookings?${query}`,
        cookies: { [STAFF_COOKIE]: cookie },
      });
      expect(res.statusCode, query).toBe(422);
      expect(res.json()).toEqual({ errcd: '999', errMsg: `${Msg.badRequest}${message}`, response: null });
    }
    const manifest = await t.request({
      method: 'GET',
      url: '/api/admin/manifest?date=20261131',
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(manifest.statusCode).toBe(422);
    expect(manifest.json().errMsg).toBe(`${Msg.badRequest}日付：存在しない日付です`);
  });

  it('exports the filtered list as CSV for Excel: BOM, Japanese intact, formulas escaped', async () => {
    const res = await get(`/api/admin/bookings.csv?name=${encodeURIComponent('山田')}`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bookings-202611211200.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"予約番号","ステータス","決済","受付日時","利用日","商品コード","商品名","申込者","電話番号","メールアドレス","人数","金額（円）","販売チャネル"',
    );
    expect(lines.length).toBe(1 + (await search(`name=${encodeURIComponent('山田')}`)).length);
    expect(text).toContain('"AA100001","予約済み","決済済み"');
    // 受付日時 in Tokyo, YYYY/MM/DD HH:mm; 利用日 YYYY/MM/DD.
    expect(text).toMatch(/"AA100001","予約済み","決済済み","\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}","\d{4}\/\d{2}\/\d{2}",/);

    const evil = (await get('/api/admin/bookings.csv?rsvno=BB200005')).rawPayload.toString('utf8');
    expect(evil).toContain(`"'=HYPERLINK(""x"") +81"`);
    expect(evil).toContain(`"'@evil.example"`);
    // The phone keeps its leading zero in Excel: the text formula ="…" of its digits, the only formula in the file.
    expect(evil).toContain('"=""09012345678"""');
    expect(evil.replaceAll('"=""09012345678"""', '""')).not.toMatch(/(^|,)"[=+\-@＝＋－＠]/m);
  });
  it('finds a mail by any part of it, through its local part when the text has one @ after some (ADR 0186)', async () => {
    await t.ctx.db.execute(sql`update bookings set mail = case rsvno when 'AA100003' then 'Ken.Tomo@Example.com'
      when 'AA100004' then 'tomo@a@b.example' else 'to%mo_@example.jp' end
      where rsvno in ('AA100003', 'AA100004', 'AA100005')`);
    const found = async (mail: string) => (await search(`mail=${encodeURIComponent(mail)}`)).sort();
    expect(await found('TOMO@')).toEqual(['AA100003', 'AA100004']);
    expect(await found('mo@exa')).toEqual(['AA100003']);
    expect(await found('ken.tomo@example.com')).toEqual(['AA100003']);
    expect(await found('tomo@examplx')).toEqual([]);
    // More than one @ in the address, and in the text.
    expect(await found('a@b.ex')).toEqual(['AA100004']);
    expect(await found('tomo@a@b')).toEqual(['AA100004']);
    // % and _ are letters, not patterns, on either path.
    expect(await found('%mo_@')).toEqual(['AA100005']);
    expect(await found('o%m')).toEqual(['AA100005']);
    expect(await found('_@')).toEqual(['AA100005']);
    // Without text before the @, and without an @: the trigrams.
    expect(await found('ken.tomo')).toEqual(['AA100003']);
    expect(await found('@example.jp')).toContain('AA100005');
    const { response } = (await get(`/api/admin/bookings?mail=${encodeURIComponent('tomo@')}`)).json();
    expect(response.total).toBe(2);
  });
});

describe('GET /api/admin/mails', () => {
  it('lists the outbox with status, attempts and last error, filtered', async () => {
    const all = (await get('/api/admin/mails')).json().response;
    expect(all.total).toBe(3);
    const errors = (await get('/api/admin/mails?status=error')).json().response.rows;
    expect(
      errors
        .map((m: { subject: string; attempts: number; lastError: string }) => [m.subject, m.attempts, m.lastError])
        .sort(),
    ).toEqual([
      ['件名1', 10, 'connect ECONNREFUSED'],
      ['件名2', 2, '421 try later'],
    ]);
    const failed = (await get('/api/admin/mails?status=failed')).json().response.rows;
    expect(failed.map((m: { subject: string }) => m.subject)).toEqual(['件名1']);
    const one = (await get('/api/admin/mails?rsvno=aa100005')).json().response.rows;
    expect(one.map((m: { status: string }) => m.status)).toEqual(['sent']);
  });
});

describe('the demo staff accounts', () => {
  it('sign in (the admin with the TOTP secret the seed prints) and are listed by npm run seed', async () => {
    const summary = demoSummary(t.clock);
    for (const staff of DEMO_STAFF) {
      expect(summary).toContain(`${staff.mail} / ${staff.password}`);
      const remoteAddress = nextAddress();
      const first = await t.request({
        method: 'POST',
        url: '/api/admin/login',
        payload: { mail: staff.mail, password: staff.password },
        remoteAddress,
      });
      if (!staff.totpSecret) {
        expect(first.json().response).toMatchObject({ next: 'done', staff: { role: staff.role } });
        continue;
      }
      expect(summary).toContain(`otpauth://totp/`);
      expect(summary).toContain(`secret=${staff.totpSecret}`);
      expect(first.json().response.next).toBe('totp');
      const second = await t.request({
        method: 'POST',
        url: '/api/admin/login/totp',
        payload: { code: totpCodeAt(staff.totpSecret, t.clock.now()) },
        cookies: { [STAFF_COOKIE]: staffCookieOf(first) ?? '' },
        remoteAddress,
      });
      expect(second.json().response).toMatchObject({
        next: 'done',
        staff: { role: 'admin', mustChangePassword: false },
      });
    }
  });
});

// Last: the cancellations below queue mails and change the demo bookings the tests above count.
describe('予約一覧 after refunds', () => {
  it('says 返金済 or 一部返金 in 決済 once a payment went back, in the list and its CSV', async () => {
    // AA100006 is canceled 7 days ahead (its policy keeps a fee); AA100007 with its fee waived by staff.
    await cancelBooking(t.ctx, 'AA100006', { actor: staffActor(1) });
    await cancelBooking(t.ctx, 'AA100007', { actor: staffActor(1), feeOverride: { amount: 0, reason: '運休のため' } });
    const rows = (await get('/api/admin/bookings?rsvno=AA1000')).json().response.rows as BookingRow[];
    const column = Object.fromEntries(rows.map((r) => [r.rsvno, paymentColumn(r)]));
    expect(column).toMatchObject({
      AA100001: '済',
      AA100003: '未',
      AA100006: '一部返金',
      AA100007: '返金済',
    });
    const partly = rows.find((r) => r.rsvno === 'AA100006');
    expect(partly?.refundedAmount).toBeGreaterThan(0);
    expect(partly?.refundedAmount).toBeLessThan(partly?.paidAmount ?? 0);
    const csv = (await get('/api/admin/bookings.csv?rsvno=AA1000')).rawPayload.toString('utf8');
    expect(csv).toContain('"AA100006","キャンセル済み","一部返金"');
    expect(csv).toContain('"AA100007","キャンセル済み","返金済み"');
    expect(csv).toContain('"AA100001","予約済み","決済済み"');
  });
});

/**
 * `count` copies of a demo booking with its line, numbered `prefix` + 6 digits (each a minute older than the last
 * when asked), then analysed as autovacuum would after such a load.
 */
async function copyBooking(from: string, prefix: string, count: number, { olderByMinute }: { olderByMinute: boolean }) {
  const received = olderByMinute ? sql`b.rsvdate - make_interval(mins => g)` : sql`b.rsvdate`;
  await t.ctx.db.execute(sql`
    insert into bookings
    select r.*
    from bookings b, generate_series(1, ${count}) g,
      lateral jsonb_populate_record(null::bookings, to_jsonb(b) || jsonb_build_object(
        'rsvno', ${prefix} || lpad(g::text, 6, '0'), 'rsvdate', ${received})) r
    where b.rsvno = ${from}`);
  await t.ctx.db.execute(sql`
    insert into booking_options (rsvno, pkcd, opcd, usedate, adultqty, adultbaika, seats)
    select ${prefix} || lpad(g::text, 6, '0'), bo.pkcd, bo.opcd, bo.usedate, bo.adultqty, bo.adultbaika, bo.seats
    from booking_options bo, generate_series(1, ${count}) g where bo.rsvno = ${from}`);
  await t.ctx.db.execute(sql`analyze`);
}

describe('GET /api/admin/bookings.csv of any size', () => {
  it('writes every matching booking, read and written in chunks of 2,000 with no ceiling, in the list order', async () => {
    const count = 4_321;
    await copyBooking('AA100001', 'CS', count, { olderByMinute: true });
    const res = await get('/api/admin/bookings.csv?rsvno=CS&sort=rsvdate&dir=desc');
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + count);
    // Newest first: CS000001 was received a minute before AA100001, CS004321 last.
    expect(lines[1]).toMatch(/^"CS000001",/);
    expect(lines.at(-1)).toMatch(/^"CS004321",/);
    expect(new Set(lines.slice(1).map((l) => l.slice(1, 9))).size).toBe(count);
  });
});

describe('GET /api/admin/bookings by a common name (ADR 0179)', () => {
  it('pages a name in reception order exactly as the whole list would, with other filters, both ways', async () => {
    const count = 130;
    await copyBooking('AA100003', 'NM', count, { olderByMinute: true });
    // Applicants: every third 竹内; travellers: every fourth booking two 竹内, every fifth one 竹内 one 林, the rest 林.
    await t.ctx.db.execute(sql`update bookings set sei = case when substr(rsvno, 3)::int % 3 = 0 then '竹内' else '林' end,
      mei = '一郎', status = case when substr(rsvno, 3)::int % 7 = 0 then 4 else status end where rsvno like 'NM%'`);
    await t.ctx.db.execute(sql`insert into booking_members (rsvno, seq, sei, mei, birthday, sex, ageclass)
      select b.rsvno, s, case when g % 4 = 0 or (g % 5 = 0 and s = 1) then '竹内' else '林' end, '二郎', '1990-01-01', '1', '1'
      from bookings b, generate_series(1, 2) s, lateral (select substr(b.rsvno, 3)::int as g) n
      where b.rsvno like 'NM%'`);
    await t.ctx.db.execute(sql`update booking_members set sei = '竹田' where rsvno like 'NM%' and seq = 2
      and substr(rsvno, 3)::int % 11 = 1`);
    const members = await t.ctx.db.select().from(bookingMembers);
    expect(members.filter((m) => m.rsvno.startsWith('NM')).every((m) => m.rsvdate !== null)).toBe(true);
    const all = await t.ctx.db.select().from(bookings);
    const named = (start: string) =>
      new Set([
        ...all.filter((b) => b.sei.startsWith(start)).map((b) => b.rsvno),
        ...members.filter((m) => m.sei.startsWith(start)).map((m) => m.rsvno),
      ]);
    const expected = (dir: 'asc' | 'desc', keep: (b: (typeof all)[number]) => boolean, start = '竹内') =>
      all
        .filter((b) => named(start).has(b.rsvno) && keep(b))
        .sort(
          (x, y) =>
            (dir === 'desc' ? -1 : 1) * (x.rsvdate.getTime() - y.rsvdate.getTime()) || (x.rsvno < y.rsvno ? -1 : 1),
        )
        .map((b) => b.rsvno);
    for (const [query, dir, keep] of [
      [`name=${encodeURIComponent('竹内')}`, 'desc', () => true],
      [`name=${encodeURIComponent('竹内')}&dir=asc`, 'asc', () => true],
      [
        `name=${encodeURIComponent('竹内一郎')}&status=4`,
        'desc',
        (b: (typeof all)[number]) => b.status === 4 && b.sei === '竹内',
      ],
      [`name=${encodeURIComponent('竹内')}&rsvno=NM`, 'desc', (b: (typeof all)[number]) => b.rsvno.startsWith('NM')],
      // One character: every key that starts with it, merged (竹内 and the 竹田 added below).
      [`name=${encodeURIComponent('竹')}`, 'desc', () => true],
    ] as const) {
      const want = expected(dir, keep, query.includes(encodeURIComponent('竹内')) ? '竹内' : '竹');
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 50); page++) {
        const got = (await get(`/api/admin/bookings?${query}&sort=rsvdate&page=${page}`)).json().response;
        expect(got.total, query).toBe(want.length);
        pages.push(...got.rows.map((r: { rsvno: string }) => r.rsvno));
      }
      expect(pages, query).toEqual(want);
    }
    expect(named('竹').size).toBeGreaterThan(named('竹内').size);
    // In use-date order the count comes from the same indexes.
    const byUse = (await get(`/api/admin/bookings?name=${encodeURIComponent('竹')}&sort=usedate`)).json().response;
    expect(byUse.total).toBe(named('竹').size);
    // A booking follows its reception time into its travellers' rows.
    await t.ctx.db.execute(sql`update bookings set rsvdate = rsvdate + interval '1 day' where rsvno = 'NM000004'`);
    const top = (await get(`/api/admin/bookings?name=${encodeURIComponent('竹内')}&sort=rsvdate`)).json().response;
    expect(top.rows[0].rsvno).toBe('NM000004');
  });
});

describe('GET /api/admin/bookings past its counted pages', () => {
  it('counts to 10,000 and says 以上, pages that far, and answers a page beyond with no rows', async () => {
    const count = ADMIN_COUNT_CAP + 50;
    await copyBooking('AA100001', 'CP', count, { olderByMinute: true });
    const first = (await get('/api/admin/bookings?rsvno=CP&sort=rsvdate&dir=desc')).json().response;
    expect(first).toMatchObject({ total: ADMIN_COUNT_CAP, capped: true, pageCount: 200, page: 1 });
    expect(first.rows[0].rsvno).toBe('CP000001');
    const last = (await get('/api/admin/bookings?rsvno=CP&sort=rsvdate&dir=desc&page=200')).json().response;
    expect(last.rows.map((r: { rsvno: string }) => r.rsvno)).toEqual(
      Array.from({ length: 50 }, (_, i) => `CP${String(9951 + i).padStart(6, '0')}`),
    );
    const beyond = (await get('/api/admin/bookings?rsvno=CP&page=201')).json().response;
    expect(beyond).toMatchObject({ rows: [], total: ADMIN_COUNT_CAP, capped: true, page: 201 });
    // A name read in reception order stops its count at the cap too (the copies' applicant is 山田).
    const name = (await get(`/api/admin/bookings?name=${encodeURIComponent('山田')}&sort=rsvdate`)).json().response;
    expect(name).toMatchObject({ total: ADMIN_COUNT_CAP, capped: true, pageCount: 200 });
    expect(name.rows).toHaveLength(50);
    // In use-date order, a name this common walks that order's index and checks each booking's names.
    const all = await t.ctx.db.select().from(bookings);
    const travellers = await t.ctx.db.select().from(bookingMembers);
    const yamada = new Set([
      ...all.filter((b) => b.sei.startsWith('山田')).map((b) => b.rsvno),
      ...travellers.filter((m) => m.sei.startsWith('山田')).map((m) => m.rsvno),
    ]);
    const want = all
      .filter((b) => yamada.has(b.rsvno))
      .sort(
        (x, y) =>
          y.fromdate.localeCompare(x.fromdate) ||
          y.rsvdate.getTime() - x.rsvdate.getTime() ||
          (x.rsvno < y.rsvno ? -1 : 1),
      )
      .map((b) => b.rsvno);
    for (const page of [1, 2, 7]) {
      const got = (
        await get(`/api/admin/bookings?name=${encodeURIComponent('山田')}&sort=usedate&dir=desc&page=${page}`)
      ).json().response;
      expect(got.rows.map((r: { rsvno: string }) => r.rsvno)).toEqual(want.slice((page - 1) * 50, page * 50));
    }
    // A narrower filter counts exactly again.
    const narrow = (await get('/api/admin/bookings?rsvno=CP0099')).json().response;
    expect(narrow.total).toBe(100);
    expect(narrow.capped).toBeUndefined();
  });
});

describe('GET /api/admin/dashboard beyond its lines', () => {
  it('counts every waiting request however many, and sends only the first lines', async () => {
    const before = (await get('/api/admin/dashboard')).json().response;
    await copyBooking('AA100005', 'RQ', 120, { olderByMinute: false });
    const after = (await get('/api/admin/dashboard')).json().response;
    expect(after.counts.waitingRequests).toBe(before.counts.waitingRequests + 120);
    expect(after.counts.waitingRequests).toBeGreaterThan(100);
    expect(after.waitingRequests).toHaveLength(DASHBOARD_LINES);
    expect(after.counts.failedMails).toBe(before.counts.failedMails);
  });
});
