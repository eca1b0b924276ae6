/**
 * リソース (ADR 0209): boats and vehicles, guides and staff, rental equipment, each with a capacity per day or per
 * departure, dated exceptions (a boat in dock), an optional pool of interchangeable ones, and the options whose
 * bookings take their units. Console calls under /api/admin, admin only. The messages are the console's Japanese,
 * kept beside the schemas as the other console-only files keep theirs: only the server and the console import this.
 */
import { z } from 'zod';
import { OPCD_PATTERN } from './admin-catalog.ts';
import { isValidYmd } from './dates.ts';
import { envelope, plainText } from './envelope.ts';

export const RESOURCE_NAME_MAX = 60;
export const RESOURCE_CAPACITY_MAX = 9999;
export const RESOURCE_POOL_MAX = 40;
export const RESOURCE_NOTE_MAX = 100;
/** Exceptions one resource may have: more than a year of dated closures is a schedule, not exceptions. */
export const RESOURCE_EXCEPTIONS_MAX = 400;
/** Options one resource may serve. */
export const RESOURCE_USES_MAX = 200;
/** The days the list shows units used and left for: today and the next 14. */
export const RESOURCE_DAYS_SHOWN = 15;

export const RESOURCE_KINDS = ['vehicle', 'guide', 'rental'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const RESOURCE_KIND_LABEL: Record<ResourceKind, string> = {
  vehicle: '乗り物',
  guide: 'ガイド・スタッフ',
  rental: 'レンタル用品',
};

/** Whether the capacity is the whole day's (a guide's day) or each departure's (a boat's sailing). */
export const RESOURCE_PERS = ['day', 'departure'] as const;
export type ResourcePer = (typeof RESOURCE_PERS)[number];
export const RESOURCE_PER_LABEL: Record<ResourcePer, string> = { day: '1日あたり', departure: '出発便ごと' };

/** How a booking of an option takes units: one per traveller, one per booking, one per rental item. */
export const RESOURCE_USAGES = ['traveller', 'booking', 'rental'] as const;
export type ResourceUsage = (typeof RESOURCE_USAGES)[number];
export const RESOURCE_USAGE_LABEL: Record<ResourceUsage, string> = {
  traveller: '参加者1名につき1',
  booking: '予約1件につき1',
  rental: 'レンタル1点につき1',
};

const capacityRange = `0〜${RESOURCE_CAPACITY_MAX.toLocaleString('ja-JP')}`;

export const ResourceMsg = {
  nameRequired: 'リソース名を入力してください。',
  nameTooLong: `リソース名は${RESOURCE_NAME_MAX}文字以内で入力してください。`,
  kindInvalid: '種類（乗り物・ガイド・スタッフ・レンタル用品）を選択してください。',
  capacityInvalid: `容量は${capacityRange}の整数で入力してください。`,
  perInvalid: '容量の数え方（1日あたり・出発便ごと）を選択してください。',
  poolTooLong: `プール名は${RESOURCE_POOL_MAX}文字以内で入力してください。`,
  dateInvalid: '日付はYYYY-MM-DD形式の正しい日付で入力してください（例：2026-12-05）。',
  exceptionCapacityInvalid: `その日の容量は${capacityRange}の整数で入力してください（運休・休みの日は0）。`,
  noteTooLong: `メモは${RESOURCE_NOTE_MAX}文字以内で入力してください。`,
  exceptionsTooMany: `日付ごとの容量は${RESOURCE_EXCEPTIONS_MAX}件まで登録できます。過ぎた日付のものを削除してください。`,
  optionRequired: '商品を選択してください。',
  usageInvalid: '使い方（参加者1名につき1・予約1件につき1・レンタル1点につき1）を選択してください。',
  usesTooMany: `1つのリソースを使える商品は${RESOURCE_USES_MAX}件までです。`,
  notFound: 'ご指定のリソースが見つかりません。一覧を再読み込みしてください。',
  facilityInvalid: '施設を選び直してください。',
  facilityUnknown: 'ご指定の施設が見つかりません。施設を選び直してください。',
} as const;

/** Two exceptions on one date. */
export function resourceExceptionTwice(date: string): string {
  return `${date.replaceAll('-', '/')}の容量が2回指定されています。1日につき1件にしてください。`;
}

/** One option listed twice in a resource's uses. */
export function resourceUseTwice(opcd: string): string {
  return `商品${opcd}が2回指定されています。1つの商品につき1行にしてください。`;
}

/** A use naming an option that does not exist (deleted by a colleague meanwhile, or mistyped). */
export function resourceOptionUnknown(opcd: string): string {
  return `商品コード${opcd}の商品が見つかりません。商品を選び直してください。`;
}

/**
 * An option that would take two resources of one pool: a booking takes one resource of a pool, whichever has room,
 * so the option may name only one of them.
 */
export function resourcePoolTwice(opcd: string, pool: string, other: string): string {
  return `商品${opcd}はすでに同じプール「${pool}」のリソース「${other}」を使っています。1つの商品に設定できるのは、1つのプールにつき1つのリソースだけです。`;
}

/**
 * A capacity below what live bookings already hold on a day or a departure (`where`: resourceWhere's), refused so that
 * nothing is ever sold beyond a resource's room; `exception`: the capacity of that date rather than the resource's.
 */
export function resourceCapacityBelowHeld(where: string, held: number, capacity: number, exception: boolean): string {
  const subject = exception ? 'その日の容量' : '容量';
  return `${where}は予約ですでに${held}使用されているため、${subject}を${capacity}にはできません。${held}以上にするか、先に予約を変更してください。`;
}

/** Where units are held, in a message: 「2026/12/05」 for a day, 「2026/12/05 10:00の便」 for a departure. */
export function resourceWhere(date: string, startTime: string, per: ResourcePer): string {
  const day = date.replaceAll('-', '/');
  if (per === 'day') return day;
  return startTime === '' ? `${day}の便` : `${day} ${startTime}の便`;
}

/**
 * An option of a facility (a partner's tour, a rental shop's plan) and a resource it would take that is not that
 * facility's: another facility's, or one with no facility (the company's own). `pool`: the option does not use the
 * resource itself but another member of its pool (a booking takes whichever member has room, so each must be the
 * option's facility's). Said both when the option is added to a resource's uses and when a resource's facility or
 * pool is changed under it.
 */
export function resourceFacilityMismatch(m: {
  opcd: string;
  optionFacility: string;
  resource: string;
  resourceFacility: string | null;
  pool: string | null;
}): string {
  const owner = m.resourceFacility === null ? '施設の指定がない' : `施設「${m.resourceFacility}」の`;
  const rule = '施設のある商品が使えるのは、同じ施設のリソースだけです。';
  const option = `商品${m.opcd}は施設「${m.optionFacility}」の商品のため、`;
  if (m.pool === null) return `${option}${owner}リソース「${m.resource}」は使えません。${rule}`;
  return `${option}プール「${m.pool}」のリソースは使えません。プールのリソースは入れ替えて使われますが、「${m.resource}」は${owner}リソースです。${rule}`;
}

/**
 * An option's facility changed (商品編集) to one other than that of a resource it uses or may take as a member of a
 * pool it uses: the same rule as {@link resourceFacilityMismatch}, said from the option's side.
 */
export function optionFacilityMismatch(facility: string, resource: string, resourceFacility: string | null): string {
  const owner = resourceFacility === null ? '施設の指定なし' : `施設「${resourceFacility}」`;
  return `この商品はリソース「${resource}」（${owner}）を使うため、施設を「${facility}」にはできません。施設のある商品が使えるのは、同じ施設のリソースだけです。先にリソースの「使う商品」からこの商品を外してください。`;
}

/** A delete refused: bookings hold units of the resource (their units would no longer be counted anywhere). */
export function resourceInUse(bookings: number, first: string, last: string): string {
  const days = first === last ? first : `${first}〜${last}`;
  return `このリソースは${bookings}件の予約（利用日 ${days.replaceAll('-', '/')}）で使われているため削除できません。使わなくなった場合は、商品の設定から外してください。`;
}

/** A count typed in a field ('12', '１２') or sent as a number: an integer of 0 to RESOURCE_CAPACITY_MAX. */
function capacityCount(message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => {
      if (typeof value === 'number') return value;
      const text = value.normalize('NFKC').replace(/[,\s]/g, '');
      return /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
    })
    .pipe(z.number({ error: message }).int(message).min(0, message).max(RESOURCE_CAPACITY_MAX, message));
}

