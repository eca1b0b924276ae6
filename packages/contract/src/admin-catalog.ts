/**
 * The console's catalog under /api/admin/options (DESIGN §11, admin only): 商品一覧 and 商品編集 with
 * the same rules the customer side relies on, draft and published states, and the catalog's event history.
 */
import { z } from 'zod';
import { AGE_CLASSES, EXTENDED_FIELD_NAMES, FROMSPOTS, RENTAL_CODES } from './constants.ts';
import { type OptionTextField, TRANSLATED_LANGS, type TranslatedLang, type Translations } from './content.ts';
import { isoDays, weekdayOf } from './dates.ts';
import { dayPriceFields, envelope, multilineText, plainText, START_TIME_PATTERN } from './envelope.ts';
import { CatalogMsg, Msg } from './messages.ts';
import { SALES_CUTOFF_MAX_DAYS, SALES_CUTOFF_TIME } from './sales-cutoff.ts';

/** Rich text (HTML, sanitised when saved) may hold line breaks and tabs, no other controls. */
const richText = (max: number) => multilineText().max(max);
const line = (max: number) => plainText().trim().max(max);
/** A text that may be left empty, held as null then. */
const orNull = (text: z.ZodString) => text.nullable().transform((v) => (v === '' ? null : v));
const nullableLine = (max: number) => orNull(line(max));
const isoDate = z.iso.date(CatalogMsg.catalogDateInvalid);
const age = z.number().int().min(0).max(120).nullable();

export const OPCD_PATTERN = /^[A-Z0-9]{2,20}$/;
export const opcdString = z.string().regex(OPCD_PATTERN, CatalogMsg.catalogOpcdInvalid);

/** One tier of a cancellation policy: from `daysBefore` days before on (-1 = after the start), `percent` is charged. */
export const cancelTierInput = z.object({
  daysBefore: z.number().int().min(-1).max(365),
  percent: z.number().int().min(0).max(100),
});
export type CancelTierInput = z.infer<typeof cancelTierInput>;

export const EX_CODES = [0, 1, 2, 3] as const;
export const EX_CODE_LABEL: Record<(typeof EX_CODES)[number], string> = {
  0: 'なし',
  1: 'DJ',
  2: 'Linktivity',
  3: 'JR',
};
export const TRAVEL_KUBUN_LABEL: Record<0 | 1, string> = { 0: '募集型', 1: '手配型' };
export const RENTAL_CODE_LABEL: Record<(typeof RENTAL_CODES)[number], string> = {
  '': 'なし',
  '1': 'スキー・スノーボード',
  '2': 'ウェア',
  '3': 'ブーツ',
  '4': 'ウェア・ブーツ',
};
export const EXTENDED_FIELD_LABEL: Record<(typeof EXTENDED_FIELD_NAMES)[number], string> = {
  hotel_name: '宿泊ホテル名',
  flight_number: '便名',
  passport_number: 'パスポート番号',
  vegetarian_meals: 'ベジタリアン食',
  eyesight: '視力',
  height_cm: '身長（cm）',
  weight_kg: '体重（kg）',
  shoe_size: '靴のサイズ',
  clothes_size: '服のサイズ',
  diving_experience: 'ダイビング経験',
};

/**
 * One schema for each translated language (ADR 0177): what the console edits in every language but Japanese. Each
 * is required, so a console that leaves a language out is refused rather than erasing its texts.
 */
export function inEveryLang<T extends z.ZodType>(schema: T) {
  return z.object({ en: schema, ko: schema, 'zh-Hant': schema, 'zh-Hans': schema } satisfies Record<TranslatedLang, T>);
}

/**
 * The texts an option has in Japanese and in the other languages, each with its kind and length once: the Japanese
 * field is made from it (adding what only it has: a name is required, some texts are null when not set), and each
 * translation is it as it is, '' for "not translated" (the page shows the English there, else the Japanese).
 */
const optionTexts = {
  webname: line(200),
  introduction: richText(5000),
  contents: richText(20000),
  optionattention: richText(20000),
  information: richText(20000),
  cancelNote: richText(5000),
  ageNote: richText(2000),
  meetpoint: line(300),
  companyname: line(200),
  companyattention: richText(5000),
  hours: line(200),
  address: line(300),
  departurePoint: line(200),
  arrivalPoint: line(200),
  dayBeforeNote: multilineText().trim().max(1000),
} satisfies Record<OptionTextField, z.ZodType<string>>;
export const optionTranslations = inEveryLang(z.object(optionTexts));
export type OptionTranslations = z.infer<typeof optionTranslations>;

