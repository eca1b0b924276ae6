/**
 * The PDF receipt (ADR 0163), on PGlite and PostgreSQL: from my page and from 予約詳細, each action
 * and each refusal. A paid booking's travel price is receipted (10 %, its tax floor(amount × 10 / 110)); before
 * payment, after a cancellation or without a 宛名 the answer is a Japanese 4xx envelope; the second issue prints
 * the stored 宛名 marked 再発行; a cancellation fee is receipted on its own as 不課税. Every issue counts in
 * `receipts` and is an event of the booking. The PDF's text is read back from the file itself (pdf-text.ts).
 */

import { STAFF_COOKIE } from '@tabi/contract/admin';
import { BookingStatus, ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { ADDRESSEE_MAX, includedTax, ReceiptMsg, receiptListResponse } from '@tabi/contract/receipt';
import { and, asc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, payments, receipts } from '../../db/schema.ts';
import { textIn } from '../../i18n/said-text.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { loginAs } from '../mypage/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { pdfPageCount, pdfText } from './pdf-text.ts';
import { japaneseDate } from './service.ts';

let t: TestApp;
let operator = '';
const sessions = new Map<string, string>();

async function session(rsvno: string): Promise<string> {
  let s = sessions.get(rsvno);
  if (!s) {
    s = await loginAs(t, rsvno);
    sessions.set(rsvno, s);
  }
  return s;
}

async function customerIssue(rsvno: string, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: '/api/booking/receipt',
    payload: { session: await session(rsvno), rsvno, ...extra },
  });
}

async function customerList(rsvno: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking/receipts',
    payload: { session: await session(rsvno), rsvno },
  });
  expect(res.statusCode).toBe(200);
  return receiptListResponse.parse(res.json()).response?.receipts ?? [];
}

function staffIssue(rsvno: string, payload?: Record<string, unknown>, cookie = operator) {
  return t.request({
    method: 'POST',
    url: `/api/admin/bookings/${rsvno}/receipt`,
    ...(payload ? { payload } : {}),
    cookies: cookie ? { [STAFF_COOKIE]: cookie } : {},
  });
}

function expectRefusal(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ errcd: ErrCd.generic, errMsg: textIn('ja', message), response: null });
}

/** A PDF answer: its headers, one A4 page, and its text. */
function pdfOf(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="receipt-[A-Za-z0-9-]+\.pdf"$/);
  const pdf = res.rawPayload;
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
  expect(pdfPageCount(pdf)).toBe(1);
  // A4 portrait (595.28 × 841.89 pt), and the Japanese font embedded as a subset (ABCDEF+ prefix).
  expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);
  return pdfText(pdf);
}

async function receiptRows(rsvno: string) {
  return t.ctx.db.select().from(receipts).where(eq(receipts.rsvno, rsvno)).orderBy(asc(receipts.id));
}

async function receiptEvents(rsvno: string) {
  return t.ctx.db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.rsvno, rsvno), like(bookingEvents.action, 'receipt_%')))
    .orderBy(asc(bookingEvents.id));
}

