/** Loads the demo data of DESIGN §2 relative to today (Asia/Tokyo), in one transaction. */

import { normalisePhone } from '@tabi/contract/booking-rules';
import { AGE_CLASSES, type AgeClass, FROMSPOTS, PACKAGE_CODE_OPTION } from '@tabi/contract/constants';
import { type OptionTextField, TRANSLATED_LANGS, type TranslatedLang } from '@tabi/contract/content';
import { addDays, tokyoDayStart, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { and, eq, sql } from 'drizzle-orm';
import { type Clock, todayIn } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  areas,
  bookingEvents,
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
  optionKeywords,
  options,
  payments,
  regions,
  sandboxCheckouts,
} from '../db/schema.ts';
import { sanitizeHtml } from '../http/safe-html.ts';
import { storedColumns } from '../modules/booking/lifecycle.ts';
import { randomRsvno } from '../modules/booking/rsvno.ts';
import { imagePath } from '../modules/catalog/images.ts';
import { hashPin } from '../modules/coupon/pin.ts';
import { DEMO_BOOKINGS, DEMO_TEL, type DemoBooking, useDateOf } from './bookings.ts';
import {
  AGE_PRESETS,
  AREAS,
  CITIES,
  FACILITIES,
  KEYWORDS,
  NATIONALITIES,
  OPTIONS,
  type OptionSeed,
  REGIONS,
} from './catalog-data.ts';
import { CATALOG_IN, demoPictureTexts, namesIn } from './catalog-data-langs.ts';
import {
  AGE_NOTES,
  attentionHtml,
  cancelNoteHtml,
  contentsHtml,
  DEFAULT_CANCEL_POLICY,
  informationHtml,
  introductionHtml,
  seedInLang,
} from './content.ts';
import { insertDemoDiscounts } from './discounts.ts';
import { insertDemoRentalStock, insertDemoResources } from './resources.ts';
import { demoStaffSummary, insertDemoStaff } from './staff.ts';
import { birthdayForAge, type DepartureRow, stockRows, unitPrices, usePeriod } from './stock.ts';

const SEED_LOCK = 72_741_001;
/** ~16,000 rows in one statement: one JSON parameter expanded by the database is far faster than batches. */
async function insertStock(tx: Tx, rows: DepartureRow[]): Promise<void> {
  const payload = JSON.stringify(rows.map((r) => ({ ...r, usedate: ymdToIsoDate(r.usedate) })));
  await tx.execute(sql`
    insert into departures (opcd, usedate, start_time, end_time, zaikozan, adultbaika, middlebaika, childbaika,
      infantbaika)
    select opcd, usedate, "startTime", "endTime", zaikozan, adultbaika, middlebaika, childbaika, infantbaika
    from json_to_recordset(${payload}::json) as x(opcd text, usedate date, "startTime" text, "endTime" text,
      zaikozan int, adultbaika int, middlebaika int, childbaika int, infantbaika int)`);
}

function cityOf(citycd: string) {
  const city = CITIES.find((c) => c.citycd === citycd);
  const area = AREAS.find((a) => a.areacd === city?.areacd);
  if (!city || !area) throw new Error(`unknown city ${citycd}`);
  return { citycd, areacd: area.areacd, homencd: area.homencd };
}