/**
 * The languages an option is not yet translated into: those where its name (webname) is empty. The name is what a
 * visitor meets first, on every card and as the detail's heading, so a language with a name counts as translated;
 * any other text left empty falls back field by field (English, then Japanese) and is only counted in the console.
 */
export function untranslatedLangs(translations: Translations<OptionTextField> | null | undefined): TranslatedLang[] {
  return TRANSLATED_LANGS.filter((lang) => (translations?.[lang]?.webname ?? '').trim() === '');
}

const fields = {
  webname: optionTexts.webname.min(1, CatalogMsg.catalogNameRequired),
  homencd: line(20).min(1, CatalogMsg.catalogRegionRequired),
  areacd: line(20).min(1, CatalogMsg.catalogRegionRequired),
  citycd: line(20).min(1, CatalogMsg.catalogRegionRequired),
  fromspotcd: z.enum(FROMSPOTS.map((f) => f.id) as [string, ...string[]]).nullable(),
  keycds: z.array(line(20)).max(30),
  travelkubun: z.union([z.literal(0), z.literal(1)]),
  exCd: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  serviceno: nullableLine(100),
  departurePoint: orNull(optionTexts.departurePoint),
  departureTime: nullableLine(50),
  arrivalPoint: orNull(optionTexts.arrivalPoint),
  arrivalTime: nullableLine(50),
  exIssueMethod: nullableLine(100),
  flgRequestItem: z.boolean(),
  isCoupon: z.boolean(),
  facilityId: z.number().int().positive().nullable(),
  adultAgeMin: age,
  adultAgeMax: age,
  middleAgeMin: age,
  middleAgeMax: age,
  childAgeMin: age,
  childAgeMax: age,
  infantAgeMin: age,
  infantAgeMax: age,
  minPeople: z.number().int().min(1).max(99).nullable(),
  maxPeople: z.number().int().min(1).max(99).nullable(),
  /** 最少催行人員 and when a day under it is decided: days before, at HH:MM Tokyo. */
  minTravellers: z.number().int().min(1).max(999).nullable(),
  decisionDaysBefore: z.number().int().min(0).max(60).nullable(),
  decisionTime: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '時刻は 17:00 のように入力してください。')
    .nullable(),
  /** When sales of a day close (ADR 0191): days before it, at HH:MM Tokyo (0 and 00:00: the day before, 24:00). */
  salesCutoffDaysBefore: z.number().int().min(0).max(SALES_CUTOFF_MAX_DAYS),
  salesCutoffTime: z.string().trim().regex(SALES_CUTOFF_TIME, '時刻は 17:00 のように入力してください。'),
  rentalcd: z.enum(RENTAL_CODES),
  extendedFields: z.array(z.enum(EXTENDED_FIELD_NAMES)).max(EXTENDED_FIELD_NAMES.length),
  meetpoint: orNull(optionTexts.meetpoint),
  introduction: optionTexts.introduction,
  contents: optionTexts.contents,
  optionattention: optionTexts.optionattention,
  information: optionTexts.information,
  cancelNote: optionTexts.cancelNote,
  ageNote: optionTexts.ageNote,
  companyname: optionTexts.companyname,
  companyattention: optionTexts.companyattention,
  hours: optionTexts.hours,
  address: optionTexts.address,
  tel: line(30),
  /** 前日案内 (ADR 0166): the day-before mail is sent unless turned off; its note, added to the mail's text. */
  dayBeforeMail: z.boolean(),
  dayBeforeNote: optionTexts.dayBeforeNote,
  cancelPolicy: z.array(cancelTierInput).max(10).nullable(),
  lat: z.number().min(-90).max(90).nullable(),
  lon: z.number().min(-180).max(180).nullable(),
  useFrom: isoDate,
  useTo: isoDate,
  sort: z.number().int().min(0).max(1_000_000),
  /** The texts in every other language, each '' where it is not translated. */
  translations: optionTranslations,
};

