import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { PAYMENT_METHODS, type PaymentMethod } from '@tabi/contract/constants';
import { DEMO_SITE_LEGAL, INVOICE_NUMBER_PATTERN, type SiteLegal } from '@tabi/contract/site';
import { z } from 'zod';
import { SERVER_ROOT } from './server-root.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded photos and their WebP variants (MEDIA_DIR; default `DATA_DIR/media`, see {@link mediaDirOf}). */
  mediaDir: string | undefined;
  databaseUrl: string | undefined;
  /** PostgreSQL pool size per instance (PG_POOL_MAX; default {@link defaultPoolMax}). */
  pgPoolMax: number;
  /** Absolute origin used in links sent outside the browser (payment return URLs, mails). */
  publicUrl: string;
  /**
   * PUBLIC_URL was set: links always use it. Unset, they use the origin the visitor actually used
   * (a booking remembers it), so a customer on http://127.0.0.1:3000 is sent back there.
   */
  publicUrlFixed: boolean;
  webDist: string;
  appKey: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiHost: string | undefined;
  /** PAYMENT_METHODS: the ways a checkout offers, card first (ADR 0211); default all of them. */
  paymentMethods: PaymentMethod[];
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  secureCookies: boolean;
  logLevel: LogLevel;
  /** Login attempts per client address per 15 minutes (DESIGN §4). */
  loginLimitPerIp: number;
  /** Bookings created per client address per minute. */
  bookingLimitPerIp: number;
  /** Card checkouts opened per client address per minute: enough for retries, not for guessing numbers. */
  checkoutLimitPerIp: number;
  /** Seats one applicant (by phone number) may hold in unpaid card bookings per option and day (ADR 0172). */
  unpaidSeatsPerCustomer: number;
  /** Seats one client address (IPv6: its /64) may hold so, wider: many customers share a carrier's address (CGNAT). */
  unpaidSeatsPerAddress: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): off by default, so a client cannot
   * choose its own address for the rate limits; 'true', or the load balancer's addresses/CIDRs (comma-separated).
   */
  trustProxy: boolean | string;
  /** The benchmark's in-memory ceiling route (`BENCH_ROUTES=1`, scripts/bench.mjs only). */
  benchRoutes: boolean;
  /** The end-to-end tests' staff sign-in route (`TEST_ROUTES=1`, scripts/e2e-server.mjs only; ADR 0199). */
  testRoutes: boolean;
  /**
   * Draw every demo picture before listening, once per data directory (`PICTURES_AHEAD`, on by default; ADR 0208);
   * off, each is drawn when first asked for.
   */
  picturesAhead: boolean;
  /** `GET /metrics` answers only with this bearer token; off without it. */
  metricsToken: string | undefined;
  /** Days a sent mail keeps its body, HTML and attachments; after them only its row stays (MAIL_RETENTION_DAYS). */
  mailRetentionDays: number;
  /** Tokyo hour of the day before the use date from which the day-before mail goes out (DAY_BEFORE_MAIL_HOUR). */
  dayBeforeMailHour: number;
  /** Tokyo hour of the day before from which a facility is mailed its レンタル準備表 (RENTAL_SHEET_HOUR). */
  rentalSheetHour: number;
  /** Minutes a キャンセル待ち offer holds its seats for the visitor it was mailed to (WAITLIST_OFFER_MINUTES, ADR 0167). */
  waitlistOfferMinutes: number;
  /**
   * Days after the use date (PRIVACY_ERASE_DAYS, 90) or after a cancellation (PRIVACY_ERASE_CANCELED_DAYS, 30) when
   * passport numbers, birthdays and diet choices of a booking's people are erased.
   */
  privacyEraseDays: number;
  privacyEraseCanceledDays: number;
  /** The footer's company name, registration number, address and phone; demo values are marked. */
  legal: SiteLegal;
  /**
   * What signs the ticket's Apple Wallet pass (ADR 0214): null unless WALLET_PASS_CERT, WALLET_PASS_KEY,
   * WALLET_PASS_TYPE_ID, WALLET_TEAM_ID and WALLET_PASS_WWDR are all set; then my page offers 「Apple Wallet に追加」.
   */
  walletPass: WalletPassConfig | null;
}

