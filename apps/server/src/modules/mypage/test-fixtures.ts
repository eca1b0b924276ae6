/** Fixtures for the my-page and coupon integration tests: a small catalog and bookings built to order. */
import { normalisePhone } from '@tabi/contract/booking-rules';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import type { DbOrTx } from '../../db/client.ts';
import {
  areas,
  type BookingState,
  bookingMembers,
  bookingOptions,
  bookingRentals,
  bookings,
  type CancelTier,
  cities,
  departures,
  facilities,
  fromspots,
  nationalities,
  optionImages,
  options,
  payments,
  regions,
} from '../../db/schema.ts';
import type { TestApp } from '../../test/helper.ts';
import { storedColumns } from '../booking/lifecycle.ts';
import { type PaymentProvider, ProviderRefusal } from '../payment/provider.ts';

export const FIXTURE_TEL = '090-1234-5678';
export const FIXTURE_PIN = '1234';

/** DESIGN §5's standard terms: from N days before the use date on, P percent. */
export const STANDARD_POLICY: CancelTier[] = [
  { daysBefore: 21, percent: 0 },
  { daysBefore: 20, percent: 20 },
  { daysBefore: 7, percent: 30 },
  { daysBefore: 1, percent: 40 },
  { daysBefore: 0, percent: 50 },
  { daysBefore: -1, percent: 100 },
];

type OptionRow = typeof options.$inferInsert;

export const FIXTURE_OPTIONS = {
  tour: 'TOP001',
  rentalSki: 'TOP003',
  rentalWear: 'TOP004',
  couponA: 'TOP011',
  couponB: 'TOP012',
  couponOther: 'TOP013',
} as const;

/** Facility 101 opens with FIXTURE_PIN, facility 102 with '9999'; hashes come from the seed's `hashPin`. */
export async function insertCatalog(db: DbOrTx, hashPin: (pin: string) => string | Promise<string>): Promise<void> {
  await db.insert(regions).values({ homencd: 'R1', homennm: '関東' });
  await db.insert(areas).values({ areacd: 'A1', homencd: 'R1', areanm: '東京' });
  await db.insert(cities).values({ citycd: 'C1', areacd: 'A1', citynm: '千代田区' });
  await db.insert(fromspots).values({ fromspotcd: '1302', caption: '東京駅' });
  await db.insert(nationalities).values([
    { id: 1, nationalityNm: '日本' },
    { id: 2, nationalityNm: 'アメリカ' },
  ]);
  await db.insert(facilities).values([
    { id: 101, name: 'テスト施設', pinHash: await hashPin(FIXTURE_PIN) },
    { id: 102, name: '別の施設', pinHash: await hashPin('9999') },
  ]);
  const base: Omit<OptionRow, 'opcd' | 'webname'> = {
    homencd: 'R1',
    areacd: 'A1',
    citycd: 'C1',
    useFrom: '2020-01-01',
    useTo: '2099-12-31',
    contents: '<p>内容</p>',
    cancelNote: '<p>キャンセル規定</p>',
    companyname: 'テスト観光',
    hours: '9:00〜17:00',
    address: '東京都千代田区丸の内1-1',
    tel: '03-0000-0000',
    lat: 35.68,
    lon: 139.76,
    cancelPolicy: STANDARD_POLICY,
  };
  await db.insert(options).values([
    {
      ...base,
      opcd: FIXTURE_OPTIONS.tour,
      webname: '東京日帰りバスツアー',
      fromspotcd: '1302',
      meetpoint: '東京駅丸の内北口',
      serviceno: 'S-100',
      departurePoint: '東京駅',
      departureTime: '08:00',
      arrivalPoint: '新宿',
      arrivalTime: '18:00',
      exCd: 0,
      adultAgeMin: 12,
      childAgeMin: 6,
      childAgeMax: 11,
      extendedFields: ['passport_number', 'vegetarian_meals'],
    },
    {
      ...base,
      opcd: FIXTURE_OPTIONS.rentalSki,
      webname: 'ニセコ スキーレンタル',
      rentalcd: '1',
      middleAgeMin: 12,
      middleAgeMax: 17,
      childAgeMin: 6,
      childAgeMax: 11,
    },
    { ...base, opcd: FIXTURE_OPTIONS.rentalWear, webname: 'ウェアレンタル', rentalcd: '2' },
    {
      ...base,
      opcd: FIXTURE_OPTIONS.couponA,
      webname: '温泉入浴クーポン',
      introduction: '<p>日帰り温泉</p>',
      optionattention: '<p>タオル付き</p>',
      companyattention: '受付でご提示ください',
      isCoupon: true,
      facilityId: 101,
    },
    { ...base, opcd: FIXTURE_OPTIONS.couponB, webname: '食事クーポン', isCoupon: true, facilityId: 101 },
    { ...base, opcd: FIXTURE_OPTIONS.couponOther, webname: '体験クーポン', isCoupon: true, facilityId: 102 },
  ]);
  await db.insert(optionImages).values([
    { opcd: FIXTURE_OPTIONS.couponA, seq: 2, image: '/images/b.jpg', caption: '2枚目' },
    { opcd: FIXTURE_OPTIONS.couponA, seq: 1, image: '/images/a.jpg', caption: '1枚目' },
  ]);
}