type Fields = z.infer<z.ZodObject<typeof fields>>;
type FieldKey = keyof Fields;

/** The schema a field's values are checked with, under its `.nullable()` and its transform. */
function baseOf(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodNullable) return baseOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return baseOf(schema.in as z.ZodType);
  return schema;
}
const kindOf = (key: FieldKey) => baseOf(fields[key]).def.type;
const nullable = (key: FieldKey) => fields[key].safeParse(null).success;

/** Every field of an option, in the schema's order: what the console edits and the catalog events compare. */
export const OPTION_KEYS = Object.keys(fields) as FieldKey[];
/** The numeric fields (a form holds them as text; '' is "not set" where the field is nullable). */
export type OptionNumberKey = { [K in FieldKey]: number extends Fields[K] ? K : never }[FieldKey];
export const OPTION_NUMBER_KEYS = OPTION_KEYS.filter((k) => kindOf(k) === 'number') as OptionNumberKey[];
/** The optional texts and codes: null when not set ('' in a form). */
export type OptionNullableTextKey = {
  [K in FieldKey]: null extends Fields[K] ? (Fields[K] extends string | null ? K : never) : never;
}[FieldKey];
export const OPTION_NULLABLE_TEXT_KEYS = OPTION_KEYS.filter(
  (k) => nullable(k) && (kindOf(k) === 'string' || kindOf(k) === 'enum'),
) as OptionNullableTextKey[];
type AgeKey = `${(typeof AGE_CLASSES)[number]}Age${'Min' | 'Max'}`;
const ageKey = (c: (typeof AGE_CLASSES)[number], end: 'Min' | 'Max') => `${c}Age${end}` as AgeKey;

/** The rules the detail page, the party form and the booking rely on, as messages per field. */
export function optionProblems(o: Fields): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (o.useFrom > o.useTo) out.push({ path: 'useTo', message: CatalogMsg.catalogPeriodReversed });
  const ranges: { c: string; min: number; max: number }[] = [];
  for (const c of AGE_CLASSES) {
    const min = o[ageKey(c, 'Min')];
    const max = o[ageKey(c, 'Max')];
    if (c !== 'adult' && min !== null && max === null) {
      out.push({ path: ageKey(c, 'Max'), message: CatalogMsg.catalogAgeMaxNeeded });
    }
    if (min !== null && max !== null && min > max) {
      out.push({ path: ageKey(c, 'Min'), message: CatalogMsg.catalogAgeReversed });
      continue;
    }
    // The classes the party form offers (adults open upwards), as ranges that must not share an age.
    const offered = c === 'adult' ? min !== null : max !== null;
    if (offered) ranges.push({ c, min: min ?? 0, max: max ?? Number.POSITIVE_INFINITY });
  }
  for (const [i, a] of ranges.entries()) {
    for (const b of ranges.slice(i + 1)) {
      if (a.min <= b.max && b.min <= a.max) {
        out.push({ path: ageKey(b.c as (typeof AGE_CLASSES)[number], 'Min'), message: CatalogMsg.catalogAgeOverlap });
      }
    }
  }
  if (o.minPeople !== null && o.maxPeople !== null && o.minPeople > o.maxPeople) {
    out.push({ path: 'maxPeople', message: CatalogMsg.catalogPeopleReversed });
  }
  if (o.minTravellers !== null && (o.decisionDaysBefore === null || o.decisionTime === null)) {
    out.push({ path: 'decisionDaysBefore', message: CatalogMsg.catalogDecisionNeeded });
  }
  if ((o.lat === null) !== (o.lon === null)) out.push({ path: 'lon', message: CatalogMsg.catalogCoordinatesPair });
  if (o.isCoupon && o.facilityId === null) out.push({ path: 'facilityId', message: CatalogMsg.catalogFacilityNeeded });
  if (new Set(o.extendedFields).size !== o.extendedFields.length) {
    out.push({ path: 'extendedFields', message: CatalogMsg.catalogDuplicate });
  }
  if (new Set(o.keycds).size !== o.keycds.length) out.push({ path: 'keycds', message: CatalogMsg.catalogDuplicate });
  if (o.cancelPolicy) {
    const tiers = o.cancelPolicy;
    for (let i = 1; i < tiers.length; i++) {
      const prev = tiers[i - 1];
      const tier = tiers[i];
      if (!prev || !tier) continue;
      if (tier.daysBefore >= prev.daysBefore || tier.percent < prev.percent) {
        out.push({ path: 'cancelPolicy', message: CatalogMsg.catalogTiersOrder });
        break;
      }
    }
  }
  return out;
}

