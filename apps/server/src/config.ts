import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Absolute origin used in links sent outside the browser (payment return URLs, mails). */
  publicUrl: string;
  /**
   * PUBLIC_URL was set: links always use it. Unset, they use the origin the visitor actually used
   * (a booking remembers it), so a customer on http://127.0.0.1:3000 is sent back there (issue 14.1).
   */
  publicUrlFixed: boolean;
  webDist: string;
  appKey: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiHost: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  secureCookies: boolean;
  logLevel: string;
  /** Login attempts per client address per 15 minutes (DESIGN §4). */
  loginLimitPerIp: number;
  /** Bookings created per client address per minute. */
  bookingLimitPerIp: number;
  /** Seats one client address may hold in unpaid card bookings per option and day (issue 11.9). */
  unpaidSeatsPerIp: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): off by default, so a client cannot
   * choose its own address for the rate limits; 'true', or the load balancer's addresses/CIDRs (comma-separated).
   */
  trustProxy: boolean | string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(here, '../../../data'));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlFixed: Boolean(env.PUBLIC_URL),
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../web/dist')),
    appKey: env.APP_KEY ?? randomBytes(32).toString('hex'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiHost: env.STRIPE_API_HOST || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'さくらトラベル オプション予約 <no-reply@example.co.jp>',
    redisUrl: env.REDIS_URL || undefined,
    secureCookies: env.SECURE_COOKIES === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    loginLimitPerIp: Number(env.LOGIN_IP_LIMIT ?? 30),
    bookingLimitPerIp: Number(env.BOOKING_IP_LIMIT ?? 30),
    unpaidSeatsPerIp: Number(env.UNPAID_SEATS_PER_IP ?? 10),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