/** A name as typed, with its widths made one (全角 digits and letters) and its spaces folded. */
const foldedText = (max: number, tooLong: string) =>
  plainText()
    .transform((v) => v.normalize('NFKC').replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, tooLong));

export const resourceIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** 追加 and 編集: a resource's own fields. An empty pool is none. */
export const resourceRequest = z.object({
  name: foldedText(RESOURCE_NAME_MAX, ResourceMsg.nameTooLong).pipe(z.string().min(1, ResourceMsg.nameRequired)),
  kind: z.enum(RESOURCE_KINDS, { error: ResourceMsg.kindInvalid }),
  capacity: capacityCount(ResourceMsg.capacityInvalid),
  per: z.enum(RESOURCE_PERS, { error: ResourceMsg.perInvalid }),
  /** Interchangeable resources share it: a booking takes the first of them with room. */
  pool: z
    .union([plainText(), z.null()])
    .optional()
    .transform((v) => v ?? '')
    .pipe(foldedText(RESOURCE_POOL_MAX, ResourceMsg.poolTooLong))
    .transform((v) => (v === '' ? null : v)),
  /**
   * The facility that owns it (a ski shop's boots, a boat company's ship): an option of another facility may not use
   * it. The select's '' or none: no facility (the company's own), which any option without a facility may use.
   */
  facilityId: z
    .union([z.number(), z.string(), z.null()], { error: ResourceMsg.facilityInvalid })
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
    .pipe(
      z
        .number({ error: ResourceMsg.facilityInvalid })
        .int(ResourceMsg.facilityInvalid)
        .positive(ResourceMsg.facilityInvalid)
        .max(2_147_483_647, ResourceMsg.facilityInvalid)
        .nullable(),
    ),
});
export type ResourceRequest = z.input<typeof resourceRequest>;
export type ResourceInput = z.output<typeof resourceRequest>;

