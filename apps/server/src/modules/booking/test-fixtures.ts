/** Fixtures for the booking and payment integration tests: a tiny catalog built to order, no demo seed. */
import type { CreateBookingRequest, MemberInput, RentalInput } from '@tabi/contract/booking';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { areas, cities, departures, nationalities, options, regions } from '../../db/schema.ts';

export type TestOption = typeof options.$inferInsert;

export async function insertTestCatalog(db: DbOrTx): Promise<void> {
  await db.insert(regions).values({ homencd: 'TR', homennm: 'テスト方面' }).onConflictDoNothing();
  await db.insert(areas).values({ areacd: 'TA', homencd: 'TR', areanm: 'テスト地域' }).onConflictDoNothing();
  await db.insert(cities).values({ citycd: 'TC', areacd: 'TA', citynm: 'テスト市' }).onConflictDoNothing();
  await db
    .insert(nationalities)
    .values([
      { id: 1, nationalityNm: '日本' },
      { id: 2, nationalityNm: 'アメリカ' },
    ])
    .onConflictDoNothing();
}

/** An option with adult (12+), child (6–11) and infant (0–5) classes, 1 to 8 people, unless overridden. */
export async function insertTestOption(db: DbOrTx, opcd: string, overrides: Partial<TestOption> = {}): Promise<void> {
  await insertTestCatalog(db);
  await db.insert(options).values({
    opcd,
    webname: `テストツアー ${opcd}`,
    homencd: 'TR',
    areacd: 'TA',
    citycd: 'TC',
    useFrom: '2020-01-01',
    useTo: '2099-12-31',
    adultAgeMin: 12,
    childAgeMin: 6,
    childAgeMax: 11,
    infantAgeMin: 0,
    infantAgeMax: 5,
    minPeople: 1,
    maxPeople: 8,
    ...overrides,
  });
}

export interface TestDay {
  zaikozan: number;
  /** A departure at a start time (`HH:MM`, ADR 0196); the whole day when absent. */
  startTime?: string;
  endTime?: string;
  adultbaika?: number;
  middlebaika?: number;
  childbaika?: number;
  infantbaika?: number;
}

export const ADULT_PRICE = 8000;
export const CHILD_PRICE = 4000;
export const INFANT_PRICE = 0;

export async function insertTestStock(db: DbOrTx, opcd: string, usedate: Ymd, day: TestDay): Promise<void> {
  await db.insert(departures).values({
    opcd,
    usedate: ymdToIsoDate(usedate),
    startTime: day.startTime ?? '',
    endTime: day.endTime ?? '',
    zaikozan: day.zaikozan,
    adultbaika: day.adultbaika ?? ADULT_PRICE,
    middlebaika: day.middlebaika ?? 6000,
    childbaika: day.childbaika ?? CHILD_PRICE,
    infantbaika: day.infantbaika ?? INFANT_PRICE,
  });
}

/** The seats left on a day's departure (the whole day's by default). */
export async function stockLeft(db: DbOrTx, opcd: string, usedate: Ymd, startTime = ''): Promise<number | undefined> {
  const [row] = await db
    .select({ zaikozan: departures.zaikozan })
    .from(departures)
    .where(
      and(
        eq(departures.opcd, opcd),
        eq(departures.usedate, ymdToIsoDate(usedate)),
        eq(departures.startTime, startTime),
      ),
    );
  return row?.zaikozan;
}

/** A birthday that makes someone `age` on `on` (their birthday falls a month before `on`). */
export function birthdayForAge(on: Ymd, age: number): Ymd {
  const year = Number(on.slice(0, 4)) - age;
  return addDays(`${year}${on.slice(4)}`.replace(/0229$/, '0228'), -30);
}

export function member(seq: number, ageclass: '1' | '2' | '3' | '4', birthday: Ymd, extra: Partial<MemberInput> = {}) {
  return {
    seq: String(seq),
    sei: 'YAMADA',
    mei: seq === 1 ? 'TARO' : `HANAKO ${String.fromCharCode(64 + seq)}`,
    sex: seq % 2 === 1 ? '1' : '2',
    birthday,
    ageclass,
    nationality_id: '1',
    ...extra,
  } satisfies MemberInput;
}

/** A valid POST /booking payload for `adults` adults (and children), priced with the fixture prices. */
export function bookingPayload(
  opcd: string,
  usedate: Ymd,
  party: { adults?: number; children?: number; infants?: number } = {},
  overrides: Partial<CreateBookingRequest> = {},
): CreateBookingRequest {
  const adults = party.adults ?? 1;
  const children = party.children ?? 0;
  const infants = party.infants ?? 0;
  const members: MemberInput[] = [];
  for (let i = 0; i < adults; i += 1) members.push(member(members.length + 1, '1', birthdayForAge(usedate, 35)));
  for (let i = 0; i < children; i += 1) members.push(member(members.length + 1, '2', birthdayForAge(usedate, 8)));
  for (let i = 0; i < infants; i += 1) members.push(member(members.length + 1, '3', birthdayForAge(usedate, 3)));
  const amount = adults * ADULT_PRICE + children * CHILD_PRICE + infants * INFANT_PRICE;
  return {
    opcd,
    usedate,
    md: '',
    sei: 'YAMADA',
    mei: 'TARO',
    tel: '090-1234-5678',
    mail: 'taro@example.com',
    amountjp: String(amount),
    lang: 'ja',
    webname_localized: '',
    memberList: members,
    rentskiList: [] as RentalInput[],
    ...overrides,
  };
}
