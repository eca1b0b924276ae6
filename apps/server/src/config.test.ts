import { availableParallelism } from 'node:os';
import { legalIn } from '@tabi/contract/site';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolMax, loadConfig } from './config.ts';

function problemOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('defaultPoolMax', () => {
  it('is twice the cores plus one', () => {
    expect(defaultPoolMax(2)).toBe(5);
    expect(defaultPoolMax(8)).toBe(17);
  });
});

describe('loadConfig', () => {
  it('takes the defaults for unset and empty variables', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SECURE_COOKIES: '' });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      pgPoolMax: 2 * availableParallelism() + 1,
      secureCookies: false,
      logLevel: 'info',
      loginLimitPerIp: 30,
      bookingLimitPerIp: 30,
      benchRoutes: false,
      metricsToken: undefined,
      trustProxy: false,
      mailRetentionDays: 90,
      dayBeforeMailHour: 15,
      rentalSheetHour: 18,
    });
  });

  it('reads valid values', () => {
    const config = loadConfig({
      PORT: '8080',
      PG_POOL_MAX: '5',
      BENCH_ROUTES: '1',
      SECURE_COOKIES: 'true',
      DATABASE_URL: 'postgres://u:p@db.internal:5432/tabi',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: 'a-long-enough-token',
      TRUST_PROXY: '10.0.0.0/8',
      MAIL_RETENTION_DAYS: '365',
    });
    expect(config).toMatchObject({
      mailRetentionDays: 365,
      port: 8080,
      pgPoolMax: 5,
      benchRoutes: true,
      secureCookies: true,
      logLevel: 'warn',
      publicUrl: 'http://localhost:8080',
      trustProxy: '10.0.0.0/8',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '3000.5'],
    ['PG_POOL_MAX', '0'],
    ['DAY_BEFORE_MAIL_HOUR', '24'],
    ['RENTAL_SHEET_HOUR', '6pm'],
    ['PG_POOL_MAX', 'many'],
    ['BENCH_ROUTES', 'yes'],
    ['SECURE_COOKIES', 'TRUE!'],
    ['LOG_LEVEL', 'verbose'],
    ['LOGIN_IP_LIMIT', 'NaN'],
    ['BOOKING_IP_LIMIT', '0'],
    ['DATABASE_URL', 'base'],
    ['DATABASE_URL', 'mysql://x/y'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['REDIS_URL', 'http://cache'],
    ['SMTP_URL', 'mail.example.com'],
    ['METRICS_TOKEN', 'short'],
    ['MAIL_RETENTION_DAYS', '0'],
    ['MAIL_RETENTION_DAYS', 'ninety'],
    ['MAIL_RETENTION_DAYS', '90.5'],
  ])('refuses %s=%s naming the variable in one line', (name, value) => {
    const message = problemOf({ [name]: value });
    expect(message).toContain(`${name}:`);
    expect(message).toMatch(/設定が正しくありません/);
  });

  it('names every wrong variable at once', () => {
    const message = problemOf({ PORT: 'abc', PG_POOL_MAX: '0' });
    expect(message).toContain('PORT:');
    expect(message).toContain('PG_POOL_MAX:');
  });

  it('offers every payment method by default, or those PAYMENT_METHODS lists, card first (ADR 0211)', () => {
    expect(loadConfig({}).paymentMethods).toEqual(['card', 'konbini', 'paypay', 'alipay', 'wechat_pay']);
    expect(loadConfig({ PAYMENT_METHODS: ' wechat_pay, card ,card' }).paymentMethods).toEqual(['card', 'wechat_pay']);
    expect(problemOf({ PAYMENT_METHODS: 'card,bitcoin' })).toContain('PAYMENT_METHODS');
    expect(problemOf({ PAYMENT_METHODS: ' , ' })).toContain('PAYMENT_METHODS');
  });
});

describe('loadConfig: the footer legal data', () => {
  it('takes the demo values, marked as examples, until all four are set', () => {
    expect(loadConfig({}).legal).toMatchObject({ companyName: 'さくらトラベル株式会社', example: true });
    expect(loadConfig({ COMPANY_NAME: '桜観光株式会社' }).legal).toMatchObject({
      companyName: '桜観光株式会社',
      example: true,
    });
    const legal = loadConfig({
      COMPANY_NAME: '桜観光株式会社',
      TRAVEL_AGENCY_REGISTRATION: '東京都知事登録旅行業第2-9999号',
      COMPANY_ADDRESS: '東京都港区芝公園4-2-8',
      COMPANY_TEL: '03-1234-5678',
    }).legal;
    expect(legal).toEqual({
      companyName: '桜観光株式会社',
      registration: '東京都知事登録旅行業第2-9999号',
      address: '東京都港区芝公園4-2-8',
      tel: '03-1234-5678',
      invoiceNumber: 'T1234567890123',
      example: false,
      // No English given for a real company's data: the English pages show its Japanese (not the demo's English).
      translations: { en: { companyName: '', registration: '', address: '' } },
    });
  });

  it('takes the English of the three for the English pages, the demo’s English for the demo', () => {
    expect(loadConfig({}).legal.translations.en?.companyName).toBe('Sakura Travel Co., Ltd.');
    const legal = loadConfig({ COMPANY_NAME: '桜観光株式会社', COMPANY_NAME_EN: 'Sakura Kanko Co., Ltd.' }).legal;
    expect(legal.translations.en).toMatchObject({ companyName: 'Sakura Kanko Co., Ltd.' });
    expect(legalIn(legal, 'en').companyName).toBe('Sakura Kanko Co., Ltd.');
    expect(legalIn(legal, 'ja').companyName).toBe('桜観光株式会社');
  });

  it('refuses a phone number that is not one', () => {
    expect(problemOf({ COMPANY_TEL: 'call us' })).toContain('COMPANY_TEL: ');
  });

  it('takes the invoice registration number as T and 13 digits, and refuses any other form', () => {
    expect(loadConfig({ INVOICE_REGISTRATION_NUMBER: ' T9876543210987 ' }).legal.invoiceNumber).toBe('T9876543210987');
    for (const wrong of ['1234567890123', 'T123456789012', 'T12345678901234', 't1234567890123', 'T12345678901２3']) {
      expect(problemOf({ INVOICE_REGISTRATION_NUMBER: wrong })).toContain('INVOICE_REGISTRATION_NUMBER: ');
    }
  });
});
