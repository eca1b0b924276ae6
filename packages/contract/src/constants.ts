/** Enumerations and business constants of SPEC §3 and §9, and DESIGN §10's answers. */
import type { TranslatedLang } from './content.ts';

export const ErrCd = {
  success: '000',
  sessionTimeout: '001',
  noStock: '104',
  noOperationCode: '501',
  noUseDate: '502',
  noMemberCount: '503',
  shortageOfStock: '504',
  nothingPrice: '505',
  generic: '999',
} as const;
export type ErrCd = (typeof ErrCd)[keyof typeof ErrCd];

export const AGE_CLASSES = ['adult', 'middle', 'child', 'infant'] as const;
export type AgeClass = (typeof AGE_CLASSES)[number];

/** Wire codes of the age classes (SPEC §3: 1 adult, 2 child, 3 infant, 4 middle). */
export const AgeClassCode = { adult: '1', child: '2', infant: '3', middle: '4' } as const satisfies Record<
  AgeClass,
  string
>;
export type AgeClassCode = (typeof AgeClassCode)[AgeClass];
export const AGE_CLASS_CODES = ['1', '2', '3', '4'] as const;

export const AGE_CLASS_LABEL: Record<AgeClass, string> = {
  adult: '大人',
  middle: '中人',
  child: '小人',
  infant: '幼児',
};

export function ageClassFromCode(code: string): AgeClass | undefined {
  return AGE_CLASSES.find((c) => AgeClassCode[c] === code);
}

export const Gender = { male: '1', female: '2' } as const;
export const GENDER_CODES = ['1', '2'] as const;
export type GenderCode = (typeof GENDER_CODES)[number];
export const GENDER_LABEL: Record<GenderCode, string> = { '1': '男性', '2': '女性' };

export const CheckoutResult = { success: '0', failed: '1' } as const;

export const ExternalCode = { none: 0, dj: 1, linktivity: 2, jr: 3 } as const;
export type ExternalCode = (typeof ExternalCode)[keyof typeof ExternalCode];

export const TravelKind = { recruitment: 0, arrangement: 1 } as const;
export type TravelKind = (typeof TravelKind)[keyof typeof TravelKind];

export const RentalCode = { none: '', skiSnowboard: '1', wear: '2', boots: '3', wearAndBoots: '4' } as const;
export type RentalCode = (typeof RentalCode)[keyof typeof RentalCode];
export const RENTAL_CODES = ['', '1', '2', '3', '4'] as const;

export const RentalType = { none: '', ski: '1', snowboard: '2' } as const;
export const RENTAL_TYPES = ['', '1', '2'] as const;
export type RentalTypeCode = (typeof RENTAL_TYPES)[number];
export const RENTAL_TYPE_LABEL: Record<RentalTypeCode, string> = { '': 'なし', '1': 'スキー', '2': 'スノーボード' };

export const BookingStatus = { tmp: 0, completed: 1, canceled: 4, requested: 6 } as const;
export type BookingStatus = (typeof BookingStatus)[keyof typeof BookingStatus];

export const PaymentStatus = { uncompleted: 0, completed: 1 } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

export const EXTENDED_FIELD_NAMES = [
  'hotel_name',
  'flight_number',
  'passport_number',
  'vegetarian_meals',
  'eyesight',
  'height_cm',
  'weight_kg',
  'shoe_size',
  'clothes_size',
  'diving_experience',
] as const;

/** A departure point's names: the Japanese, then English, Korean, Traditional and Simplified Chinese. */
function fromspot(id: string, caption: string, en: string, ko: string, zhHant: string, zhHans: string) {
  const named = (name: string) => ({ caption: name });
  return {
    id,
    caption,
    translations: { en: named(en), ko: named(ko), 'zh-Hant': named(zhHant), 'zh-Hans': named(zhHans) },
  };
}

/** SPEC's departure points (発地), named like any catalog text: the Japanese, and a translation per language (content.ts). */
export const FROMSPOTS: readonly {
  id: string;
  caption: string;
  translations: Record<TranslatedLang, { caption: string }>;
}[] = [
  fromspot('1301', '両国駅', 'Ryogoku Station', '료고쿠역', '兩國站', '两国站'),
  fromspot('1302', '東京駅', 'Tokyo Station', '도쿄역', '東京站', '东京站'),
  fromspot('1303', '新宿', 'Shinjuku', '신주쿠', '新宿', '新宿'),
  fromspot('0401', '仙台駅', 'Sendai Station', '센다이역', '仙台站', '仙台站'),
  fromspot('2301', '名古屋駅', 'Nagoya Station', '나고야역', '名古屋站', '名古屋站'),
  fromspot('2701', '大阪駅', 'Osaka Station', '오사카역', '大阪站', '大阪站'),
  fromspot('4001', '博多駅', 'Hakata Station', '하카타역', '博多站', '博多站'),
  fromspot('4301', '熊本駅', 'Kumamoto Station', '구마모토역', '熊本站', '熊本站'),
];