/** The pass type's certificate and key, and Apple's WWDR certificate, as PEM; the pass type and the team. */
export interface WalletPassConfig {
  cert: string;
  key: string;
  keyPassphrase: string | undefined;
  passTypeId: string;
  teamId: string;
  wwdr: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The configuration cannot be used; the message is one line naming every wrong variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`設定が正しくありません / invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** An environment variable set to the empty string counts as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const integer = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, `${min}〜${max} の整数を指定してください / ${what} must be an integer ${min}–${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${min} 以上 / at least ${min}`).max(max, `${max} 以下 / at most ${max}`));

const flag = (what: string) =>
  z
    .enum(['true', 'false', '1', '0'], `true か false を指定してください / ${what} must be true or false`)
    .transform((v) => v === 'true' || v === '1');

const urlWith = (protocols: string[], what: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && (url.hostname !== '' || url.protocol === 'file:');
      } catch {
        return false;
      }
    },
    `${protocols.map((p) => `${p}//`).join(' か ')} で始まる URL を指定してください / ${what} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`,
  );

/**
 * A PEM block of `label` (`PRIVATE KEY` also takes `RSA PRIVATE KEY` and `ENCRYPTED PRIVATE KEY`); a value on one line
 * may write its line breaks as a backslash and n, as many platforms' settings must.
 */
const pem = (label: string) =>
  z
    .string()
    .transform((value) => value.replaceAll('\\n', '\n').trim())
    .refine(
      (value) => new RegExp(`^-----BEGIN [A-Z ]*${label}-----[\\s\\S]+-----END [A-Z ]*${label}-----$`).test(value),
      {
        message: `PEM（-----BEGIN ${label}-----）を指定してください / a PEM ${label}`,
      },
    );

const envSchema = z.object({
  PORT: optional(integer(0, 65_535, 'port')),
  HOST: optional(z.string().min(1)),
  DATA_DIR: optional(z.string()),
  MEDIA_DIR: optional(z.string()),
  DATABASE_URL: optional(urlWith(['postgres:', 'postgresql:'], 'a PostgreSQL address')),
  PG_POOL_MAX: optional(integer(1, 1000, 'pool size')),
  PUBLIC_URL: optional(urlWith(['http:', 'https:'], 'the public origin')),
  WEB_DIST: optional(z.string()),
  APP_KEY: optional(z.string()),
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_WEBHOOK_SECRET: optional(z.string()),
  STRIPE_API_HOST: optional(z.string()),
  PAYMENT_METHODS: optional(
    z
      .string()
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(
            z.enum(
              PAYMENT_METHODS,
              `${PAYMENT_METHODS.join(', ')} をカンマ区切りで指定してください / a comma-separated list of ${PAYMENT_METHODS.join(', ')}`,
            ),
          )
          .min(1, '1つ以上指定してください / at least one method'),
      ),
  ),
  SMTP_URL: optional(urlWith(['smtp:', 'smtps:'], 'an SMTP address')),
  MAIL_FROM: optional(z.string()),
  REDIS_URL: optional(urlWith(['redis:', 'rediss:'], 'a Redis address')),
  SECURE_COOKIES: optional(flag('SECURE_COOKIES')),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, `${LOG_LEVELS.join(', ')} のいずれか / one of ${LOG_LEVELS.join(', ')}`)),
  LOGIN_IP_LIMIT: optional(integer(1, 1_000_000, 'a limit')),
  BOOKING_IP_LIMIT: optional(integer(1, 1_000_000, 'a limit')),
  CHECKOUT_IP_LIMIT: optional(integer(1, 1_000_000, 'a limit')),
  UNPAID_SEATS_PER_CUSTOMER: optional(integer(1, 100_000_000, 'a limit')),
  UNPAID_SEATS_PER_ADDRESS: optional(integer(1, 100_000_000, 'a limit')),
  TRUST_PROXY: optional(z.string()),
  BENCH_ROUTES: optional(flag('BENCH_ROUTES')),
  TEST_ROUTES: optional(flag('TEST_ROUTES')),
  PICTURES_AHEAD: optional(flag('PICTURES_AHEAD')),
  METRICS_TOKEN: optional(z.string().min(16, '16 文字以上にしてください / at least 16 characters')),
  MAIL_RETENTION_DAYS: optional(integer(1, 36_500, 'a number of days')),
  DAY_BEFORE_MAIL_HOUR: optional(integer(0, 23, 'an hour')),
  RENTAL_SHEET_HOUR: optional(integer(0, 23, 'an hour')),
  WAITLIST_OFFER_MINUTES: optional(integer(5, 10_080, 'a number of minutes')),
  PRIVACY_ERASE_DAYS: optional(integer(1, 36_500, 'a number of days')),
  PRIVACY_ERASE_CANCELED_DAYS: optional(integer(1, 36_500, 'a number of days')),
  COMPANY_NAME: optional(z.string().trim().min(1).max(100)),
  TRAVEL_AGENCY_REGISTRATION: optional(z.string().trim().min(1).max(100)),
  COMPANY_ADDRESS: optional(z.string().trim().min(1).max(200)),
  // The same for the English pages; unset: the demo's English while the Japanese is the demo's, else none.
  COMPANY_NAME_EN: optional(z.string().trim().min(1).max(100)),
  TRAVEL_AGENCY_REGISTRATION_EN: optional(z.string().trim().min(1).max(200)),
  COMPANY_ADDRESS_EN: optional(z.string().trim().min(1).max(200)),
  COMPANY_TEL: optional(
    z
      .string()
      .trim()
      .regex(/^[0-9０-９+()（） -]{6,20}$/, '電話番号の形式で指定してください / a phone number'),
  ),
  INVOICE_REGISTRATION_NUMBER: optional(
    z.string().trim().regex(INVOICE_NUMBER_PATTERN, 'T と数字13桁で指定してください / T followed by 13 digits'),
  ),
  WALLET_PASS_CERT: optional(pem('CERTIFICATE')),
  WALLET_PASS_KEY: optional(pem('PRIVATE KEY')),
  WALLET_PASS_KEY_PASSPHRASE: optional(z.string()),
  WALLET_PASS_TYPE_ID: optional(
    z.string().regex(/^pass\.[A-Za-z0-9.-]+$/, 'pass. で始まる ID / a pass type ID starting with pass.'),
  ),
  WALLET_TEAM_ID: optional(z.string().regex(/^[A-Z0-9]{10}$/, '英大文字と数字10桁 / 10 capital letters and digits')),
  WALLET_PASS_WWDR: optional(pem('CERTIFICATE')),
});

/** The Wallet variables that must be set together; the passphrase alone is optional. */
const WALLET_PASS_VARIABLES = [
  'WALLET_PASS_CERT',
  'WALLET_PASS_KEY',
  'WALLET_PASS_TYPE_ID',
  'WALLET_TEAM_ID',
  'WALLET_PASS_WWDR',
] as const;

/** All the Wallet variables or none: half of them is a mistake, not a choice to go without the pass. */
function walletPassOf(e: z.output<typeof envSchema>): WalletPassConfig | null {
  const missing = WALLET_PASS_VARIABLES.filter((name) => e[name] === undefined);
  if (missing.length === WALLET_PASS_VARIABLES.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      missing.map(
        (name) => `${name}: ほかの WALLET_* と一緒に指定してください / set with the other WALLET_* variables`,
      ),
    );
  }
  const wallet = {
    cert: e.WALLET_PASS_CERT ?? '',
    key: e.WALLET_PASS_KEY ?? '',
    keyPassphrase: e.WALLET_PASS_KEY_PASSPHRASE,
    passTypeId: e.WALLET_PASS_TYPE_ID ?? '',
    teamId: e.WALLET_TEAM_ID ?? '',
    wwdr: e.WALLET_PASS_WWDR ?? '',
  };
  // Found at start, not when a customer taps 「Apple Wallet に追加」: the key must open and be the certificate's.
  try {
    new X509Certificate(wallet.wwdr);
    const key = createPrivateKey({ key: wallet.key, passphrase: wallet.keyPassphrase ?? '' });
    if (key.asymmetricKeyType !== 'rsa' || !new X509Certificate(wallet.cert).checkPrivateKey(key)) throw new Error();
  } catch {
    throw new ConfigError([
      'WALLET_PASS_CERT, WALLET_PASS_KEY, WALLET_PASS_WWDR: 読み込めないか、鍵が証明書の RSA 鍵ではありません / unreadable, or the key is not the RSA key of the certificate',
    ]);
  }
  return wallet;
}

/**
 * Reads and validates the environment once at start (zod): a wrong value stops the start with a
 * ConfigError naming it (`PORT=abc` is an error, not NaN); unset and empty variables take their defaults.
 */
const DEMO_EN = { companyName: '', registration: '', address: '', ...DEMO_SITE_LEGAL.translations.en };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? path.join(SERVER_ROOT, '../../data')),
    mediaDir: e.MEDIA_DIR === undefined ? undefined : path.resolve(e.MEDIA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgPoolMax: e.PG_POOL_MAX ?? defaultPoolMax(),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlFixed: e.PUBLIC_URL !== undefined,
    webDist: path.resolve(e.WEB_DIST ?? path.join(SERVER_ROOT, '../web/dist')),
    appKey: e.APP_KEY ?? randomBytes(32).toString('hex'),
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiHost: e.STRIPE_API_HOST,
    // Offered in the contract's order, whatever the order written.
    paymentMethods: PAYMENT_METHODS.filter((m) => (e.PAYMENT_METHODS ?? PAYMENT_METHODS).includes(m)),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'さくらトラベル オプション予約 <no-reply@example.co.jp>',
    redisUrl: e.REDIS_URL,
    secureCookies: e.SECURE_COOKIES ?? false,
    logLevel: e.LOG_LEVEL ?? 'info',
    loginLimitPerIp: e.LOGIN_IP_LIMIT ?? 30,
    bookingLimitPerIp: e.BOOKING_IP_LIMIT ?? 30,
    checkoutLimitPerIp: e.CHECKOUT_IP_LIMIT ?? 20,
    unpaidSeatsPerCustomer: e.UNPAID_SEATS_PER_CUSTOMER ?? 10,
    unpaidSeatsPerAddress: e.UNPAID_SEATS_PER_ADDRESS ?? 30,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    benchRoutes: e.BENCH_ROUTES ?? false,
    testRoutes: e.TEST_ROUTES ?? false,
    picturesAhead: e.PICTURES_AHEAD ?? true,
    metricsToken: e.METRICS_TOKEN,
    mailRetentionDays: e.MAIL_RETENTION_DAYS ?? 90,
    dayBeforeMailHour: e.DAY_BEFORE_MAIL_HOUR ?? 15,
    rentalSheetHour: e.RENTAL_SHEET_HOUR ?? 18,
    waitlistOfferMinutes: e.WAITLIST_OFFER_MINUTES ?? 60,
    privacyEraseDays: e.PRIVACY_ERASE_DAYS ?? 90,
    privacyEraseCanceledDays: e.PRIVACY_ERASE_CANCELED_DAYS ?? 30,
    legal: {
      companyName: e.COMPANY_NAME ?? DEMO_SITE_LEGAL.companyName,
      registration: e.TRAVEL_AGENCY_REGISTRATION ?? DEMO_SITE_LEGAL.registration,
      address: e.COMPANY_ADDRESS ?? DEMO_SITE_LEGAL.address,
      tel: e.COMPANY_TEL ?? DEMO_SITE_LEGAL.tel,
      invoiceNumber: e.INVOICE_REGISTRATION_NUMBER ?? DEMO_SITE_LEGAL.invoiceNumber,
      example: [e.COMPANY_NAME, e.TRAVEL_AGENCY_REGISTRATION, e.COMPANY_ADDRESS, e.COMPANY_TEL].some(
        (v) => v === undefined,
      ),
      translations: {
        en: {
          companyName: e.COMPANY_NAME_EN ?? (e.COMPANY_NAME ? '' : DEMO_EN.companyName),
          registration: e.TRAVEL_AGENCY_REGISTRATION_EN ?? (e.TRAVEL_AGENCY_REGISTRATION ? '' : DEMO_EN.registration),
          address: e.COMPANY_ADDRESS_EN ?? (e.COMPANY_ADDRESS ? '' : DEMO_EN.address),
        },
      },
    },
    walletPass: walletPassOf(e),
  };
}

/**
 * Where uploaded photos live: MEDIA_DIR when set, else `DATA_DIR/media`; an in-memory database (tests) keeps
 * them in a temporary directory of this process, never in the project's data folder.
 */
export function mediaDirOf(config: Pick<Config, 'mediaDir' | 'dataDir'>): string {
  if (config.mediaDir) return config.mediaDir;
  if (config.dataDir === 'memory') return path.join(os.tmpdir(), `tabi-media-${process.pid}`);
  return path.join(config.dataDir, 'media');
}

/**
 * Connections that can all be working at once: twice the cores plus one (ADR 0110). More only
 * queue inside PostgreSQL, switching and contending, instead of in the pool. Set PG_POOL_MAX when the
 * database has more cores than this process sees.
 */
export function defaultPoolMax(cores = availableParallelism()): number {
  return 2 * cores + 1;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