export async function insertStock(db: DbOrTx, opcd: string, usedate: Ymd, zaikozan: number): Promise<void> {
  await db
    .insert(departures)
    .values({ opcd, usedate: ymdToIsoDate(usedate), zaikozan, adultbaika: 10000, childbaika: 5000, middlebaika: 8000 })
    .onConflictDoUpdate({ target: [departures.opcd, departures.usedate, departures.startTime], set: { zaikozan } });
}

export interface FixtureOption {
  opcd: string;
  pkcd?: string;
  usedate?: Ymd;
  adultqty?: number;
  middleqty?: number;
  childqty?: number;
  adultbaika?: number;
  middlebaika?: number;
  childbaika?: number;
  couponAdultUsed?: number;
  couponChildUsed?: number;
  ticketUrl?: string | null;
}

export interface FixtureBooking {
  rsvno: string;
  fromdate: Ymd;
  todate?: Ymd;
  /** Its state (default paid). */
  state?: BookingState;
  rsvdate?: Date;
  paymentDeadline?: Date | null;
  pkcd?: string;
  tel?: string;
  /** Defaults to the booking options' total. */
  amountjp?: number;
  options: FixtureOption[];
  members?: {
    seq: number;
    ageclass: string;
    birthday: Ymd;
    nationalityId?: number;
    extended?: Record<string, unknown>;
  }[];
  rentals?: { seq: number; model?: string; bootsSize?: string; wearSize?: string }[];
  /**
   * Whether money was received: a canceled booking's `status_payment` (default: it was), and a paid card payment of
   * the whole amount (charge id `ch_<rsvno>`; default: when `status_payment` says paid).
   */
  paid?: boolean;
  cancelPolicy?: CancelTier[];
}