export const optionInput = z.object(fields).superRefine((o, ctx) => {
  for (const p of optionProblems(o)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
});
export type OptionInput = z.input<typeof optionInput>;
export type OptionFields = z.output<typeof optionInput>;

export const createOptionRequest = z.object({ opcd: opcdString, option: optionInput });
export const updateOptionRequest = z.object({ option: optionInput });
export const adminOpcdParams = z.object({ opcd: opcdString });

export const catalogListRow = z.object({
  opcd: z.string(),
  webname: z.string(),
  published: z.boolean(),
  isCoupon: z.boolean(),
  useFrom: z.string(),
  useTo: z.string(),
  region: z.string(),
  image: z.string().nullable(),
  bookings: z.number(),
  updatedAt: z.string().nullable(),
  /** The languages the option lacks (untranslatedLangs), in TRANSLATED_LANGS's order. */
  untranslated: z.array(z.enum(TRANSLATED_LANGS)),
});
export type CatalogListRow = z.infer<typeof catalogListRow>;
export const catalogListResponse = envelope(z.array(catalogListRow));

export const catalogEvent = z.object({
  id: z.number(),
  at: z.string(),
  staffMail: z.string(),
  kind: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type CatalogEvent = z.infer<typeof catalogEvent>;

export const adminOptionRecord = z.object({
  opcd: z.string(),
  published: z.boolean(),
  bookings: z.number(),
  option: z.object(fields),
  events: z.array(catalogEvent),
});
export type AdminOptionRecord = z.infer<typeof adminOptionRecord>;
export const adminOptionResponse = envelope(adminOptionRecord);

export const catalogMasters = z.object({
  regions: z.array(z.object({ homencd: z.string(), homennm: z.string() })),
  areas: z.array(z.object({ areacd: z.string(), areanm: z.string(), homencd: z.string() })),
  cities: z.array(z.object({ citycd: z.string(), citynm: z.string(), areacd: z.string() })),
  keywords: z.array(z.object({ keycd: z.string(), keyname: z.string() })),
  facilities: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CatalogMasters = z.infer<typeof catalogMasters>;
export const catalogMastersResponse = envelope(catalogMasters);

export const CATALOG_EVENT_LABEL: Record<string, string> = {
  'option.created': '商品を作成',
  'option.updated': '商品を編集',
  'option.published': '公開',
  'option.unpublished': '非公開（下書き）に変更',
  'stock.edited': '在庫・料金を変更',
  'departure.edited': '便の在庫・料金を変更',
  'photo.added': '写真を追加',
  'photo.updated': '写真の説明を変更',
  'photo.moved': '写真の順番を変更',
  'photo.deleted': '写真を削除',
};

// --- 在庫・料金カレンダー -----------------------------------------------------------------------------------

export const STOCK_EDIT_MAX_DAYS = 400;
/** How many start times one bulk edit may give (a day of departures every hour is 24). */
export const STOCK_EDIT_MAX_TIMES = 24;
export const WEEKDAY_LABEL = ['日', '月', '火', '水', '木', '金', '土'] as const;

/**
 * What the departures calendar says to staff (ADR 0196). Kept here rather than in messages.ts, beside the schemas
 * that use them: only the server and the lazily loaded console import this file.
 */
export const StockMsg = {
  timeInvalid: '開始時刻は 10:00 のように、24時間表記の「時:分」で入力してください。',
  timesDuplicate: '同じ開始時刻が2回以上入力されています。',
  timesTooMany: `開始時刻は一度に${STOCK_EDIT_MAX_TIMES}件まで指定できます。`,
  durationInvalid: '所要時間は1〜1439分の整数で入力してください。',
  durationWithoutTimes: '所要時間は開始時刻とあわせて指定してください。',
  departureNotFound: 'ご指定の便が見つかりません。画面を更新してから、もう一度お試しください。',
  concurrentEdit: '同じ時間に別の変更が行われました。画面を更新してから、もう一度お試しください。',
  departurePricesNeeded: '在庫が未登録の便があります。料金もあわせて指定してください。',
} as const;

/** A departure's name in a message: `2026/12/05 10:00`, or the day alone for a whole day. */
export function departureLabel(date: string, startTime: string): string {
  const day = date.replaceAll('-', '/');
  return startTime === '' ? day : `${day} ${startTime}`;
}

/** A start time and a duration that end on the next day (a departure ends on its own day, ADR 0196). */
export function stockEndPastMidnight(startTime: string, minutes: number): string {
  return `${startTime}から${minutes}分では終了が翌日になります。所要時間を短くしてください。`;
}

/** An edit of whole days on a day sold by start times, without the prices a switch to whole days needs. */
export function stockDayIsTimed(day: string): string {
  return `${day}は開始時刻ごとに販売しています。開始時刻を入力してください（終日の販売に切り替える場合は、料金もあわせて設定してください）。`;
}

/** An edit with start times on a day sold whole, without the prices a switch to start times needs. */
export function stockDayIsAllDay(day: string): string {
  return `${day}は終日で販売しています。開始時刻を空欄にしてください（開始時刻ごとの販売に切り替える場合は、料金もあわせて設定してください）。`;
}

/**
 * A switch between whole days and start times that would drop a departure something holds: a booking (held or sold)
 * or a キャンセル待ち entry. `departure` is departureLabel's.
 */
export function stockSwitchInUse(departure: string, toTimed: boolean): string {
  return toTimed
    ? `${departure}（終日）には予約またはキャンセル待ちがあるため、開始時刻ごとの販売に切り替えられません。`
    : `${departure}の便には予約またはキャンセル待ちがあるため、終日の販売に切り替えられません。`;
}

/** A switch between whole days and start times that would drop a departure called off by itself (催行中止). */
export function stockSwitchStopped(departure: string): string {
  return `${departure}の便は催行中止になっているため、販売のしかたを切り替えられません。`;
}

/** `09:30` plus `minutes`, or null when that is on the next day (a departure ends on its own day). */
export function departureEnd(startTime: string, minutes: number): string | null {
  const [h, m] = startTime.split(':').map(Number);
  const end = (h ?? 0) * 60 + (m ?? 0) + minutes;
  if (end >= 24 * 60) return null;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/** A month of the stock grid or of the coupon usage report (`2026-12`). */
export const monthQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, CatalogMsg.catalogMonthInvalid),
});

/** Seats left, held by unpaid and requested bookings and キャンセル待ち offers, sold (paid); the capacity is all three. */
const seatFigures = { left: z.number(), held: z.number(), sold: z.number() };

/** One departure of a day (ADR 0196): its times (`HH:MM`; '' for a whole day, or no end), seats and prices. */
export const stockDeparture = z.object({
  startTime: z.string(),
  endTime: z.string(),
  /** Called off (催行中止), with its day or by itself: its seats stay closed whatever an edit says. */
  stopped: z.boolean(),
  ...seatFigures,
  ...dayPriceFields(z.number()),
});
export type StockDeparture = z.infer<typeof stockDeparture>;

/**
 * One day of the grid. For a day sold whole its one departure's figures; for a day with start times the sum of
 * their seats and, per age class, the lowest price among those with a seat left (of them all when none has), as
 * SPEC §7's day is made.
 */
export const stockDay = z.object({
  date: z.string(),
  /** false: no departure, the day is not on sale. */
  open: z.boolean(),
  /** 催行中止: called off; a change of seats leaves it closed. */
  stopped: z.boolean(),
  ...seatFigures,
  ...dayPriceFields(z.number()),
  /** The day's departures in time order: one with start time '' for a day sold whole, none when it is not on sale. */
  departures: z.array(stockDeparture),
});
export type StockDay = z.infer<typeof stockDay>;
export const stockMonth = z.object({
  opcd: z.string(),
  webname: z.string(),
  useFrom: z.string(),
  useTo: z.string(),
  /** The age classes the option sells (its party form's): only their prices are asked for (stockPricesMissing). */
  ageClasses: z.array(z.enum(AGE_CLASSES)),
  /** The option sells start times (it has a departure at one, ADR 0196) rather than whole days. */
  timed: z.boolean(),
  month: z.string(),
  days: z.array(stockDay),
});
export type StockMonth = z.infer<typeof stockMonth>;
export const stockMonthResponse = envelope(stockMonth);

const price = z.number().int().min(0).max(10_000_000);
/** The price field of each age class. */
export const STOCK_PRICE_KEY = {
  adult: 'adultbaika',
  middle: 'middlebaika',
  child: 'childbaika',
  infant: 'infantbaika',
} as const satisfies Record<(typeof AGE_CLASSES)[number], string>;
/** The adult price always; another class's only when the option sells that class (stockPricesMissing). */
const stockPrices = z.object({ ...dayPriceFields(price.optional()), adultbaika: price }).nullable();
const seats = z.number().int().min(0).max(100_000);
/** A start time as the console gives it: `HH:MM` on the 24-hour clock, never '' (a whole day gives no times). */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, StockMsg.timeInvalid);

/**
 * Bulk edit: every day from `from` to `to` whose weekday is listed gets the stock change and the prices given, on
 * its whole day, or on each of `times` when given (ADR 0196; `durationMinutes` sets their end). `set`: the
 * departure's capacity (seats left + seats live bookings hold) becomes `seats`; `add`: `seats` more (or fewer,
 * negative) left; `close`: nothing more for sale (left 0; bookings keep their seats).
 */
export const stockEditRequest = z
  .object({
    from: isoDate,
    to: isoDate,
    weekdays: z.array(z.number().int().min(0).max(6)).min(1, CatalogMsg.stockWeekdaysRequired),
    /** The start times edited; absent or empty: the whole day, as before there were start times. */
    times: z.array(clockTime).max(STOCK_EDIT_MAX_TIMES, StockMsg.timesTooMany).optional(),
    /** How long each departure lasts, which gives its end time; absent or null: the end times stay as they are. */
    durationMinutes: z
      .number()
      .int(StockMsg.durationInvalid)
      .min(1, StockMsg.durationInvalid)
      .max(1439, StockMsg.durationInvalid)
      .nullable()
      .optional(),
    stock: z
      .discriminatedUnion('mode', [
        z.object({ mode: z.literal('set'), seats }),
        z.object({ mode: z.literal('add'), seats: z.number().int().min(-100_000).max(100_000) }),
        z.object({ mode: z.literal('close') }),
      ])
      .nullable(),
    prices: stockPrices,
  })
  .superRefine((r, ctx) => {
    if (r.from > r.to) ctx.addIssue({ code: 'custom', path: ['to'], message: CatalogMsg.catalogPeriodReversed });
    if (r.stock === null && r.prices === null) {
      ctx.addIssue({ code: 'custom', path: ['stock'], message: CatalogMsg.stockNothingToDo });
    }
    const times = r.times ?? [];
    if (new Set(times).size !== times.length) {
      ctx.addIssue({ code: 'custom', path: ['times'], message: StockMsg.timesDuplicate });
    }
    const minutes = r.durationMinutes ?? null;
    if (minutes !== null && times.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['durationMinutes'], message: StockMsg.durationWithoutTimes });
    }
    // Only a duration that is one (zod checks the object's rules even when a field failed its own).
    const valid = minutes !== null && Number.isInteger(minutes) && minutes >= 1 && minutes <= 1439;
    const late = valid ? times.find((t) => departureEnd(t, minutes) === null) : undefined;
    if (late !== undefined && minutes !== null) {
      ctx.addIssue({ code: 'custom', path: ['durationMinutes'], message: stockEndPastMidnight(late, minutes) });
    }
  });
