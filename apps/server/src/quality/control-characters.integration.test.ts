/**
 * Names with CR/LF, other control characters and bidi overrides were stored and written
 * into mail bodies. Every text field of a request now refuses them through the contract's schemas, with
 * Msg.controlCharacters, and nothing is stored or queued.
 */
import { addDays, type Ymd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../clock.ts';
import { bookings, outbox } from '../db/schema.ts';
import { bookingPayload, insertTestOption, insertTestStock, member } from '../modules/booking/test-fixtures.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';

/** One of each kind: C0 (CR/LF, tab, ESC, BEL), DEL, C1 (NEL, CSI), bidi embeddings, overrides and isolates. */
export const CONTROL_SAMPLES = [
  'ヤマ\r\nBcc: x@example.com',
  'ヤマ\nダ',
  'ヤマ\tダ',
  'ヤマ\u001b[31mダ',
  'ヤマ\u0007ダ',
  'ヤマ\u007fダ',
  'ヤマ\u0085ダ',
  'ヤマ\u009bダ',
  '\u202Eダマヤ',
  'ヤマ\u202Bダ\u202C',
  'ヤマ\u2066ダ\u2069',
  'ヤマ\u200Fダ',
  'ヤマ\u061Cダ',
] as const;

let t: TestApp;
let day: Ymd;
let ip = 1;
beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 10);
  await insertTestOption(t.ctx.db, 'CC0001');
  await insertTestStock(t.ctx.db, 'CC0001', day, { zaikozan: 500 });
});
afterAll(async () => {
  await t.close();
});

function postBooking(payload: object) {
  ip += 1;
  return t.request({ method: 'POST', url: '/api/booking', payload, remoteAddress: `10.9.${ip >> 8}.${ip & 255}` });
}

function expectRefused(res: { statusCode: number; json(): { errcd: string; errMsg: string } }): void {
  expect(res.statusCode).toBe(422);
  expect(res.json().errcd).toBe('999');
  expect(res.json().errMsg).toContain(Msg.controlCharacters);
}

describe('control characters in a booking', () => {
  it('accepts the same booking with clean names (the fixture is valid)', async () => {
    const res = await postBooking(bookingPayload('CC0001', day));
    expect(res.json().errcd).toBe('000');
  });

  it.each(CONTROL_SAMPLES)('refuses %j in the applicant, a participant, the phone and the mail', async (bad) => {
    const before = (await t.ctx.db.select().from(bookings)).length;
    const mails = (await t.ctx.db.select().from(outbox)).length;
    const base = bookingPayload('CC0001', day);
    const first = base.memberList[0] ?? member(1, '1', '19900101');
    const attempts = [
      { ...base, sei: bad },
      { ...base, mei: bad },
      { ...base, tel: `090${bad}1234` },
      { ...base, mail: `a${bad}@example.com` },
      { ...base, md: bad },
      { ...base, memberList: [{ ...first, sei: bad }] },
      {
        ...base,
        memberList: [{ ...first, extended_fields: { extended_participant_fields: { passport_number: bad } } }],
      },
    ];
    for (const payload of attempts) expectRefused(await postBooking(payload));
    expect((await t.ctx.db.select().from(bookings)).length).toBe(before);
    expect((await t.ctx.db.select().from(outbox)).length).toBe(mails);
  });
});

describe('control characters in other calls', () => {
  it('refuses them in login, coupon use, logout and catalog queries', async () => {
    const bad = 'AA10\r\n0001';
    expectRefused(
      await t.request({ method: 'POST', url: '/api/mylogin', payload: { rsvno: bad, tel: '09012345678' } }),
    );
    expectRefused(
      await t.request({ method: 'POST', url: '/api/mylogin', payload: { rsvno: 'AA100001', tel: '090\u202E1' } }),
    );
    expectRefused(await t.request({ method: 'POST', url: '/api/mylogout', payload: { session: 'abc\u0085' } }));
    expectRefused(
      await t.request({
        method: 'POST',
        url: '/api/coopon/use',
        payload: { session: 's', opcd: 'OP\u001b', pkcd: 'X', adultqty: '1', childqty: '0', usekey: '1234' },
      }),
    );
    const list = await t.request({ method: 'GET', url: `/api/option?md=${encodeURIComponent('a\u2066b')}` });
    expect(list.statusCode).toBeGreaterThanOrEqual(400);
    expect(list.statusCode).toBeLessThan(500);
    expect(list.json().errMsg).toContain(Msg.controlCharacters);
  });
});