function optionRow(o: OptionSeed, index: number, today: Ymd): typeof options.$inferInsert {
  const ages = AGE_PRESETS[o.ages];
  const period = usePeriod(o, today);
  return {
    opcd: o.opcd,
    webname: o.webname,
    introduction: introductionHtml(o),
    contents: contentsHtml(o),
    optionattention: attentionHtml(o),
    information: informationHtml(o),
    cancelNote: cancelNoteHtml(),
    ageNote: ages.note,
    ...cityOf(o.citycd),
    fromspotcd: o.fromspotcd,
    meetpoint: o.meetpoint,
    useFrom: ymdToIsoDate(period.from),
    useTo: ymdToIsoDate(period.to),
    companyname: o.company.name,
    companyattention: o.coupon?.companyattention ?? '',
    hours: o.company.hours,
    address: o.company.address,
    tel: o.company.tel,
    lat: o.latlon?.[0] ?? null,
    lon: o.latlon?.[1] ?? null,
    flgRequestItem: o.request ?? false,
    adultAgeMin: ages.adult[0],
    adultAgeMax: ages.adult[1],
    middleAgeMin: ages.middle[0],
    middleAgeMax: ages.middle[1],
    childAgeMin: ages.child[0],
    childAgeMax: ages.child[1],
    infantAgeMin: ages.infant[0],
    infantAgeMax: ages.infant[1],
    minPeople: o.min ?? 1,
    maxPeople: o.max,
    rentalcd: o.rentalcd ?? '',
    travelkubun: o.travelkubun ?? 0,
    extendedFields: o.extended ?? [],
    exCd: o.exCd ?? 0,
    serviceno: o.jr?.serviceno ?? null,
    departurePoint: o.jr?.from ?? null,
    departureTime: o.jr?.depart ?? null,
    arrivalPoint: o.jr?.to ?? null,
    arrivalTime: o.jr?.arrive ?? null,
    exIssueMethod: o.jr?.issue ?? null,
    isCoupon: Boolean(o.coupon),
    facilityId: o.coupon?.facilityId ?? o.rentalShop ?? null,
    cancelPolicy: DEFAULT_CANCEL_POLICY,
    ...salesCutoffOf(o),
    sort: (index + 1) * 10,
    translations: Object.fromEntries(TRANSLATED_LANGS.map((lang) => [lang, textsIn(o, lang)])),
  };
}

/**
 * When the demo's sales of a day close (ADR 0191): a request item or a rental at 17:00 the day before (the shop
 * prepares and the company arranges), a tour two hours before the first time of its schedule, anything else as
 * the day begins.
 */
function salesCutoffOf(o: OptionSeed): { salesCutoffDaysBefore: number; salesCutoffTime: string } {
  if (o.request || o.rentalcd) return { salesCutoffDaysBefore: 1, salesCutoffTime: '17:00' };
  const [h, m] = (o.schedule?.[0]?.[0] ?? '').split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m) || h < 2) {
    return { salesCutoffDaysBefore: 0, salesCutoffTime: '00:00' };
  }
  const minutes = h * 60 + m - 120;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { salesCutoffDaysBefore: 0, salesCutoffTime: time };
}

/** The option's texts in another language, written from that language's seed like the Japanese from its own. */
function textsIn(seed: OptionSeed, lang: TranslatedLang): Partial<Record<OptionTextField, string>> {
  const local = CATALOG_IN[lang].options[seed.opcd];
  if (!local) throw new Error(`no ${lang} for ${seed.opcd}`);
  const o = seedInLang(seed, local);
  // Stored as the console stores HTML (sanitised: `&` as `&amp;`), so a first edit changes only what staff change.
  return {
    webname: o.webname,
    introduction: sanitizeHtml(introductionHtml(o)),
    contents: sanitizeHtml(contentsHtml(o, lang)),
    optionattention: sanitizeHtml(attentionHtml(o, lang)),
    information: sanitizeHtml(informationHtml(o, lang)),
    cancelNote: sanitizeHtml(cancelNoteHtml(lang)),
    ageNote: AGE_NOTES[lang][o.ages],
    ...(o.meetpoint ? { meetpoint: o.meetpoint } : {}),
    companyname: o.company.name,
    companyattention: sanitizeHtml(o.coupon?.companyattention ?? ''),
    hours: o.company.hours,
    address: o.company.address,
    ...(o.jr ? { departurePoint: o.jr.from, arrivalPoint: o.jr.to } : {}),
  };
}

interface BookingRows {
  booking: typeof bookings.$inferInsert;
  options: (typeof bookingOptions.$inferInsert)[];
  members: (typeof bookingMembers.$inferInsert)[];
  rentals: (typeof bookingRentals.$inferInsert)[];
  payment: typeof payments.$inferInsert | null;
  /** A coupon used at its facility is also a `coupon_uses` row, as a use on the site makes one. */
  couponUses: (typeof couponUses.$inferInsert)[];
}

function countByClass(b: DemoBooking): Record<AgeClass, number> {
  const counts: Record<AgeClass, number> = { adult: 0, middle: 0, child: 0, infant: 0 };
  for (const m of b.members) counts[m.ageClass] += 1;
  return counts;
}