export type StockEditRequest = z.input<typeof stockEditRequest>;

/**
 * The age classes of an option whose price a bulk edit leaves out: the classes it sells must each have one; a class
 * it does not sell (no 中人 on an option without 中人) is never asked for, and its days keep what they have.
 */
export function stockPricesMissing(
  prices: Partial<Record<(typeof STOCK_PRICE_KEY)[keyof typeof STOCK_PRICE_KEY], number | undefined>>,
  ageClasses: readonly (typeof AGE_CLASSES)[number][],
): (typeof AGE_CLASSES)[number][] {
  return ageClasses.filter((c) => prices[STOCK_PRICE_KEY[c]] === undefined);
}

/** The days (YYYY-MM-DD) a bulk edit changes: each day of its range on one of its weekdays. */
export function stockEditDays(edit: { from: string; to: string; weekdays: readonly number[] }): string[] {
  const weekdays = new Set(edit.weekdays);
  return isoDays(edit.from, edit.to).filter((d) => weekdays.has(weekdayOf(d)));
}
/**
 * `days` changed; `stopped`: the days (YYYY-MM-DD) and the departures (YYYY-MM-DD HH:MM) called off in the range,
 * whose seats were left closed.
 */
export const stockEditResult = z.object({ days: z.number(), stopped: z.array(z.string()) });
export const stockEditResponse = envelope(stockEditResult);

