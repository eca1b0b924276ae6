/**
 * The ticket to print and in Wallet (ADR 0214), on PGlite and PostgreSQL (TEST_DB=postgres): a paid booking's A4 PDF
 * in Japanese, with its QR code, option, day and start, travellers and meeting point; refused for a booking without a
 * ticket and for another session's. The Wallet pass only when WALLET_* are set: signed here with a self-signed
 * certificate made for the test, a zip of pass.json, the icons, manifest.json and a signature that verifies.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrCd } from '@tabi/contract/constants';
import { addDays, type Ymd } from '@tabi/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { ConfigError, loadConfig, type WalletPassConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { payBooking } from '../payment/test-fixtures.ts';
import { pdfPageCount, pdfText } from '../receipt/pdf-text.ts';
import { LINK_SECONDS } from './wallet.ts';

let t: TestApp;
let day: Ymd;
let ip = 1;
let dir = '';
let wallet: WalletPassConfig;
const OPT = 'TKF001';
const TEL = '090-1234-5678';
const MEETPOINT = '新宿駅西口 バスターミナル 21番乗り場';

function send(url: string, payload: object) {
  return t.request({ method: 'POST', url, payload, remoteAddress: `10.52.${ip >> 8}.${ip++ & 255}` });
}

async function book(): Promise<string> {
  const made = await send('/api/booking', bookingPayload(OPT, day, { adults: 2 }, { start_time: '13:00' }));
  expect(made.statusCode, made.body).toBe(200);
  return made.json().response.rsvno as string;
}

async function login(rsvno: string): Promise<string> {
  const res = await send('/api/mylogin', { rsvno, tel: TEL });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.session as string;
}

/** A paid booking and a session of my page on it. */
async function paidBooking(): Promise<{ rsvno: string; session: string }> {
  const rsvno = await book();
  await payBooking(t, rsvno);
  return { rsvno, session: await login(rsvno) };
}

/** The entries of a zip whose files are stored (a .pkpass as passkit-generator writes it), by name. */
function unzipStored(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    expect(method).toBe(0);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extraLength;
    files.set(name, zip.subarray(start, start + size));
    at = start + size;
  }
  return files;
}

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 20);
  await insertTestOption(t.ctx.db, OPT, { meetpoint: MEETPOINT });
  await insertTestStock(t.ctx.db, OPT, day, { zaikozan: 30, startTime: '13:00', endTime: '15:00' });
  // A pass type certificate of our own (RSA, as Apple's are), standing in for Apple's WWDR certificate too.
  dir = mkdtempSync(path.join(tmpdir(), 'wallet-pass-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Pass Type ID: pass.jp.example.test/OU=ABCDE12345',
      '-passout',
      'pass:secret',
    ],
    { stdio: 'pipe' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  const loaded = loadConfig({
    WALLET_PASS_CERT: cert,
    // Written on one line with \n, as many platforms' settings take it.
    WALLET_PASS_KEY: readFileSync(path.join(dir, 'key.pem'), 'utf8').trim().replaceAll('\n', '\\n'),
    WALLET_PASS_KEY_PASSPHRASE: 'secret',
    WALLET_PASS_TYPE_ID: 'pass.jp.example.test',
    WALLET_TEAM_ID: 'ABCDE12345',
    WALLET_PASS_WWDR: cert,
  }).walletPass;
  if (!loaded) throw new Error('the Wallet settings were not read');
  wallet = loaded;
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the ticket as a PDF (POST /api/booking/ticket)', () => {
  it('is an A4 page in Japanese with the option, its day and start, the travellers and the meeting point', async () => {
    const { rsvno, session } = await paidBooking();
    const res = await send('/api/booking/ticket', { session, rsvno });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ticket-${rsvno}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const text = pdfText(pdf);
    for (const words of [
      'チケット',
      rsvno,
      `テストツアー ${OPT}`,
      '13:00〜15:00',
      `${day.slice(0, 4)}/${day.slice(4, 6)}/${day.slice(6, 8)}`,
      MEETPOINT,
      'YAMADA TARO',
      'YAMADA HANAKO B',
      'ご参加者（2名）',
      '受付でこのQRコードをお見せください',
    ]) {
      expect(text).toContain(words);
    }
    // The code itself is drawn, never written: the token is not text to copy out of the file.
    expect(text).not.toContain('TB1.');
  });

  it('is refused for a booking without a ticket, for another session’s booking and without a session', async () => {
    const unpaid = await book();
    const unpaidSession = await login(unpaid);
    const refused = await send('/api/booking/ticket', { session: unpaidSession, rsvno: unpaid });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toMatchObject({ errcd: ErrCd.generic, response: null });
    expect(refused.json().errMsg).toMatch(/[ぁ-んァ-ヶ一-龠]/);

    const paid = await paidBooking();
    const other = await send('/api/booking/ticket', { session: unpaidSession, rsvno: paid.rsvno });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ response: null });

    const none = await send('/api/booking/ticket', { session: 'x'.repeat(40), rsvno: paid.rsvno });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ errcd: ErrCd.sessionTimeout, response: null });
  });
});