/** Builds a demo booking and takes its seats from `stockByKey` (held unless canceled). */
function bookingRows(b: DemoBooking, now: Date, today: Ymd, stockByKey: Map<string, DepartureRow>): BookingRows {
  const usedate = useDateOf(b, today);
  const rsvdate = new Date(now.getTime() - b.madeMinutesAgo * 60_000);
  const counts = countByClass(b);
  const seats = b.members.length;
  let amount = 0;
  const optionRows = b.options.map((bo) => {
    const seed = OPTIONS.find((o) => o.opcd === bo.opcd);
    if (!seed) throw new Error(`unknown option ${bo.opcd}`);
    const held = stockByKey.get(`${bo.opcd}|${usedate}|`);
    const prices = held ?? unitPrices(seed, usedate);
    if (held && !b.canceled) {
      if (held.zaikozan < seats) held.zaikozan = seats + 6;
      held.zaikozan -= seats;
    }
    for (const c of AGE_CLASSES) amount += counts[c] * prices[`${c}baika`];
    return {
      rsvno: b.rsvno,
      pkcd: b.pkcd,
      opcd: bo.opcd,
      usedate: ymdToIsoDate(usedate),
      adultqty: counts.adult,
      middleqty: counts.middle,
      childqty: counts.child,
      infantqty: counts.infant,
      adultbaika: prices.adultbaika,
      middlebaika: prices.middlebaika,
      childbaika: prices.childbaika,
      infantbaika: prices.infantbaika,
      seats,
      couponAdultUsed: bo.couponUsedAll ? counts.adult : 0,
      couponChildUsed: bo.couponUsedAll ? counts.child : 0,
      ticketUrl: bo.ticketUrl ?? null,
      exRsvno: bo.exRsvno ?? null,
      exConfirmno: bo.exConfirmno ?? null,
      exUrl: bo.exUrl ?? null,
    };
  });
  const stored = storedColumns(b.state, b.paid);
  const first = OPTIONS.find((o) => o.opcd === b.options[0]?.opcd);
  const leader = b.members[0];
  if (!leader) throw new Error(`${b.rsvno} has no members`);
  return {
    booking: {
      rsvno: b.rsvno,
      pkcd: b.pkcd,
      ...stored,
      rsvdate,
      paymentDeadline: b.paymentDeadlineHours ? new Date(now.getTime() + b.paymentDeadlineHours * 3_600_000) : null,
      fromdate: ymdToIsoDate(usedate),
      todate: ymdToIsoDate(usedate),
      sei: leader.sei,
      mei: leader.mei,
      tel: DEMO_TEL,
      telNormalized: normalisePhone(DEMO_TEL),
      mail: b.mail,
      amountjp: amount,
      md: '',
      lang: 'ja',
      meetpoint: b.pkcd === PACKAGE_CODE_OPTION ? (first?.meetpoint ?? null) : null,
      cancelPolicy: DEFAULT_CANCEL_POLICY,
      canceledAt: b.canceled ? new Date(now.getTime() - 2 * 86_400_000) : null,
      cancelFee: b.canceled ? 0 : null,
      refundAmount: b.canceled ? 0 : null,
      createdAt: rsvdate,
    },
    options: optionRows,
    members: b.members.map((m, i) => ({
      rsvno: b.rsvno,
      seq: i + 1,
      sei: m.sei,
      mei: m.mei,
      birthday: ymdToIsoDate(birthdayForAge(m.age, usedate)),
      sex: m.sex,
      ageclass: { adult: '1', child: '2', infant: '3', middle: '4' }[m.ageClass],
      nationalityId: 1,
      extended: {},
    })),
    rentals: b.members.flatMap((m, i) =>
      m.rental
        ? [{ rsvno: b.rsvno, seq: i + 1, model: m.rental.model, bootsSize: m.rental.boots, wearSize: m.rental.wear }]
        : [],
    ),
    // Used earlier today (the coupon's day), never before the Tokyo day began: the console's クーポンの利用 and
    // the facility's monthly usage read these rows, the customer's 使用済み reads the counts above.
    couponUses: optionRows
      .filter((o) => o.couponAdultUsed > 0 || o.couponChildUsed > 0)
      .map((o) => ({
        rsvno: b.rsvno,
        opcd: o.opcd,
        pkcd: o.pkcd,
        adultqty: o.couponAdultUsed,
        childqty: o.couponChildUsed,
        outcome: 'used' as const,
        createdAt: new Date(
          Math.min(now.getTime(), Math.max(now.getTime() - 30 * 60_000, tokyoDayStart(usedate).getTime())),
        ),
      })),
    payment:
      stored.statusPayment === 1
        ? {
            rsvno: b.rsvno,
            provider: 'sandbox',
            checkoutSessionId: `cs_sandbox_demo_${b.rsvno}`,
            amount,
            status: 'paid',
            chargeId: `ch_sandbox_demo_${b.rsvno}`,
            createdAt: rsvdate,
            paidAt: new Date(rsvdate.getTime() + 3 * 60_000),
          }
        : null,
  };
}