/** A day as YYYY-MM-DD, a real date of the calendar. */
const resourceDate = z
  .string({ error: ResourceMsg.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ResourceMsg.dateInvalid)
  .refine((v) => isValidYmd(v.replaceAll('-', '')), ResourceMsg.dateInvalid);

/** A date on which the resource has another capacity (0: a boat in dock, a guide on leave). */
export const resourceException = z.object({
  date: resourceDate,
  capacity: capacityCount(ResourceMsg.exceptionCapacityInvalid),
  note: foldedText(RESOURCE_NOTE_MAX, ResourceMsg.noteTooLong).default(''),
});
export type ResourceExceptionRequest = z.input<typeof resourceException>;
export type ResourceException = z.output<typeof resourceException>;

/** Every exception of the resource: those not listed are removed. */
export const resourceExceptionsRequest = z.object({
  exceptions: z
    .array(resourceException)
    .max(RESOURCE_EXCEPTIONS_MAX, ResourceMsg.exceptionsTooMany)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      for (const [i, e] of list.entries()) {
        if (seen.has(e.date)) {
          ctx.addIssue({ code: 'custom', path: [i, 'date'], message: resourceExceptionTwice(e.date) });
          return;
        }
        seen.add(e.date);
      }
    }),
});
export type ResourceExceptionsRequest = z.input<typeof resourceExceptionsRequest>;

/** An option whose bookings take units of the resource, and how many each takes. */
export const resourceUse = z.object({
  opcd: z
    .string({ error: ResourceMsg.optionRequired })
    .transform((v) => v.normalize('NFKC').trim().toUpperCase())
    .pipe(z.string().regex(OPCD_PATTERN, ResourceMsg.optionRequired)),
  usage: z.enum(RESOURCE_USAGES, { error: ResourceMsg.usageInvalid }),
});
export type ResourceUseRequest = z.input<typeof resourceUse>;

/** Every option that uses the resource: those not listed no longer do. */
export const resourceUsesRequest = z.object({
  uses: z
    .array(resourceUse)
    .max(RESOURCE_USES_MAX, ResourceMsg.usesTooMany)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      for (const [i, u] of list.entries()) {
        if (seen.has(u.opcd)) {
          ctx.addIssue({ code: 'custom', path: [i, 'opcd'], message: resourceUseTwice(u.opcd) });
          return;
        }
        seen.add(u.opcd);
      }
    }),
});
export type ResourceUsesRequest = z.input<typeof resourceUsesRequest>;