/** A departure as a change shows it: its end, seats left and capacity (left + held + sold), and prices. */
export const departureState = z.object({
  endTime: z.string(),
  left: z.number(),
  capacity: z.number(),
  ...dayPriceFields(z.number()),
});
export type DepartureState = z.infer<typeof departureState>;
/**
 * What an edit does to one departure: `before` null when it is made, `after` null when it is removed (a day
 * switched between whole days and start times); `stopped` when its day is called off and its seats stay closed.
 */
export const stockChange = z.object({
  date: z.string(),
  startTime: z.string(),
  before: departureState.nullable(),
  after: departureState.nullable(),
  stopped: z.boolean(),
});
export type StockChange = z.infer<typeof stockChange>;
/** The bulk edit's preview: what it would answer, and each departure it would change, by day and time. */
export const stockPreview = stockEditResult.extend({ changes: z.array(stockChange) });
export type StockPreview = z.infer<typeof stockPreview>;
export const stockPreviewResponse = envelope(stockPreview);

/**
 * One departure alone, from its day's row: its capacity (`set`, never below what bookings hold) or `close` (no more
 * sales: removed when nothing holds a seat on it and no one waits for it, else left 0 and listed), and/or its prices.
 */
export const departureEditRequest = z
  .object({
    date: isoDate,
    startTime: z.string().regex(START_TIME_PATTERN, StockMsg.timeInvalid),
    stock: z
      .discriminatedUnion('mode', [z.object({ mode: z.literal('set'), seats }), z.object({ mode: z.literal('close') })])
      .nullable(),
    prices: stockPrices,
  })
  .superRefine((r, ctx) => {
    if (r.stock === null && r.prices === null) {
      ctx.addIssue({ code: 'custom', path: ['stock'], message: CatalogMsg.stockNothingToDo });
    }
  });