async function writeSeed(tx: Tx, clock: Clock): Promise<void> {
  const now = clock.now();
  const today = todayIn(clock);
  const pinHashes = await Promise.all(FACILITIES.map((f) => hashPin(f.pin)));

  await tx.insert(regions).values(
    REGIONS.map((r, i) => ({
      ...r,
      sort: (i + 1) * 10,
      translations: namesIn('homennm', (c) => c.regions[r.homencd]),
    })),
  );
  await tx
    .insert(areas)
    .values(
      AREAS.map((a, i) => ({ ...a, sort: (i + 1) * 10, translations: namesIn('areanm', (c) => c.areas[a.areacd]) })),
    );
  await tx.insert(cities).values(
    CITIES.map((city, i) => ({
      ...city,
      sort: (i + 1) * 10,
      translations: namesIn('citynm', (c) => c.cities[city.citycd]),
    })),
  );
  await tx.insert(fromspots).values(FROMSPOTS.map((f) => ({ fromspotcd: f.id, caption: f.caption })));
  await tx.insert(keywords).values(
    KEYWORDS.map((k, i) => ({
      ...k,
      sort: (i + 1) * 10,
      translations: namesIn('keyname', (c) => c.keywords[k.keycd]),
    })),
  );
  await tx.insert(nationalities).values(
    NATIONALITIES.map((n) => ({
      id: n.id,
      nationalityNm: n.nationality_nm,
      translations: namesIn('nationalityNm', (c) => c.nationalities[n.id]),
      sort: n.id,
    })),
  );
  await tx.insert(facilities).values(
    FACILITIES.map((f, i) => ({
      id: f.id,
      name: f.name,
      translations: namesIn('name', (c) => c.facilities[f.id]),
      pinHash: pinHashes[i] ?? '',
      mail: f.mail ?? null,
    })),
  );
  await tx.execute(sql`select setval(pg_get_serial_sequence('facilities', 'id'), (select max(id) from facilities))`);

  await tx.insert(options).values(OPTIONS.map((o, i) => optionRow(o, i, today)));
  await tx.insert(optionImages).values(
    OPTIONS.flatMap((o) =>
      demoPictureTexts(o.opcd).map((texts, i) => ({
        opcd: o.opcd,
        seq: i + 1,
        image: imagePath(o.opcd, i + 1),
        ...texts,
      })),
    ),
  );
  await tx.insert(optionKeywords).values(OPTIONS.flatMap((o) => o.keywords.map((keycd) => ({ opcd: o.opcd, keycd }))));

  const stockByKey = new Map<string, DepartureRow>();
  for (const o of OPTIONS) {
    for (const row of stockRows(o, today)) stockByKey.set(`${row.opcd}|${row.usedate}|${row.startTime}`, row);
  }
  const demo = DEMO_BOOKINGS.map((b) => bookingRows(b, now, today, stockByKey));

  await insertStock(tx, [...stockByKey.values()]);
  await insertDemoResources(tx, today);
  await insertDemoRentalStock(tx, today);
  await insertDemoDiscounts(tx, today);
  await insertDemoStaff(tx, now);
  await insertBookingRows(tx, demo, now);
}