export async function insertBooking(db: DbOrTx, spec: FixtureBooking, now: Date): Promise<void> {
  const opts = spec.options.map((o) => ({
    adultqty: 2,
    middleqty: 0,
    childqty: 1,
    adultbaika: 10000,
    middlebaika: 8000,
    childbaika: 5000,
    usedate: spec.fromdate,
    pkcd: spec.pkcd ?? 'X',
    ...o,
  }));
  const amount =
    spec.amountjp ??
    opts.reduce(
      (sum, o) => sum + o.adultqty * o.adultbaika + o.middleqty * o.middlebaika + o.childqty * o.childbaika,
      0,
    );
  const stored = storedColumns(spec.state ?? 'paid', spec.paid ?? true);
  const rsvdate = spec.rsvdate ?? new Date(now.getTime() - 24 * 3600_000);
  await db.insert(bookings).values({
    rsvno: spec.rsvno,
    pkcd: spec.pkcd ?? 'X',
    ...stored,
    rsvdate,
    paymentDeadline: spec.paymentDeadline ?? null,
    fromdate: ymdToIsoDate(spec.fromdate),
    todate: ymdToIsoDate(spec.todate ?? spec.fromdate),
    sei: '山田',
    mei: '太郎',
    tel: spec.tel ?? FIXTURE_TEL,
    telNormalized: normalisePhone(spec.tel ?? FIXTURE_TEL),
    mail: 'taro@example.com',
    amountjp: amount,
    meetpoint: '東京駅丸の内北口',
    cancelPolicy: spec.cancelPolicy ?? STANDARD_POLICY,
    createdAt: rsvdate,
  });
  for (const o of opts) {
    await db.insert(bookingOptions).values({
      rsvno: spec.rsvno,
      pkcd: o.pkcd,
      opcd: o.opcd,
      usedate: ymdToIsoDate(o.usedate),
      adultqty: o.adultqty,
      middleqty: o.middleqty,
      childqty: o.childqty,
      adultbaika: o.adultbaika,
      middlebaika: o.middlebaika,
      childbaika: o.childbaika,
      seats: o.adultqty + o.middleqty + o.childqty,
      couponAdultUsed: o.couponAdultUsed ?? 0,
      couponChildUsed: o.couponChildUsed ?? 0,
      ticketUrl: o.ticketUrl ?? null,
    });
  }
  const members = spec.members ?? [
    {
      seq: 1,
      ageclass: '1',
      birthday: '19800101',
      nationalityId: 1,
      // As the booking module stores them (flat); the nested request form is read too.
      extended: { passport_number: 'TK1234567', vegetarian_meals: true },
    },
    {
      seq: 2,
      ageclass: '1',
      birthday: '19820202',
      nationalityId: 2,
      extended: { extended_participant_fields: { vegetarian_meals: '0' } },
    },
    { seq: 3, ageclass: '2', birthday: addDays('20170101', 0) },
  ];
  for (const m of members) {
    await db.insert(bookingMembers).values({
      rsvno: spec.rsvno,
      seq: m.seq,
      sei: '山田',
      mei: `参加者${m.seq}`,
      birthday: ymdToIsoDate(m.birthday),
      sex: m.seq % 2 === 1 ? '1' : '2',
      ageclass: m.ageclass,
      nationalityId: m.nationalityId ?? 0,
      extended: m.extended ?? {},
    });
  }
  for (const r of spec.rentals ?? []) {
    await db.insert(bookingRentals).values({
      rsvno: spec.rsvno,
      seq: r.seq,
      model: r.model ?? '',
      bootsSize: r.bootsSize ?? '',
      wearSize: r.wearSize ?? '',
    });
  }
  if (spec.paid ?? stored.statusPayment === 1) {
    await db.insert(payments).values({
      rsvno: spec.rsvno,
      provider: 'sandbox',
      checkoutSessionId: `cs_${spec.rsvno}`,
      amount,
      status: 'paid',
      chargeId: `ch_${spec.rsvno}`,
      paidAt: rsvdate,
      createdAt: rsvdate,
    });
  }
}

/** Logs in from its own client address, so the per-address login limit never interferes with a test. */
let loginCounter = 0;
export async function loginAs(t: TestApp, rsvno: string, tel: string = FIXTURE_TEL): Promise<string> {
  loginCounter += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/mylogin',
    payload: { rsvno, tel },
    remoteAddress: `10.0.${Math.floor(loginCounter / 250) % 250}.${(loginCounter % 250) + 1}`,
  });
  const body = res.json() as { errcd: string; response: { session: string } | null };
  if (body.errcd !== '000' || !body.response) throw new Error(`login failed for ${rsvno}: ${res.body}`);
  return body.response.session;
}

export async function post(t: TestApp, url: string, payload: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url, payload });
  return { status: res.statusCode, body: res.json() as { errcd: string; errMsg: string; response: unknown } };
}

/**
 * A PaymentProvider that records refunds, honours idempotency keys as a real provider does, and can be
 * told to refuse refunds or to be unreachable; nothing else is used here.
 */
export function recordingPaymentProvider(): PaymentProvider & {
  refunds: { chargeId: string; amount: number; key: string }[];
  failRefunds: false | 'refuse' | 'unreachable';
} {
  const fake = {
    name: 'sandbox' as const,
    refunds: [] as { chargeId: string; amount: number; key: string }[],
    failRefunds: false as false | 'refuse' | 'unreachable',
    async createCheckout(): Promise<never> {
      throw new Error('not used in these tests');
    },
    async retrieveCheckout(): Promise<never> {
      throw new Error('not used in these tests');
    },
    async refund(chargeId: string, amount: number, key: string) {
      // A slow provider widens the window in which concurrent cancellations could race.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (fake.failRefunds === 'refuse') throw new ProviderRefusal('charge already refunded');
      if (fake.failRefunds === 'unreachable') throw new Error('provider unavailable');
      const earlier = fake.refunds.findIndex((r) => r.key === key);
      if (earlier >= 0) return { id: `re_${earlier + 1}`, amount: fake.refunds[earlier]?.amount ?? amount };
      fake.refunds.push({ chargeId, amount, key });
      return { id: `re_${fake.refunds.length}`, amount };
    },
    parseWebhook(): never {
      throw new Error('not used in these tests');
    },
    async voidSlip() {},
  };
  return fake;
}