/**
 * A day's units: `capacity` (the exception's when the date has one, with its note), `used` by the bookings that hold
 * their seats, and `left`. For a resource counted per departure, `used` and `left` are its fullest departure's (what
 * every departure of the day still has at least), and `departures` lists each; `left` below 0 is a day sold beyond
 * its room (a capacity changed outside the console).
 */
export const resourceDay = z.object({
  date: z.string(),
  capacity: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  /** The exception's note; null when the day has the resource's own capacity. */
  exception: z.string().nullable(),
  departures: z.array(z.object({ startTime: z.string(), used: z.number().int(), left: z.number().int() })),
});
export type ResourceDay = z.infer<typeof resourceDay>;

export const resourceUseRow = z.object({
  opcd: z.string(),
  webname: z.string(),
  usage: z.enum(RESOURCE_USAGES),
});
export type ResourceUseRow = z.infer<typeof resourceUseRow>;

export const resourceRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  capacity: z.number().int(),
  per: z.enum(RESOURCE_PERS),
  pool: z.string().nullable(),
  /** The facility that owns it; null: none (the company's own). */
  facility: z.object({ id: z.number(), name: z.string() }).nullable(),
  uses: z.array(resourceUseRow),
  /** Today and the next 14 days (Tokyo), in order. */
  days: z.array(resourceDay),
});
export type ResourceRow = z.infer<typeof resourceRow>;

export const resourceExceptionRow = z.object({ date: z.string(), capacity: z.number().int(), note: z.string() });
export type ResourceExceptionRow = z.infer<typeof resourceExceptionRow>;

/** One resource with every exception, in date order. */
export const resourceDetail = resourceRow.extend({ exceptions: z.array(resourceExceptionRow) });
export type ResourceDetail = z.infer<typeof resourceDetail>;

export const resourceListResponse = envelope(z.array(resourceRow));
export const resourceResponse = envelope(resourceDetail);

/** この日にこのリソースを使う予約: the day asked, YYYY-MM-DD. */
export const resourceBookingsQuery = z.object({ date: resourceDate });
export type ResourceBookingsQuery = z.input<typeof resourceBookingsQuery>;

/** Another member of a pool, with its room on the day (or departure) of the booking's units. */
export const bookingResourceRoom = z.object({
  id: z.number(),
  name: z.string(),
  /** The day's capacity: the resource's own, or its date's exception. */
  capacity: z.number(),
  /** Units of live bookings (neither canceled nor expired) on that day, or that departure for a per-departure one. */
  used: z.number(),
  left: z.number(),
});
export type BookingResourceRoom = z.infer<typeof bookingResourceRoom>;

/**
 * A live booking (neither canceled nor expired) holding units of the resource on the day: what staff move to another
 * resource (予約詳細's 割り当てを変更) or call off (催行中止) before the day's capacity can go below what is held.
 */
export const resourceBooking = z.object({
  /** null: a キャンセル待ち entry whose offered seats hold the units until it is booked or lapses. */
  rsvno: z.string().nullable(),
  /** The leader's name (申込者). */
  name: z.string(),
  /** The booked option whose line took the units. */
  opcd: z.string(),
  webname: z.string(),
  /** The departure's start time ('' for a whole day). */
  startTime: z.string(),
  /** Units held: travellers, one for the booking, or rental items, as the option uses the resource. */
  units: z.number().int(),
  /** For a resource of a pool, the pool's other members with their room that day (and departure): where 割り当てを変更 may move them. */
  others: z.array(bookingResourceRoom),
});
export type ResourceBooking = z.infer<typeof resourceBooking>;

/** The 申込者 of a キャンセル待ち entry holding units: the entry, as the console's キャンセル待ち lists it. */
export const resourceWaitlistHolder = (entryId: number) => `キャンセル待ち No.${entryId}（お席を確保中）`;

/** In order of start time, then booking number. */
export const resourceBookingsResponse = envelope(z.array(resourceBooking));
