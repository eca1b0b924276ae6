/**
 * 販売代理店 (DESIGN §13): resellers selling our options through OCTO, their API keys (shown once,
 * stored hashed, each with its own rate limit), the channel every booking comes from, and the monthly sales report
 * per channel and option (ADR 0169). Console calls under /api/admin; managing resellers and the report are admin only.
 */
import { z } from 'zod';
import { envelope, plainText } from './envelope.ts';

export const RESELLER_NAME_MAX = 60;
/** Requests per minute a key may make: 600 unless told (reseller_keys.rate_per_minute's default). */
export const RESELLER_RATE_DEFAULT = 600;
export const RESELLER_RATE_MAX = 6000;

export const ResellerMsg = {
  nameRequired: '代理店名を入力してください。',
  nameTooLong: `代理店名は${RESELLER_NAME_MAX}文字以内で入力してください。`,
  nameTaken: '同じ名前の販売代理店がすでに登録されています。別の名前を入力してください。',
  commissionRequired: '手数料率を入力してください（手数料がない場合は 0）。',
  commissionInvalid: '手数料率は0〜100の数値で、小数点以下2桁までで入力してください（例：15、12.5）。',
  rateInvalid: `1分あたりの上限回数は1〜${RESELLER_RATE_MAX.toLocaleString('ja-JP')}の整数で入力してください。`,
  notFound: '販売代理店が見つかりません。画面を再読み込みしてください。',
  keyNotFound: 'APIキーが見つかりません。画面を再読み込みしてください。',
  keyAlreadyRevoked: 'このAPIキーはすでに失効しています。',
  channelInvalid: '販売チャネルの指定が正しくありません。',
} as const;

/**
 * A commission as typed, in percent with up to 2 decimals (`15`, `12.5`, `１２．５`, `8.25%`), to basis points
 * (1500, 1250, 825): read from the digits, never through a float, so 12.34 % is exactly 1234.
 */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(
    text
      .normalize('NFKC')
      .replace(/[%\s]/g, '')
      .replace(/[。．]/g, '.'),
  );
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Basis points as the console writes a percentage: 1500 → 「15」, 1250 → 「12.5」, 825 → 「8.25」. */
export function bpToPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const cents = bp % 100;
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

export const commissionPercent = z
  .union([z.string(), z.number()], { error: ResellerMsg.commissionRequired })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: ResellerMsg.commissionRequired });
      return z.NEVER;
    }
    const bp = percentToBp(text);
    if (bp === null) {
      ctx.addIssue({ code: 'custom', message: ResellerMsg.commissionInvalid });
      return z.NEVER;
    }
    return bp;
  });

export const resellerName = plainText()
  .transform((v) => v.normalize('NFKC').replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, ResellerMsg.nameRequired).max(RESELLER_NAME_MAX, ResellerMsg.nameTooLong));

/** 追加 and 編集: the name and the commission in percent (stored as basis points). */
export const resellerRequest = z.object({ name: resellerName, commission: commissionPercent });
export type ResellerRequest = z.input<typeof resellerRequest>;

export const keyRate = z
  .union([z.number(), z.string()], { error: ResellerMsg.rateInvalid })
  .transform((value) => {
    if (typeof value === 'number') return value;
    const text = value.normalize('NFKC').replace(/[,\s]/g, '');
    return /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
  })
  .pipe(
    z
      .number({ error: ResellerMsg.rateInvalid })
      .int(ResellerMsg.rateInvalid)
      .min(1, ResellerMsg.rateInvalid)
      .max(RESELLER_RATE_MAX, ResellerMsg.rateInvalid),
  );
export const issueKeyRequest = z.object({ ratePerMinute: keyRate.optional() });
export type IssueKeyRequest = z.input<typeof issueKeyRequest>;