describe('the Apple Wallet pass', () => {
  it('is not offered without WALLET_*: my page shows no button and the calls answer 404', async () => {
    expect(t.config.walletPass).toBeNull();
    const { rsvno, session } = await paidBooking();
    const page = await send(`/api/booking/${rsvno}`, { session, rsvno });
    expect(page.json().response.ticket).toMatchObject({ wallet: false });
    const link = await send('/api/booking/ticket/wallet', { session, rsvno });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toMatchObject({ errcd: ErrCd.generic, response: null });
    const pass = await t.app.inject({ method: 'GET', url: `/wallet/${rsvno}.1.${'a'.repeat(22)}.pkpass` });
    expect(pass.statusCode).toBe(404);
    expect(pass.json()).toMatchObject({ errcd: ErrCd.generic, response: null });
  });

  describe('with WALLET_* set', () => {
    beforeAll(() => {
      t.config.walletPass = wallet;
    });
    afterAll(() => {
      t.config.walletPass = null;
    });

    it('is a signed .pkpass: pass.json, icons, manifest.json with their SHA-1 and a signature that verifies', async () => {
      const { rsvno, session } = await paidBooking();
      const page = await send(`/api/booking/${rsvno}`, { session, rsvno });
      const ticket = page.json().response.ticket as { code: string; wallet: boolean };
      expect(ticket.wallet).toBe(true);

      const link = await send('/api/booking/ticket/wallet', { session, rsvno });
      expect(link.statusCode, link.body).toBe(200);
      const url = link.json().response.url as string;
      expect(url).toMatch(new RegExp(`^/wallet/${rsvno}\\.\\d+\\.[A-Za-z0-9_-]{22}\\.pkpass$`));

      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="ticket-${rsvno}.pkpass"`);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.headers['content-encoding']).toBeUndefined();

      const files = unzipStored(res.rawPayload);
      expect([...files.keys()].sort()).toEqual(
        ['icon.png', 'icon@2x.png', 'icon@3x.png', 'manifest.json', 'pass.json', 'signature'].sort(),
      );
      const pass = JSON.parse(files.get('pass.json')?.toString('utf8') ?? '{}');
      expect(pass).toMatchObject({
        formatVersion: 1,
        passTypeIdentifier: 'pass.jp.example.test',
        teamIdentifier: 'ABCDE12345',
        serialNumber: rsvno,
        barcodes: [{ format: 'PKBarcodeFormatQR', message: ticket.code, messageEncoding: 'iso-8859-1' }],
      });
      const fields = [
        ...pass.eventTicket.primaryFields,
        ...pass.eventTicket.secondaryFields,
        ...pass.eventTicket.auxiliaryFields,
        ...pass.eventTicket.backFields,
      ] as { key: string; value: string }[];
      const value = (key: string) => fields.find((f) => f.key === key)?.value;
      expect(value('option')).toBe(`テストツアー ${OPT}`);
      expect(value('time')).toBe('13:00〜15:00');
      expect(value('date')).toContain(`${day.slice(0, 4)}/${day.slice(4, 6)}/${day.slice(6, 8)}`);
      expect(value('rsvno')).toBe(rsvno);
      expect(value('meetpoint')).toBe(MEETPOINT);
      // The departure in Tokyo, so that the pass comes up on the lock screen that day (written in UTC by the library).
      const start = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T13:00:00+09:00`;
      expect(new Date(pass.relevantDate).getTime()).toBe(new Date(start).getTime());

      const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}') as Record<string, string>;
      for (const [name, content] of files) {
        if (name === 'manifest.json' || name === 'signature') continue;
        expect(manifest[name], name).toBe(createHash('sha1').update(content).digest('hex'));
      }
      // The detached PKCS #7 signature is over manifest.json, by the pass type's certificate.
      writeFileSync(path.join(dir, 'manifest.json'), files.get('manifest.json') ?? '');
      writeFileSync(path.join(dir, 'signature'), files.get('signature') ?? '');
      const signer = path.join(dir, 'signer.pem');
      execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          path.join(dir, 'signature'),
          '-content',
          path.join(dir, 'manifest.json'),
          '-noverify',
          '-signer',
          signer,
          '-out',
          path.join(dir, 'verified'),
        ],
        { stdio: 'pipe' },
      );
      expect(readFileSync(signer, 'utf8')).toBe(readFileSync(path.join(dir, 'cert.pem'), 'utf8'));
    });

    it('refuses a link altered or expired, and a booking without a ticket', async () => {
      const { rsvno, session } = await paidBooking();
      const url = (await send('/api/booking/ticket/wallet', { session, rsvno })).json().response.url as string;
      const altered = url.replace(/\.(\d+)\./, (_m, n: string) => `.${Number(n) + 1}.`);
      expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(404);
      const other = url.replace(rsvno, 'AA999999');
      expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(404);

      const now = t.clock.now();
      t.clock.set(new Date(now.getTime() + (LINK_SECONDS + 1) * 1000));
      try {
        const expired = await t.app.inject({ method: 'GET', url });
        expect(expired.statusCode).toBe(404);
        expect(expired.json()).toMatchObject({ errcd: ErrCd.generic, response: null });
      } finally {
        t.clock.set(now);
      }

      const unpaid = await book();
      const refused = await send('/api/booking/ticket/wallet', { session: await login(unpaid), rsvno: unpaid });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ response: null });
      expect((await send('/api/booking/ticket/wallet', { session, rsvno: unpaid })).statusCode).toBe(403);
    });
  });
});

describe('the Wallet settings', () => {
  it('are all or none, and the key must be the certificate’s', () => {
    expect(loadConfig({}).walletPass).toBeNull();
    expect(() => loadConfig({ WALLET_PASS_TYPE_ID: 'pass.jp.example.test' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        WALLET_PASS_CERT: wallet.cert,
        WALLET_PASS_KEY: wallet.key,
        WALLET_PASS_KEY_PASSPHRASE: 'wrong',
        WALLET_PASS_TYPE_ID: wallet.passTypeId,
        WALLET_TEAM_ID: wallet.teamId,
        WALLET_PASS_WWDR: wallet.wwdr,
      }),
    ).toThrow(/WALLET_PASS_KEY/);
  });
});
