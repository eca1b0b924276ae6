import { birthdayProblem, paymentAllowed, statusLabel } from '@tabi/contract/booking-rules';
import { ageClassFromCode, FROMSPOTS } from '@tabi/contract/constants';
import { addDays, isoDateToYmd, tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import {
  areas,
  bookingMembers,
  bookingOptions,
  bookingRentals,
  bookings,
  cities,
  couponUses,
  departures,
  facilities,
  fromspots,
  keywords,
  nationalities,
  optionImages,
  options,
  payments,
  regions,
} from '../db/schema.ts';
import { bookingDetail } from '../modules/admin/booking-detail.ts';
import { usage as facilityUsage } from '../modules/admin/facilities.ts';
import { hashPin, verifyPin } from '../modules/coupon/pin.ts';
import { verifyPassword } from '../modules/staff/password.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { OPTIONS } from './catalog-data.ts';
import { seedIfEmpty } from './seed.ts';
import { DEMO_STAFF } from './staff.ts';
import { stockRows } from './stock.ts';

const NOW = new Date('2026-11-21T03:00:00Z');
const TODAY = '20261121';
const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}`;

let t: TestApp;
let seedMs = 0;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const started = performance.now();
  expect(await seedIfEmpty(t.ctx.db, t.clock)).toBe(true);
  seedMs = performance.now() - started;
});
afterAll(async () => {
  await t.close();
});

async function option(opcd: string) {
  const [row] = await t.ctx.db.select().from(options).where(eq(options.opcd, opcd));
  if (!row) throw new Error(opcd);
  return row;
}

async function booking(rsvno: string) {
  const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  if (!row) throw new Error(rsvno);
  const opts = await t.ctx.db
    .select()
    .from(bookingOptions)
    .where(eq(bookingOptions.rsvno, rsvno))
    .orderBy(asc(bookingOptions.id));
  const members = await t.ctx.db
    .select()
    .from(bookingMembers)
    .where(eq(bookingMembers.rsvno, rsvno))
    .orderBy(asc(bookingMembers.seq));
  return { ...row, opts, members };
}

describe('demo catalog', () => {
  it('is seeded quickly, in one go, and only once', async () => {
    expect(seedMs).toBeLessThan(15_000);
    expect(await seedIfEmpty(t.ctx.db, t.clock)).toBe(false);
    const [n] = await t.ctx.db.select({ n: count() }).from(options);
    expect(n?.n).toBe(OPTIONS.length);
  });

  it('has at least 40 options over 6+ regions, the 8 departure points, keywords and nationalities', async () => {
    expect(OPTIONS.length).toBeGreaterThanOrEqual(40);
    const [r] = await t.ctx.db.select({ n: count() }).from(regions);
    expect(r?.n).toBeGreaterThanOrEqual(6);
    const [a] = await t.ctx.db.select({ n: count() }).from(areas);
    const [c] = await t.ctx.db.select({ n: count() }).from(cities);
    expect(a?.n).toBeGreaterThanOrEqual(12);
    expect(c?.n).toBeGreaterThanOrEqual(20);
    const spots = await t.ctx.db.select().from(fromspots).orderBy(asc(fromspots.fromspotcd));
    expect(spots.map((s) => [s.fromspotcd, s.caption]).sort()).toEqual(FROMSPOTS.map((f) => [f.id, f.caption]).sort());
    const [k] = await t.ctx.db.select({ n: count() }).from(keywords);
    expect(k?.n).toBeGreaterThanOrEqual(10);
    const nat = await t.ctx.db.select().from(nationalities).orderBy(asc(nationalities.id));
    expect(nat[0]).toMatchObject({ id: 1, nationalityNm: '日本' });
    expect(nat.length).toBeGreaterThanOrEqual(20);
    expect(nat[0]?.translations).toEqual({
      en: { nationalityNm: 'Japan' },
      ko: { nationalityNm: '일본' },
      'zh-Hant': { nationalityNm: '日本' },
      'zh-Hans': { nationalityNm: '日本' },
    });
    // Every row named in every language (catalog-data-langs.test.ts checks the names themselves).
    for (const row of nat)
      expect(Object.keys(row.translations).sort(), String(row.id)).toEqual(['en', 'ko', 'zh-Hans', 'zh-Hant']);
    const pictures = await t.ctx.db.select().from(optionImages);
    for (const p of pictures) {
      for (const texts of Object.values(p.translations))
        expect(texts?.caption && texts.alt, `${p.opcd} ${p.seq}`).toBeTruthy();
      expect(Object.keys(p.translations).sort(), `${p.opcd} ${p.seq}`).toEqual(['en', 'ko', 'zh-Hans', 'zh-Hant']);
    }
  });

  it('sells five options at start times (ADR 0196): some departures full, some with 1–9 seats, a dearer time', async () => {
    const rows = rowsOf<{ opcd: string; times: number; full: number; few: number; dearer: number }>(
      await t.ctx.db.execute(sql`
        select d.opcd, count(distinct d.start_time)::int as times,
          count(*) filter (where d.zaikozan = 0)::int as full,
          count(*) filter (where d.zaikozan between 1 and 9)::int as few,
          count(*) filter (where d.adultbaika > (select min(x.adultbaika) from departures x
            where x.opcd = d.opcd and x.usedate = d.usedate))::int as dearer
        from departures d where d.start_time <> '' group by d.opcd order by d.opcd`),
    );
    expect(rows.map((r) => r.opcd)).toEqual(['OP0049', 'OP0050', 'OP0051', 'OP0052', 'OP0053']);
    expect(rows.every((r) => r.full > 0 && r.few > 0)).toBe(true);
    expect(rows.filter((r) => r.dearer > 0).map((r) => r.opcd)).toEqual(['OP0049', 'OP0053']);
    // Never a day both whole and timed, and every departure ends after it starts.
    const [mixed] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from departures a join departures b
        on a.opcd = b.opcd and a.usedate = b.usedate and a.start_time = '' and b.start_time <> ''`),
    );
    expect(mixed?.n).toBe(0);
    const [ends] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from departures where start_time <> '' and end_time <= start_time`,
      ),
    );
    expect(ends?.n).toBe(0);
  });

  it('gives each option HTML texts, an age note, company details and a cancellation policy', async () => {
    const all = await t.ctx.db.select().from(options);
    for (const o of all) {
      expect(o.introduction).toMatch(/^<p>/);
      expect(o.contents).toMatch(/<ul>|<table>/);
      expect(o.optionattention).toContain('<ul>');
      expect(o.cancelNote).toContain('<table>');
      expect(o.companyname && o.hours && o.address && o.tel).toBeTruthy();
      expect(o.ageNote).not.toBe('');
      expect(o.cancelPolicy?.length).toBeGreaterThan(0);
    }
    expect(all.filter((o) => o.lat === null).length).toBeGreaterThan(0);
    expect(all.filter((o) => o.lat !== null).length).toBeGreaterThan(all.length / 2);
    expect(all.some((o) => o.middleAgeMax !== null)).toBe(true);
    expect(all.some((o) => o.childAgeMax === null)).toBe(true);
    expect(all.some((o) => o.infantAgeMax !== null)).toBe(true);
  });

  it('has the options other modules rely on', async () => {
    const op1 = await option('OP0001');
    expect(op1).toMatchObject({
      fromspotcd: '1302',
      minPeople: 1,
      maxPeople: 8,
      travelkubun: 0,
      childAgeMin: 6,
      childAgeMax: 11,
    });
    expect(op1).toMatchObject({ infantAgeMin: 0, infantAgeMax: 5, adultAgeMin: 12, isCoupon: false });
    const [images] = await t.ctx.db.select({ n: count() }).from(optionImages).where(eq(optionImages.opcd, 'OP0001'));
    expect(images?.n).toBeGreaterThanOrEqual(12);
    expect(await option('OP0002')).toMatchObject({
      flgRequestItem: true,
      minPeople: 1,
      maxPeople: 6,
      childAgeMax: 11,
      middleAgeMax: null,
    });
    const op3 = await option('OP0003');
    expect(op3).toMatchObject({
      rentalcd: '1',
      maxPeople: 6,
      homencd: '01',
      middleAgeMin: 12,
      middleAgeMax: 17,
      childAgeMin: 6,
      childAgeMax: 11,
    });
    expect((await option('OP0004')).rentalcd).toBe('2');
    expect((await option('OP0005')).rentalcd).toBe('3');
    expect((await option('OP0006')).rentalcd).toBe('4');
    const op7 = await option('OP0007');
    expect(op7).toMatchObject({
      travelkubun: 1,
      maxPeople: 4,
      childAgeMax: null,
      middleAgeMax: null,
      infantAgeMax: null,
    });
    expect(op7.extendedFields).toEqual(['passport_number', 'vegetarian_meals']);
    expect((await option('OP0008')).exCd).toBe(3);
    expect((await option('OP0009')).exCd).toBe(1);
    expect((await option('OP0010')).exCd).toBe(2);
    expect(await option('OP0011')).toMatchObject({ isCoupon: true, facilityId: 1 });
    expect(await option('OP0012')).toMatchObject({ isCoupon: true, facilityId: 1 });
    expect(await option('OP0013')).toMatchObject({ isCoupon: true, facilityId: 2 });
    // The ski options' rental shops (レンタル準備表).
    expect(await option('OP0003')).toMatchObject({ isCoupon: false, rentalcd: '1', facilityId: 3 });
    expect(await option('OP0006')).toMatchObject({ isCoupon: false, rentalcd: '4', facilityId: 6 });
    expect(await option('OP0015')).toMatchObject({ minPeople: 2, maxPeople: 2 });
  });

  it('gives the ship its boat company, and has no option of a facility use another’s resource', async () => {
    const [ship] = rowsOf<{ facility_id: number | null }>(
      await t.ctx.db.execute(sql`select facility_id from resources where name like '芦ノ湖 海賊船%'`),
    );
    expect(ship?.facility_id).toBe((await option('OP0013')).facilityId);
    // What the console refuses (ADR 0209): an option of a facility taking, directly or through a pool, a resource
    // not of its facility.
    const wrong = rowsOf<{ opcd: string; name: string }>(
      await t.ctx.db.execute(sql`select o.opcd, m.name from option_resources u
        join options o on o.opcd = u.opcd join resources r on r.id = u.resource_id
        join resources m on m.id = r.id or m.pool = r.pool
        where o.facility_id is not null and m.facility_id is distinct from o.facility_id`),
    );
    expect(wrong).toEqual([]);
  });

  it('has 12 months of daily stock with sold-out days and 1–9 left', async () => {
    const op1 = await t.ctx.db.select().from(departures).where(eq(departures.opcd, 'OP0001'));
    expect(op1).toHaveLength(365);
    expect(op1.filter((s) => s.zaikozan >= 10).length / op1.length).toBeGreaterThan(0.85);
    expect(op1.map((s) => s.usedate).sort()[0]).toBe(iso(TODAY));
    for (const s of op1) {
      expect(Number.isInteger(s.adultbaika)).toBe(true);
      expect(s.childbaika / s.adultbaika).toBeGreaterThanOrEqual(0.5);
      expect(s.childbaika / s.adultbaika).toBeLessThanOrEqual(0.7);
    }
    const twoMonths = (await t.ctx.db.select().from(departures).where(eq(departures.opcd, 'OP0014'))).filter(
      (s) => s.usedate < '2027-01-01',
    );
    const thisMonth = twoMonths.filter((s) => s.usedate < '2026-12-01');
    const nextMonth = twoMonths.filter((s) => s.usedate >= '2026-12-01');
    for (const month of [thisMonth, nextMonth]) {
      expect(month.some((s) => s.zaikozan === 0)).toBe(true);
      expect(month.some((s) => s.zaikozan >= 1 && s.zaikozan <= 9)).toBe(true);
    }
    const op16 = await t.ctx.db.select().from(departures).where(eq(departures.opcd, 'OP0016'));
    expect(op16.length).toBe(365);
    expect(op16.every((s) => s.zaikozan === 2)).toBe(true);
  });
});

describe('demo bookings', () => {
  it('exist AA100001–AA100011, all with the demo phone', async () => {
    const all = await t.ctx.db.select().from(bookings).orderBy(asc(bookings.rsvno));
    expect(all.map((b) => b.rsvno)).toEqual(
      Array.from({ length: 11 }, (_, i) => `AA1000${String(i + 1).padStart(2, '0')}`),
    );
    for (const b of all) {
      expect(b.tel).toBe('090-1234-5678');
      expect(b.telNormalized).toBe('09012345678');
      expect(b.cancelPolicy.length).toBeGreaterThan(0);
    }
  });

  it('show each status label on my page', async () => {
    const servertime = NOW.toISOString();
    const label = async (rsvno: string, at = servertime) => {
      const b = await booking(rsvno);
      return statusLabel({ status: b.status, status_payment: b.statusPayment, rsvdate: b.rsvdate.toISOString() }, at);
    };
    expect(await label('AA100001')).toBe(Msg.statusPaid);
    expect(await label('AA100002')).toBe(Msg.statusUnpaid);
    expect(await label('AA100002', new Date(NOW.getTime() + 61 * 60_000).toISOString())).toBe(Msg.statusCanceled);
    expect(await label('AA100003')).toBe(Msg.statusCanceled);
    expect(await label('AA100004')).toBe(Msg.statusTmp);
    expect(await label('AA100005')).toBe(Msg.statusRequested);
    const b4 = await booking('AA100004');
    expect(b4.paymentDeadline?.getTime()).toBe(NOW.getTime() + 72 * 3_600_000);
    expect(
      paymentAllowed(
        {
          status: b4.status,
          flg_request_rsv: b4.flgRequestRsv,
          payment_deadline_date: b4.paymentDeadline?.toISOString() ?? null,
        },
        servertime,
      ),
    ).toBe(true);
  });

  it('have use dates relative to today and the right options', async () => {
    const b1 = await booking('AA100001');
    expect(b1.fromdate).toBe(iso(addDays(TODAY, 10)));
    expect(b1.opts[0]).toMatchObject({ opcd: 'OP0001', adultqty: 2, childqty: 1, seats: 3, pkcd: 'X' });
    expect(b1.members.map((m) => `${m.sei} ${m.mei}`)).toEqual(['山田 太郎', '山田 花子', '山田 健太']);
    expect((await booking('AA100002')).rsvdate.getTime()).toBe(NOW.getTime());
    expect((await booking('AA100004')).opts[0]?.opcd).toBe('OP0002');
    expect((await booking('AA100005')).status).toBe(6);
    const jr = (await booking('AA100006')).opts[0];
    expect(jr?.exRsvno).toMatch(/^\d{11}$/);
    expect(jr?.exConfirmno).toMatch(/^\d{4}$/);
    const dj = (await booking('AA100007')).opts[0];
    expect(dj?.opcd).toBe('OP0009');
    expect(dj?.exRsvno && dj.exUrl).toBeTruthy();
    const lt = await booking('AA100008');
    expect(lt.fromdate).toBe(iso(addDays(TODAY, 3)));
    expect(lt.opts[0]?.ticketUrl).toMatch(/^https:\/\//);
    const rental = await booking('AA100009');
    expect(rental.fromdate).toBe(iso(addDays(TODAY, -2)));
    expect(rental.opts[0]?.opcd).toBe('OP0003');
    const rentals = await t.ctx.db.select().from(bookingRentals).where(eq(bookingRentals.rsvno, 'AA100009'));
    expect(rentals).toHaveLength(2);
    const coupons = await booking('AA100010');
    expect(coupons.pkcd).toBe('PK0001');
    expect(coupons.opts.map((o) => [o.opcd, o.pkcd, o.usedate, o.adultqty, o.childqty])).toEqual([
      ['OP0011', 'PK0001', iso(TODAY), 2, 1],
      ['OP0012', 'PK0001', iso(TODAY), 2, 1],
      ['OP0013', 'PK0001', iso(TODAY), 2, 1],
    ]);
    expect(coupons.opts[2]).toMatchObject({ couponAdultUsed: 2, couponChildUsed: 1 });
    expect(coupons.opts[0]).toMatchObject({ couponAdultUsed: 0, couponChildUsed: 0 });
    const tomorrow = await booking('AA100011');
    expect(tomorrow.opts.every((o) => o.usedate === iso(addDays(TODAY, 1)) && o.pkcd === 'PK0001')).toBe(true);
  });

  it("AA100010's used 芦ノ湖 coupon is one the console sees used too: クーポンの利用 and the facility's month", async () => {
    // The customer sees OP0013 used up (its counts); the console reads the uses themselves.
    const detail = await bookingDetail(t.ctx, 'AA100010', 'admin');
    expect(detail.couponUses).toEqual([
      expect.objectContaining({ opcd: 'OP0013', adultqty: 2, childqty: 1, outcome: 'used' }),
    ]);
    const used = detail.couponUses[0];
    expect(used && tokyoYmd(new Date(used.at))).toBe(TODAY);
    expect(new Date(used?.at ?? 0).getTime()).toBeLessThanOrEqual(NOW.getTime());
    const usage = await facilityUsage(t.ctx, '2026-11');
    const lake = (await option('OP0013')).facilityId;
    expect(usage.find((u) => u.facilityId === lake)).toMatchObject({ uses: 1, adults: 2, children: 1 });
    // Every count of a used coupon has its use, and no use is without its count.
    const lines = await t.ctx.db.select().from(bookingOptions);
    const uses = await t.ctx.db.select().from(couponUses).where(eq(couponUses.outcome, 'used'));
    for (const line of lines) {
      const mine = uses.filter((u) => u.rsvno === line.rsvno && u.opcd === line.opcd && u.pkcd === line.pkcd);
      expect([mine.reduce((n, u) => n + u.adultqty, 0), mine.reduce((n, u) => n + u.childqty, 0)]).toEqual([
        line.couponAdultUsed,
        line.couponChildUsed,
      ]);
    }
  });

  it('have members whose birthdays fit their age class on the use date', async () => {
    for (let i = 1; i <= 11; i++) {
      const b = await booking(`AA1000${String(i).padStart(2, '0')}`);
      const o = await option(b.opts[0]!.opcd);
      const rules = {
        adult_age_min: o.adultAgeMin,
        adult_age_max: o.adultAgeMax,
        middle_age_min: o.middleAgeMin,
        middle_age_max: o.middleAgeMax,
        child_age_min: o.childAgeMin,
        child_age_max: o.childAgeMax,
        infant_age_min: o.infantAgeMin,
        infant_age_max: o.infantAgeMax,
      };
      for (const m of b.members) {
        const ageClass = ageClassFromCode(m.ageclass);
        expect(ageClass).toBeDefined();
        expect(
          birthdayProblem(isoDateToYmd(m.birthday ?? ''), ageClass!, isoDateToYmd(b.fromdate), TODAY, rules),
        ).toBeNull();
      }
    }
  });

  it('charge the stock prices and record paid ones as sandbox payments', async () => {
    for (let i = 1; i <= 11; i++) {
      const b = await booking(`AA1000${String(i).padStart(2, '0')}`);
      const sum = b.opts.reduce(
        (s, o) =>
          s +
          o.adultqty * o.adultbaika +
          o.middleqty * o.middlebaika +
          o.childqty * o.childbaika +
          o.infantqty * o.infantbaika,
        0,
      );
      expect(b.amountjp).toBe(sum);
      const paid = await t.ctx.db.select().from(payments).where(eq(payments.rsvno, b.rsvno));
      if (b.statusPayment === 1) {
        expect(paid).toHaveLength(1);
        expect(paid[0]).toMatchObject({ provider: 'sandbox', status: 'paid', amount: sum });
      } else {
        expect(paid).toHaveLength(0);
      }
    }
  });

  it('take their seats from the stock (held bookings only)', async () => {
    const generated = (opcd: string, day: string) =>
      stockRows(OPTIONS.find((o) => o.opcd === opcd)!, TODAY).find((r) => r.usedate === day)!.zaikozan;
    const left = async (opcd: string, day: string) => {
      const [row] = await t.ctx.db
        .select()
        .from(departures)
        .where(and(eq(departures.opcd, opcd), eq(departures.usedate, iso(day))));
      return row!.zaikozan;
    };
    const d1 = addDays(TODAY, 10);
    const before = generated('OP0001', d1);
    expect(await left('OP0001', d1)).toBe((before < 3 ? 9 : before) - 3);
    const d3 = addDays(TODAY, 30);
    expect(await left('OP0026', d3)).toBe(generated('OP0026', d3));
    const d10 = TODAY;
    const c = generated('OP0013', d10);
    expect(await left('OP0013', d10)).toBe((c < 3 ? 9 : c) - 3);
  });
});

describe('facility PINs', () => {
  it('are stored as scrypt hashes that verify', async () => {
    const rows = await t.ctx.db.select().from(facilities).orderBy(asc(facilities.id));
    expect(rows.map((f) => f.id)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const f of rows) expect(f.pinHash).toMatch(/^scrypt\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPin('1234', rows[0]!.pinHash)).toBe(true);
    expect(await verifyPin('5678', rows[1]!.pinHash)).toBe(true);
    expect(await verifyPin('5678', rows[0]!.pinHash)).toBe(false);
    expect(await verifyPin('１２３４', rows[0]!.pinHash)).toBe(true);
  });

  it('hash with a fresh salt and reject malformed hashes', async () => {
    const a = await hashPin('0000');
    const b = await hashPin('0000');
    expect(a).not.toBe(b);
    expect(await verifyPin('0000', a)).toBe(true);
    for (const bad of ['', 'scrypt$', 'bcrypt$a$b', 'scrypt$AAAA$AAAA', a.slice(0, -4)]) {
      expect(await verifyPin('0000', bad)).toBe(false);
    }
  });
});

describe('demo staff', () => {
  it('sign in with the printed passwords: the hashes in the source are theirs, at production cost', async () => {
    for (const staff of DEMO_STAFF) {
      expect(staff.passwordHash.startsWith('scrypt$32768$8$1$')).toBe(true);
      expect(await verifyPassword(staff.password, staff.passwordHash)).toBe(true);
      expect(await verifyPassword(`${staff.password}x`, staff.passwordHash)).toBe(false);
    }
  });
});