export const resellerIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const resellerKeyParams = resellerIdParams.extend({
  keyId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const RESELLER_ACTIONS = ['enable', 'disable'] as const;
export type ResellerAction = (typeof RESELLER_ACTIONS)[number];

export const resellerKey = z.object({
  id: z.number(),
  /** The key's first characters (`tabi_octo_Ab3xY9`), to tell keys apart; the key itself is never shown again. */
  prefix: z.string(),
  ratePerMinute: z.number(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ResellerKey = z.infer<typeof resellerKey>;

export const reseller = z.object({
  id: z.number(),
  name: z.string(),
  commissionBp: z.number(),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** The latest use of any of its keys. */
  lastUsedAt: z.string().nullable(),
  /** Newest first; revoked ones stay listed. */
  keys: z.array(resellerKey),
});
export type Reseller = z.infer<typeof reseller>;
export const resellerResponse = envelope(reseller);
export const resellerListResponse = envelope(z.array(reseller));

/** A key just issued: the only answer that ever carries the key itself. */
export const issuedKey = z.object({ reseller, key: z.string() });
export type IssuedKey = z.infer<typeof issuedKey>;
export const issuedKeyResponse = envelope(issuedKey);

// --- 販売チャネル ---------------------------------------------------------------------------------------------

/** The channel filter of 予約一覧 and its CSV: `own` (自社サイト) or a reseller's id. */
export const channelFilter = z.string().regex(/^(?:own|\d{1,9})?$/, ResellerMsg.channelInvalid);
export const OWN_CHANNEL_VALUE = 'own';

/** The filter's choices for any staff member (the names only; the reseller list itself is the admin's). */
export const channelChoice = z.object({ id: z.number(), name: z.string(), enabled: z.boolean() });
export type ChannelChoice = z.infer<typeof channelChoice>;
export const channelChoicesResponse = envelope(z.array(channelChoice));

// --- 売上レポート ---------------------------------------------------------------------------------------------

export const salesMonthQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '年月はYYYY-MM形式で指定してください（例：2026-11）。'),
});
export type SalesMonthQuery = z.input<typeof salesMonthQuery>;

const figures = {
  /** Bookings that hold their seats (ADR 0169). */
  bookings: z.number().int(),
  /** Their travellers: adult + middle + child + infant of the option's line. */
  people: z.number().int(),
  /** Canceled bookings whose fee was kept. */
  canceled: z.number().int(),
  /** 金額: the price of the bookings held, and the fee of those canceled, in yen. */
  amount: z.number().int(),
  /** What the reseller keeps of it (0 for our own site). */
  commission: z.number().int(),
  /** amount − commission: what comes to us. */
  net: z.number().int(),
};
export const salesLine = z.object({
  /** null: 自社サイト. */
  resellerId: z.number().nullable(),
  channel: z.string(),
  opcd: z.string(),
  webname: z.string(),
  ...figures,
  /**
   * An option sold at start times (ADR 0196): its figures per departure (start time), in time order, adding up to
   * the line's; empty for an option sold by whole days.
   */
  departures: z.array(z.object({ startTime: z.string(), ...figures })),
});
export type SalesLine = z.infer<typeof salesLine>;
export const salesChannelTotal = z.object({ resellerId: z.number().nullable(), channel: z.string(), ...figures });
export type SalesChannelTotal = z.infer<typeof salesChannelTotal>;
export const salesReport = z.object({
  month: z.string(),
  /** Per channel (自社サイト first, then resellers by name) and option. */
  lines: z.array(salesLine),
  /** Each channel in total: a booking of several options counts once. */
  channels: z.array(salesChannelTotal),
  total: z.object(figures),
  /**
   * 割引コード別 (ADR 0210): per code, the bookings counted at their price above that used it, and the yen it took off
   * them (their 金額 is already what was paid).
   */
  discounts: z.array(z.object({ code: z.string(), bookings: z.number().int(), discount: z.number().int() })),
});
export type SalesReport = z.infer<typeof salesReport>;
export const salesReportResponse = envelope(salesReport);
