/**
 * 割引コード in the console (ADR 0210, admin only): the schemas of its calls and their Japanese messages, kept beside
 * them as the other console-only files keep theirs. Only the server and the console import this.
 */
import { z } from 'zod';
import { OPCD_PATTERN } from './admin-catalog.ts';
import { isValidYmd } from './dates.ts';
import {
  DISCOUNT_CODE_MAX,
  DISCOUNT_CODE_MIN,
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_KINDS,
  type DiscountKind,
  normaliseDiscountCode,
} from './discounts.ts';
import { envelope, plainText } from './envelope.ts';

export const DISCOUNT_NAME_MAX = 60;
export const DISCOUNT_PERCENT_MAX = 100;
export const DISCOUNT_YEN_MAX = 10_000_000;
export const DISCOUNT_LIMIT_MAX = 1_000_000;
/** Options one code may be limited to. */
export const DISCOUNT_OPTIONS_MAX = 200;
export const DISCOUNT_KIND_LABEL: Record<DiscountKind, string> = { percent: '割合（％）', yen: '金額（円）' };

const yen = (max: number) => `1〜${max.toLocaleString('ja-JP')}`;

export const DiscountMsg = {
  codeRequired: '割引コードを入力してください。',
  codeLength: `割引コードは${DISCOUNT_CODE_MIN}〜${DISCOUNT_CODE_MAX}文字で入力してください。`,
  codeChars: '割引コードは半角英数字・ハイフン・アンダースコアで入力してください。',
  codeTaken: 'この割引コードはすでに登録されています。',
  nameTooLong: `名前は${DISCOUNT_NAME_MAX}文字以内で入力してください。`,
  kindInvalid: '割引の種類（割合・金額）を選択してください。',
  percentInvalid: `割合は${yen(DISCOUNT_PERCENT_MAX)}の整数で入力してください。`,
  yenInvalid: `金額は${yen(DISCOUNT_YEN_MAX)}の整数（円）で入力してください。`,
  dateInvalid: '日付はYYYY-MM-DD形式の正しい日付で入力してください（例：2026-12-05）。',
  bookWindowInvalid: '予約受付期間の終了日は開始日以降にしてください。',
  travelWindowInvalid: 'ご利用期間の終了日は開始日以降にしてください。',
  limitInvalid: `利用回数の上限は${yen(DISCOUNT_LIMIT_MAX)}の整数で入力してください（空欄：上限なし）。`,
  minAmountInvalid: `最低金額は${yen(DISCOUNT_YEN_MAX)}の整数（円）で入力してください（空欄：なし）。`,
  optionsTooMany: `対象の商品は${DISCOUNT_OPTIONS_MAX}件まで選択できます。`,
  optionInvalid: '商品コードが正しくありません。',
  notFound: '割引コードが見つかりません。',
} as const;

/** An option chosen that is not in the catalog (removed by a colleague meanwhile, or mistyped). */
export function discountOptionUnknown(opcd: string): string {
  return `商品コード${opcd}の商品が見つかりません。対象商品を選び直してください。`;
}

/** Deleting a code bookings took: their records name it, so it is turned off rather than removed. */
export function discountCodeUsed(times: number): string {
  return `この割引コードはこれまでに${times}回使われているため、削除できません。今後使えないようにするには、「有効」のチェックを外して無効にしてください。`;
}

const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidYmd(v.replaceAll('-', '')), { message: DiscountMsg.dateInvalid })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .default(null);

const optionalCount = (message: string, max: number) =>
  z.number({ message }).int({ message }).min(1, { message }).max(max, { message }).nullable().default(null);

export const discountCodeRequest = z
  .object({
    code: z
      .string({ message: DiscountMsg.codeRequired })
      .transform(normaliseDiscountCode)
      .pipe(
        z
          .string()
          .min(1, { message: DiscountMsg.codeRequired })
          .min(DISCOUNT_CODE_MIN, { message: DiscountMsg.codeLength })
          .max(DISCOUNT_CODE_MAX, { message: DiscountMsg.codeLength })
          .regex(DISCOUNT_CODE_PATTERN, { message: DiscountMsg.codeChars }),
      ),
    name: plainText().trim().max(DISCOUNT_NAME_MAX, { message: DiscountMsg.nameTooLong }).default(''),
    kind: z.enum(DISCOUNT_KINDS, { message: DiscountMsg.kindInvalid }),
    value: z.number({ message: DiscountMsg.yenInvalid }).int({ message: DiscountMsg.yenInvalid }),
    /** The options it is for; empty: every option. */
    opcds: z
      .array(z.string().regex(OPCD_PATTERN, { message: DiscountMsg.optionInvalid }))
      .max(DISCOUNT_OPTIONS_MAX, { message: DiscountMsg.optionsTooMany })
      .default([]),
    book_from: optionalDate,
    book_until: optionalDate,
    travel_from: optionalDate,
    travel_until: optionalDate,
    total_limit: optionalCount(DiscountMsg.limitInvalid, DISCOUNT_LIMIT_MAX),
    per_customer_limit: optionalCount(DiscountMsg.limitInvalid, DISCOUNT_LIMIT_MAX),
    min_amount: optionalCount(DiscountMsg.minAmountInvalid, DISCOUNT_YEN_MAX),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const [max, message] =
      v.kind === 'percent'
        ? [DISCOUNT_PERCENT_MAX, DiscountMsg.percentInvalid]
        : [DISCOUNT_YEN_MAX, DiscountMsg.yenInvalid];
    if (v.value < 1 || v.value > max) ctx.addIssue({ code: 'custom', path: ['value'], message });
    if (v.book_from && v.book_until && v.book_until < v.book_from) {
      ctx.addIssue({ code: 'custom', path: ['book_until'], message: DiscountMsg.bookWindowInvalid });
    }
    if (v.travel_from && v.travel_until && v.travel_until < v.travel_from) {
      ctx.addIssue({ code: 'custom', path: ['travel_until'], message: DiscountMsg.travelWindowInvalid });
    }
  });
export type DiscountCodeRequest = z.input<typeof discountCodeRequest>;
export type DiscountCodeFields = z.output<typeof discountCodeRequest>;

export const discountCodeIdParams = z.object({ id: z.coerce.number().int().positive() });

export const discountCodeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  opcds: z.array(z.string()),
  book_from: z.string().nullable(),
  book_until: z.string().nullable(),
  travel_from: z.string().nullable(),
  travel_until: z.string().nullable(),
  total_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  min_amount: z.number().int().nullable(),
  active: z.boolean(),
  /** Uses that count against the limit: bookings holding it, and paid ones. */
  uses: z.number().int(),
  /** Yen taken off by those uses. */
  discounted: z.number().int(),
});
export type DiscountCodeRow = z.infer<typeof discountCodeRow>;
export const discountCodeResponse = envelope(discountCodeRow);
export const discountCodeListResponse = envelope(z.object({ codes: z.array(discountCodeRow) }));