async function paidPayment(rsvno: string) {
  const [row] = await t.ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.rsvno, rsvno), eq(payments.status, 'paid')));
  if (!row?.paidAt) throw new Error(`no paid payment for ${rsvno}`);
  return { amount: row.amount, paidAt: row.paidAt };
}

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await insertStaff(t.ctx.db, { mail: 'op@example.jp', role: 'operator' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('my page: POST /api/booking/receipt', () => {
  it('refuses a receipt before payment (unpaid card booking, request, confirmed request), writing nothing', async () => {
    for (const rsvno of ['AA100002', 'AA100004', 'AA100005']) {
      expect(await customerList(rsvno)).toEqual([]);
      expectRefusal(await customerIssue(rsvno, { addressee: '山田 太郎' }), 409, ReceiptMsg.notPaid);
      expect(await receiptRows(rsvno)).toEqual([]);
      expect(await receiptEvents(rsvno)).toEqual([]);
    }
  });

  it('refuses the travel price of a canceled booking, and a fee receipt where no fee was charged', async () => {
    expect(await customerList('AA100003')).toEqual([]);
    expectRefusal(await customerIssue('AA100003', { addressee: '鈴木 一郎' }), 409, ReceiptMsg.travelCanceled);
    expectRefusal(
      await customerIssue('AA100003', { kind: 'cancel_fee', addressee: '鈴木 一郎' }),
      409,
      ReceiptMsg.noCancelFee,
    );
    // A paid booking not canceled has no fee receipt either.
    expectRefusal(
      await customerIssue('AA100006', { kind: 'cancel_fee', addressee: '伊藤' }),
      409,
      ReceiptMsg.noCancelFee,
    );
  });

  it('asks for the 宛名 the first time: missing, blank, too long or with control characters is a 422', async () => {
    expectRefusal(await customerIssue('AA100006'), 422, ReceiptMsg.addresseeRequired);
    for (const [addressee, message] of [
      ['   ', ReceiptMsg.addresseeRequired],
      ['あ'.repeat(ADDRESSEE_MAX + 1), ReceiptMsg.addresseeTooLong],
      ['山田\u0007太郎', Msg.controlCharacters],
    ] as const) {
      const res = await customerIssue('AA100006', { addressee });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errcd: ErrCd.generic, response: null });
      expect((res.json() as { errMsg: string }).errMsg).toContain(textIn('ja', message));
    }
    expect(await receiptRows('AA100006')).toEqual([]);
  });

  it('issues the travel price receipt once paid: 宛名, amount, 10 % and its tax, payment day, booking, issuer', async () => {
    const paid = await paidPayment('AA100006');
    const [before] = await customerList('AA100006');
    expect(before).toEqual({
      kind: 'payment',
      amount: paid.amount,
      issued: false,
      addressee: null,
      issueCount: 0,
      lastIssuedAt: null,
    });

    const text = pdfOf(await customerIssue('AA100006', { addressee: '  株式会社テスト商事  ' }));
    const tax = includedTax(paid.amount);
    expect(tax).toBe(Math.floor((paid.amount * 10) / 110));
    for (const expected of [
      '領　収　書',
      '株式会社テスト商事　様',
      `￥${paid.amount.toLocaleString('en-US')}－`,
      '（税込）',
      '但し　旅行代金として',
      '10%対象（税込）',
      'うち消費税（10%）',
      `￥${tax.toLocaleString('en-US')}`,
      'AA100006',
      japaneseDate(paid.paidAt),
      `発行日　${japaneseDate(t.clock.now())}`,
      'さくらトラベル株式会社',
      '登録番号　T1234567890123',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('再発行');
    expect(text).not.toContain('不課税');

    expect(await receiptRows('AA100006')).toMatchObject([
      { kind: 'payment', addressee: '株式会社テスト商事', issueCount: 1, firstIssuedAt: t.clock.now() },
    ]);
    expect(await receiptEvents('AA100006')).toMatchObject([
      {
        action: 'receipt_issued',
        actorKind: 'customer',
        after: { receipt: '旅行代金', amount: paid.amount, issue_count: 1 },
      },
    ]);
  });

  it('marks the second issue 再発行 with the stored 宛名, ignoring a new one', async () => {
    const first = (await receiptRows('AA100006'))[0];
    // The next day, logged in again.
    t.clock.advance(26 * 60 * 60_000);
    sessions.clear();
    const text = pdfOf(await customerIssue('AA100006', { addressee: '別の宛名' }));
    expect(text).toContain('再発行');
    expect(text).toContain('株式会社テスト商事　様');
    expect(text).not.toContain('別の宛名');
    expect(text).toContain(`2回目の発行。初回の発行日：${japaneseDate(first?.firstIssuedAt ?? new Date(0))}`);
    expect(text).toContain(`発行日　${japaneseDate(t.clock.now())}`);

    expect(await receiptRows('AA100006')).toMatchObject([
      {
        addressee: '株式会社テスト商事',
        issueCount: 2,
        firstIssuedAt: first?.firstIssuedAt,
        lastIssuedAt: t.clock.now(),
      },
    ]);
    expect((await receiptEvents('AA100006')).map((e) => [e.action, e.actorKind])).toEqual([
      ['receipt_issued', 'customer'],
      ['receipt_reissued', 'customer'],
    ]);
    expect(await customerList('AA100006')).toMatchObject([
      { kind: 'payment', issued: true, addressee: '株式会社テスト商事', issueCount: 2 },
    ]);
  });

  it("refuses another booking's receipt with the session of this one", async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/booking/receipt',
      payload: { session: await session('AA100006'), rsvno: 'AA100007', addressee: '他人' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errcd: ErrCd.generic, response: null });
    expect(await receiptRows('AA100007')).toEqual([]);
  });

  it('counts two issues sent together as a first issue and a reissue', async () => {
    const [a, b] = await Promise.all([
      customerIssue('AA100008', { addressee: '中村 拓也' }),
      customerIssue('AA100008', { addressee: '中村 拓也' }),
    ]);
    const texts = [pdfOf(a as LightMyRequestResponse), pdfOf(b as LightMyRequestResponse)];
    expect(texts.filter((x) => x.includes('再発行'))).toHaveLength(1);
    expect(await receiptRows('AA100008')).toMatchObject([{ issueCount: 2 }]);
    expect((await receiptEvents('AA100008')).map((e) => e.action)).toEqual(['receipt_issued', 'receipt_reissued']);
  });
});