/** Writes demo bookings with their options, people, history, rentals, coupon uses and payments. */
async function insertBookingRows(tx: Tx, demo: BookingRows[], now: Date): Promise<void> {
  await tx.insert(bookings).values(demo.map((d) => d.booking));
  await tx.insert(bookingOptions).values(demo.flatMap((d) => d.options));
  await tx.insert(bookingMembers).values(demo.flatMap((d) => d.members));
  // Each demo booking's history starts with its making (ADR 0100), as a booking made on the site does.
  await tx.insert(bookingEvents).values(
    demo.map(({ booking }) => ({
      rsvno: booking.rsvno,
      at: booking.rsvdate,
      actorKind: 'system' as const,
      actor: 'seed',
      action: 'created',
      after: { status: booking.status, status_payment: booking.statusPayment, amountjp: booking.amountjp },
      note: 'デモデータ',
    })),
  );
  const rentals = demo.flatMap((d) => d.rentals);
  if (rentals.length > 0) await tx.insert(bookingRentals).values(rentals);
  const used = demo.flatMap((d) => d.couponUses);
  if (used.length > 0) await tx.insert(couponUses).values(used);
  const paid = demo.flatMap((d) => (d.payment ? [d.payment] : []));
  if (paid.length > 0) {
    await tx.insert(payments).values(paid);
    // The sandbox provider's own record of each demo charge, so that refunding a demo booking is booked there too.
    await tx.insert(sandboxCheckouts).values(
      demo.flatMap(({ booking, payment }) =>
        payment
          ? [
              {
                id: payment.checkoutSessionId,
                rsvno: payment.rsvno,
                name: 'デモ決済',
                amount: payment.amount,
                customerEmail: booking.mail,
                successUrl: '/mypage?checkout-processing=0',
                cancelUrl: '/mypage?checkout-processing=1',
                expiresAt: payment.paidAt ?? now,
                status: 'complete',
                chargeId: payment.chargeId ?? null,
                createdAt: payment.createdAt ?? now,
              },
            ]
          : [],
      ),
    );
  }
}

/**
 * A new booking made as the demo booking `like` is (its state, options, people, tickets, coupons and payment), under
 * a number of its own, its seats taken from the day's stock: the end-to-end specs' own data
 * (`POST /api/_test/bookings`, TEST_ROUTES=1 only, ADR 0204), so that no spec depends on what another did to a
 * shared demo booking.
 */
export async function copyDemoBooking(db: Db, clock: Clock, like: string): Promise<{ rsvno: string; tel: string }> {
  const demo = DEMO_BOOKINGS.find((b) => b.rsvno === like);
  if (!demo) throw new RangeError(`no demo booking ${like}`);
  const now = clock.now();
  const today = todayIn(clock);
  const rsvno = randomRsvno();
  const usedate = useDateOf(demo, today);
  await db.transaction(async (tx) => {
    const wholeDay = (opcd: string) =>
      and(eq(departures.opcd, opcd), eq(departures.usedate, ymdToIsoDate(usedate)), eq(departures.startTime, ''));
    const held = new Map<string, DepartureRow>();
    for (const { opcd } of demo.options) {
      const [row] = await tx.select().from(departures).where(wholeDay(opcd)).for('update');
      if (row) held.set(`${opcd}|${usedate}|`, { ...row, usedate });
    }
    const rows = bookingRows({ ...demo, rsvno }, now, today, held);
    for (const row of held.values()) {
      await tx.update(departures).set({ zaikozan: row.zaikozan }).where(wholeDay(row.opcd));
    }
    await insertBookingRows(tx, [rows], now);
  });
  return { rsvno, tel: DEMO_TEL };
}

/** Seeds unconditionally (the caller knows the tables are empty). */
export async function seed(db: Db, clock: Clock): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await writeSeed(tx, clock);
  });
}

/** Seeds when there is no option yet; safe when several instances start at once. Returns whether it seeded. */
export async function seedIfEmpty(db: Db, clock: Clock): Promise<boolean> {
  const existing = await db.select({ opcd: options.opcd }).from(options).limit(1);
  if (existing.length > 0) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const again = await tx.select({ opcd: options.opcd }).from(options).limit(1);
    if (again.length > 0) return false;
    await writeSeed(tx, clock);
    return true;
  });
}

/** The demo logins and facility PINs, for `npm run seed` and the e2e server's log. */
export function demoSummary(clock: Clock): string {
  const today = todayIn(clock);
  const lines = [
    'デモ用ログイン（予約番号 / 電話番号）:',
    ...DEMO_BOOKINGS.map((b) => `  ${b.rsvno} / ${DEMO_TEL}  利用日 ${useDateOf(b, today)}  ${b.shows}`),
    '施設の暗証番号（クーポン使用）:',
    ...FACILITIES.map((f) => `  施設${f.id} ${f.name}: ${f.pin}`),
    `在庫・料金: ${today} から ${addDays(today, 364)} まで（OP0001〜OP${String(OPTIONS.length).padStart(4, '0')}）`,
    ...demoStaffSummary(),
  ];
  return lines.join('\n');
}