export type DepartureEditRequest = z.input<typeof departureEditRequest>;
/** `changed`; `closed`: left 0, kept for the bookings on it; `removed`: nothing was on it, it is gone. */
export const departureEditResult = z.object({ outcome: z.enum(['changed', 'closed', 'removed']) });
export const departureEditResponse = envelope(departureEditResult);

// --- 施設とクーポン -------------------------------------------------------------------------------------------

export const facilityIdParams = z.object({ id: z.coerce.number().int().positive() });
export const facilityPinRequest = z.object({
  pin: z
    .string()
    .transform((v) => v.normalize('NFKC').trim())
    .pipe(z.string().regex(/^\d{4,8}$/, CatalogMsg.facilityPinInvalid)),
});
export const couponRsvnoParams = z.object({
  rsvno: z
    .string()
    .transform((v) => v.normalize('NFKC').trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{1,20}$/, Msg.bookingNotFound)),
});
export const facilityRow = z.object({
  id: z.number(),
  name: z.string(),
  disabled: z.boolean(),
  /** Where the evening-before レンタル準備表 is mailed (ADR 0166); null: not mailed. */
  mail: z.string().nullable(),
  options: z.array(z.object({ opcd: z.string(), webname: z.string() })),
});
export type FacilityRow = z.infer<typeof facilityRow>;
export const facilityListResponse = envelope(z.array(facilityRow));
export const usageRow = z.object({
  facilityId: z.number(),
  name: z.string(),
  uses: z.number(),
  adults: z.number(),
  children: z.number(),
});
export type UsageRow = z.infer<typeof usageRow>;
export const usageResponse = envelope(z.object({ month: z.string(), rows: z.array(usageRow) }));
export const clearLockResult = envelope(z.object({ cleared: z.number() }));