export const RESERVATION_SESSION_LIMIT_MINUTES = 20;
export const UNPAID_GRACE_MINUTES = 60;
export const PAYMENT_LINK_EXPIRY_MINUTES = 60;
export const COMPLETION_EXPIRY_MINUTES = 60;
export const RSVNO_LENGTH = 8;
export const JR_ISSUE_NUMBER_LENGTH = 11;
export const JR_CONFIRM_NUMBER_LENGTH = 4;
export const PACKAGE_CODE_OPTION = 'X';
export const STOCK_CIRCLE_FROM = 10;
export const DEFAULT_MIN_PEOPLE = 1;
export const DEFAULT_MAX_PEOPLE = 1;
export const INITIAL_ADULTS = 1;
export const PAGINATION_MIN_LINKS = 4;
export const THUMBNAILS_PER_VIEW = 10;
export const OPTIONS_PER_PAGE = 10;
export const NAME_MAX_LENGTH = 30;
/**
 * A phone number as typed, separators included: room for an international number with its country code
 * (+44 20 7946 0958, +1 (555) 123-4567). E.164 numbers have at most 15 digits.
 */
export const PHONE_MAX_LENGTH = 20;
export const SESSION_IDLE_MINUTES = 60;
/** A session ends this long after login however busy it is. */
export const SESSION_ABSOLUTE_HOURS = 24;
export const REQUEST_PAYMENT_DEADLINE_HOURS = 72;
export const COUPON_PIN_MAX_FAILURES = 5;
export const COUPON_LOCK_MINUTES = 15;
export const TIME_ZONE = 'Asia/Tokyo';

export const SHOE_SIZES: readonly string[] = Array.from({ length: 23 }, (_, i) => (18 + i * 0.5).toFixed(1));
export const WEAR_SIZES_ADULT = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const WEAR_SIZES_CHILD = ['90cm', '100cm', '110cm', '120cm', '130cm'] as const;

/** Adults and middle-age travellers wear adult sizes; children and infants wear children's sizes. */
export function wearSizesFor(ageClass: AgeClass): readonly string[] {
  return ageClass === 'adult' || ageClass === 'middle' ? WEAR_SIZES_ADULT : WEAR_SIZES_CHILD;
}

export function rentalNeedsType(rentalcd: string): boolean {
  return rentalcd === RentalCode.skiSnowboard;
}
export function rentalNeedsBoots(rentalcd: string): boolean {
  return rentalcd === RentalCode.skiSnowboard || rentalcd === RentalCode.boots || rentalcd === RentalCode.wearAndBoots;
}
export function rentalNeedsWear(rentalcd: string): boolean {
  return rentalcd === RentalCode.skiSnowboard || rentalcd === RentalCode.wear || rentalcd === RentalCode.wearAndBoots;
}

/** The outcomes of a coupon attempt as `coupon_uses` keeps them (a wrong PIN cleared by staff stops counting). */
export const COUPON_OUTCOMES = [
  'used',
  'bad_pin',
  'bad_pin_cleared',
  'locked',
  'over_remaining',
  'not_today',
  'not_usable',
] as const;
export type CouponOutcome = (typeof COUPON_OUTCOMES)[number];

/**
 * The ways a checkout may be paid (DESIGN §6, ADR 0211): card (Apple Pay and Google Pay are card payments on the
 * phones that have them), and the wallets that redirect to their own app or page and come back paid or refused.
 * `PAYMENT_METHODS` (server) chooses which are offered, in this order.
 */
export const PAYMENT_METHODS = ['card', 'konbini', 'paypay', 'alipay', 'wechat_pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * コンビニ決済 (ADR 0213): a slip paid at the store within this many days (the deadline is the end of that day in
 * Tokyo, as Stripe's `expires_after_days`), never after the day before the use date; offered only while that leaves
 * a day, and for the amounts the stores take.
 */
export const KONBINI_MAX_DAYS = 3;
export const KONBINI_MIN_AMOUNT = 120;
export const KONBINI_MAX_AMOUNT = 300_000;
/** The stores a slip is paid at (Stripe's names). */
export const KONBINI_STORES = ['familymart', 'lawson', 'ministop', 'seicomart'] as const;
export type KonbiniStore = (typeof KONBINI_STORES)[number];