describe('a cancellation fee is receipted on its own, as 不課税', () => {
  it('after a cancellation with a fee: no travel price receipt, a fee receipt that says 不課税', async () => {
    const s = await session('AA100001');
    // A travel price receipt issued while the booking was live …
    pdfOf(await customerIssue('AA100001', { addressee: '山田 太郎' }));
    const quote = await t.request({
      method: 'POST',
      url: '/api/booking/cancelprice',
      payload: { session: s, rsvno: 'AA100001' },
    });
    const { cancelfee, refund } = (quote.json() as { response: { cancelfee: number; refund: number } }).response;
    expect(cancelfee).toBeGreaterThan(0);
    const cancel = await t.request({
      method: 'POST',
      url: '/api/booking/cancel',
      payload: { session: s, rsvno: 'AA100001', refund: String(refund) },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, 'AA100001'));
    expect(row).toMatchObject({ status: BookingStatus.canceled, cancelFee: cancelfee });

    // … is not issued again once canceled; the fee's is, with its own 宛名.
    expectRefusal(await customerIssue('AA100001'), 409, ReceiptMsg.travelCanceled);
    expect(await customerList('AA100001')).toEqual([
      { kind: 'cancel_fee', amount: cancelfee, issued: false, addressee: null, issueCount: 0, lastIssuedAt: null },
    ]);
    expectRefusal(await customerIssue('AA100001', { kind: 'cancel_fee' }), 422, ReceiptMsg.addresseeRequired);
    const text = pdfOf(await customerIssue('AA100001', { kind: 'cancel_fee', addressee: '山田 太郎' }));
    for (const expected of [
      '領 収 書（キャンセル料）',
      '山田 太郎　様',
      `￥${cancelfee.toLocaleString('en-US')}－`,
      '（不課税）',
      '但し　キャンセル料として',
      '不課税（消費税の課税対象外）',
      `キャンセル日`,
      japaneseDate(row?.canceledAt ?? new Date(0)),
      'AA100001',
      '登録番号　T1234567890123',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('10%対象');
    expect(text).not.toContain('再発行');
    expect(await receiptRows('AA100001')).toMatchObject([
      { kind: 'payment', issueCount: 1 },
      { kind: 'cancel_fee', addressee: '山田 太郎', issueCount: 1 },
    ]);
    expect((await receiptEvents('AA100001')).at(-1)).toMatchObject({
      action: 'receipt_issued',
      after: { receipt: 'キャンセル料', amount: cancelfee, issue_count: 1 },
    });
  });
});

describe('予約詳細: the console (re)issues receipts', () => {
  beforeAll(async () => {
    operator = await staffSession(t, 'op@example.jp');
  });

  it('lists them and issues one with the 宛名 the clerk enters, then reissues it, as the staff member', async () => {
    const list = await t.request({
      method: 'GET',
      url: '/api/admin/bookings/AA100007/receipts',
      cookies: { [STAFF_COOKIE]: operator },
    });
    expect(list.statusCode).toBe(200);
    const paid = await paidPayment('AA100007');
    expect(receiptListResponse.parse(list.json()).response?.receipts).toEqual([
      { kind: 'payment', amount: paid.amount, issued: false, addressee: null, issueCount: 0, lastIssuedAt: null },
    ]);

    expectRefusal(await staffIssue('AA100007'), 422, ReceiptMsg.addresseeRequired);
    const first = pdfOf(await staffIssue('AA100007', { kind: 'payment', addressee: '渡辺 直樹' }));
    expect(first).toContain('渡辺 直樹　様');
    expect(first).not.toContain('再発行');
    const second = pdfOf(await staffIssue('AA100007', {}));
    expect(second).toContain('再発行');
    expect(second).toContain('渡辺 直樹　様');
    const events = await receiptEvents('AA100007');
    expect(events.map((e) => [e.action, e.actorKind])).toEqual([
      ['receipt_issued', 'staff'],
      ['receipt_reissued', 'staff'],
    ]);
    expect(events[0]?.actor).toMatch(/^\d+$/);
  });

  it("reissues a customer's receipt with the customer's 宛名", async () => {
    const text = pdfOf(await staffIssue('AA100006', { addressee: 'スタッフが入れた宛名' }));
    expect(text).toContain('再発行');
    expect(text).toContain('株式会社テスト商事　様');
    expect(text).toContain('3回目の発行');
    expect(await receiptRows('AA100006')).toMatchObject([{ issueCount: 3 }]);
  });

  it('refuses before payment and refuses anyone not signed in as staff', async () => {
    expectRefusal(await staffIssue('AA100002', { addressee: '佐藤 健一' }), 409, ReceiptMsg.notPaid);
    expectRefusal(await staffIssue('AA100005', { addressee: '田中 誠' }), 409, ReceiptMsg.notPaid);
    expect((await staffIssue('NO_SUCH', { addressee: 'x' })).statusCode).toBe(404);
    const anonymous = await staffIssue('AA100006', { addressee: 'x' }, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/json/);
    const customer = await t.request({
      method: 'GET',
      url: '/api/admin/bookings/AA100006/receipts',
      cookies: { [STAFF_COOKIE]: await session('AA100006') },
    });
    expect(customer.statusCode).toBe(401);
    expect(await receiptRows('AA100002')).toEqual([]);
  });
});
