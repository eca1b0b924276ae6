/**
 * Staff free text follows ADR 0084 (control characters refused by the contract, in Japanese,
 * in the SPEC §8 envelope with 422, nothing stored), keeping the line breaks a note or a reason needs; a person's
 * name also refuses U+2028, U+2029, U+200B and U+00AD, from the customer and from staff alike.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { Msg } from '@tabi/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMembers, bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await insertStaff(t.ctx.db, { mail: 'text-admin@example.jp', role: 'admin', totp: true });
  admin = await staffSession(t, 'text-admin@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, cookie = admin) =>
  t.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookies: { [STAFF_COOKIE]: cookie } });

function expectRefused(res: { statusCode: number; json(): unknown }, field: string, message: string): void {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({ errcd: '999', errMsg: `${Msg.badRequest}${field}：${message}`, response: null });
}

const CONTROLS = ['\u0007', '\u001b', '\u0085', '\u202e'];

describe('staff free text', () => {
  it.each(CONTROLS.map((c) => [c.codePointAt(0)?.toString(16), c]))(
    'refuses U+%s in a booking note and in a fee override reason, storing nothing',
    async (_hex, c) => {
      expectRefused(
        await post('/api/admin/bookings/AA100001/note', { note: `折り返し電話${c}済み` }),
        'メモ',
        Msg.controlCharacters,
      );
      expectRefused(
        await post('/api/admin/bookings/AA100001/cancel', { feeOverride: { amount: 0, reason: `お客様都合${c}` } }),
        '理由',
        Msg.controlCharacters,
      );
      const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, 'AA100001'));
      expect(row?.status).not.toBe(4);
    },
  );

  it('keeps the line breaks of a note', async () => {
    const res = await post('/api/admin/bookings/AA100001/note', { note: '電話あり\n折り返し済み\r\n\t以上' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('person names', () => {
  const member = {
    seq: '1',
    sei: 'YAMADA',
    mei: 'TARO',
    sex: '1',
    birthday: '19900101',
    ageclass: '1',
    nationality_id: '1',
  };

  it.each(['\u2028', '\u2029', '\u200b', '\u00ad'].map((c) => [c.codePointAt(0)?.toString(16), c]))(
    'refuses U+%s in a name from the booking form and from the console',
    async (_hex, c) => {
      const booking = await t.request({
        method: 'POST',
        url: '/api/booking',
        payload: {
          opcd: 'OP0001',
          usedate: '20261201',
          sei: `YAMA${c}DA`,
          mei: 'TARO',
          tel: '09012345678',
          mail: 'a@example.jp',
          amountjp: '8000',
          memberList: [member],
        },
      });
      expectRefused(booking, '姓', Msg.nameInvisibleCharacters);
      const staff = await post('/api/admin/bookings/AA100001/participants', {
        memberList: [{ ...member, mei: `タ${c}ロウ` }],
      });
      expectRefused(staff, '1人目の名', Msg.nameInvisibleCharacters);
      const names = await t.ctx.db
        .select({ mei: bookingMembers.mei })
        .from(bookingMembers)
        .where(eq(bookingMembers.rsvno, 'AA100001'));
      expect(names.some((n) => n.mei.includes(c))).toBe(false);
    },
  );
});
