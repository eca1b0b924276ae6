import { describe, expect, it } from 'vitest';
import {
  birthdayProblem,
  bookingState,
  cancelAllowed,
  cardPaymentOpen,
  EMAIL_PATTERN,
  nameProblem,
  normalisePhone,
  paymentAllowed,
  phoneProblem,
  requestWithdrawable,
  statusLabel,
  unpaidGraceCutoff,
  unpaidGraceEnd,
  unpaidGraceOver,
} from './booking-rules.ts';
import { BookingStatus, PaymentStatus } from './constants.ts';
import { Msg } from './messages.ts';
import type { AgeRules } from './party.ts';
import { japanese } from './test/japanese.ts';

const RSV = '2026-11-21T03:00:00.000Z';
const after = (minutes: number, ms = 0) => new Date(Date.parse(RSV) + minutes * 60_000 + ms).toISOString();

describe('statusLabel (SPEC §4, in order)', () => {
  const label = (status: number, status_payment: number, servertime = after(5)) =>
    statusLabel({ status, status_payment, rsvdate: RSV }, servertime);

  it('completed and paid is 予約済み', () => {
    expect(label(BookingStatus.completed, PaymentStatus.completed)).toBe(Msg.statusPaid);
    expect(label(BookingStatus.completed, PaymentStatus.completed, after(600))).toBe(Msg.statusPaid);
  });

  it('canceled is キャンセル済み', () => {
    expect(label(BookingStatus.canceled, PaymentStatus.uncompleted)).toBe(Msg.statusCanceled);
    expect(label(BookingStatus.canceled, PaymentStatus.completed)).toBe(Msg.statusCanceled);
  });

  it('completed and unpaid is 未決済 within 1 hour, キャンセル済み after it', () => {
    expect(label(BookingStatus.completed, PaymentStatus.uncompleted, after(0))).toBe(Msg.statusUnpaid);
    expect(label(BookingStatus.completed, PaymentStatus.uncompleted, after(59))).toBe(Msg.statusUnpaid);
    expect(label(BookingStatus.completed, PaymentStatus.uncompleted, after(60))).toBe(Msg.statusUnpaid);
    expect(label(BookingStatus.completed, PaymentStatus.uncompleted, after(60, 1))).toBe(Msg.statusCanceled);
    expect(label(BookingStatus.completed, PaymentStatus.uncompleted, after(61))).toBe(Msg.statusCanceled);
  });

  it('tmp reservation is 仮予約（手配済）', () => {
    expect(label(BookingStatus.tmp, PaymentStatus.uncompleted)).toBe(Msg.statusTmp);
  });

  it('requested is リクエスト予約', () => {
    expect(label(BookingStatus.requested, PaymentStatus.uncompleted)).toBe(Msg.statusRequested);
  });

  it('is empty for an unknown status', () => {
    expect(label(9, 0)).toBe('');
  });
});

describe('paymentAllowed', () => {
  const deadline = after(72 * 60);
  const facts = (over: Partial<Parameters<typeof paymentAllowed>[0]> = {}) => ({
    status: BookingStatus.tmp,
    flg_request_rsv: 1,
    payment_deadline_date: deadline,
    ...over,
  });

  it('allows a confirmed request (tmp, flag set) before its deadline', () => {
    expect(paymentAllowed(facts(), after(10))).toBe(true);
    expect(paymentAllowed(facts(), after(72 * 60, -1))).toBe(true);
  });

  it('refuses at or after the deadline, without one, without the flag, or in another status', () => {
    expect(paymentAllowed(facts(), deadline)).toBe(false);
    expect(paymentAllowed(facts(), after(73 * 60))).toBe(false);
    expect(paymentAllowed(facts({ payment_deadline_date: null }), after(10))).toBe(false);
    expect(paymentAllowed(facts({ flg_request_rsv: 0 }), after(10))).toBe(false);
    for (const status of [BookingStatus.completed, BookingStatus.canceled, BookingStatus.requested]) {
      expect(paymentAllowed(facts({ status }), after(10))).toBe(false);
    }
  });
});

describe('cancelAllowed', () => {
  it('only for a completed booking starting after today', () => {
    expect(cancelAllowed({ status: BookingStatus.completed, fromdate: '20261122' }, '20261121')).toBe(true);
    expect(cancelAllowed({ status: BookingStatus.completed, fromdate: '20261121' }, '20261121')).toBe(false);
    expect(cancelAllowed({ status: BookingStatus.completed, fromdate: '20261120' }, '20261121')).toBe(false);
    for (const status of [BookingStatus.tmp, BookingStatus.canceled, BookingStatus.requested]) {
      expect(cancelAllowed({ status, fromdate: '20261201' }, '20261121')).toBe(false);
    }
  });
});

describe('birthdayProblem (SPEC §5 messages, verbatim)', () => {
  const rules: AgeRules = {
    adult_age_min: 12,
    adult_age_max: null,
    middle_age_min: null,
    middle_age_max: 17,
    child_age_min: 6,
    child_age_max: 11,
    infant_age_min: null,
    infant_age_max: 5,
  };
  const today = '20261121';
  const start = '20261201';

  it('needs a valid date that is not in the future', () => {
    expect(japanese(birthdayProblem('20261340', 'adult', start, today, rules))).toBe(Msg.invalidDate);
    expect(japanese(birthdayProblem('20230229', 'adult', start, today, rules))).toBe(Msg.invalidDate);
    expect(japanese(birthdayProblem('20261122', 'infant', start, today, rules))).toBe(Msg.invalidDate);
    expect(japanese(birthdayProblem('20261121', 'infant', start, today, rules))).toBeNull();
  });

  it('checks the age at the reference date against both bounds', () => {
    expect(japanese(birthdayProblem('20150601', 'child', start, today, rules))).toBeNull();
    expect(japanese(birthdayProblem('20230601', 'child', start, today, rules))).toBe(
      '小人の年齢は6歳以上11歳以下になるよう入力してください',
    );
    expect(japanese(birthdayProblem('20100601', 'child', start, today, rules))).toBe(
      '小人の年齢は6歳以上11歳以下になるよう入力してください',
    );
  });

  it('names only the bounds that exist', () => {
    expect(japanese(birthdayProblem('20200101', 'adult', start, today, rules))).toBe(
      '大人の年齢は12歳以上になるよう入力してください',
    );
    expect(japanese(birthdayProblem('20000101', 'middle', start, today, rules))).toBe(
      '中人の年齢は17歳以下になるよう入力してください',
    );
    expect(japanese(birthdayProblem('20100101', 'infant', start, today, rules))).toBe(
      '幼児の年齢は5歳以下になるよう入力してください',
    );
  });

  it('uses the reference date: a birthday on the day after the start keeps the younger age', () => {
    // 12 on 2 December 2026: still 11 on the start date, so a child.
    expect(japanese(birthdayProblem('20141202', 'child', start, today, rules))).toBeNull();
    expect(japanese(birthdayProblem('20141201', 'child', start, today, rules))).toBe(
      '小人の年齢は6歳以上11歳以下になるよう入力してください',
    );
  });
});

describe('normalisePhone', () => {
  it('keeps digits only, accepting full-width digits and hyphens', () => {
    expect(normalisePhone('090-1234-5678')).toBe('09012345678');
    expect(normalisePhone('０９０－１２３４－５６７８')).toBe('09012345678');
    expect(normalisePhone('090 1234 5678')).toBe('09012345678');
    expect(normalisePhone('(03) 5555-0101')).toBe('0355550101');
    expect(normalisePhone('09012345678')).toBe('09012345678');
    expect(normalisePhone('')).toBe('');
  });
});

describe('name, phone and e-mail checks', () => {
  it('limits names to 30 characters and phones to 15', () => {
    expect(japanese(nameProblem('山'.repeat(30)))).toBeNull();
    expect(japanese(nameProblem('山'.repeat(31)))).toBe('30文字以内になるよう入力してください');
    expect(japanese(phoneProblem('0'.repeat(15)))).toBeNull();
    expect(japanese(phoneProblem('0'.repeat(21)))).toBe('20文字以内になるよう入力してください');
  });

  it('accepts standard addresses only', () => {
    expect(EMAIL_PATTERN.test('taro.yamada@example.jp')).toBe(true);
    expect(EMAIL_PATTERN.test('a+b@sub.example.co.jp')).toBe(true);
    for (const bad of ['taro', 'taro@', '@example.jp', 'taro@example', 'ta ro@example.jp']) {
      expect(EMAIL_PATTERN.test(bad)).toBe(false);
    }
  });
});

describe('requestWithdrawable', () => {
  it('only a request not answered yet, until its use date', () => {
    expect(requestWithdrawable({ status: BookingStatus.requested, fromdate: '20261130' }, '20261126')).toBe(true);
    expect(requestWithdrawable({ status: BookingStatus.requested, fromdate: '20261126' }, '20261126')).toBe(true);
    expect(requestWithdrawable({ status: BookingStatus.requested, fromdate: '20261125' }, '20261126')).toBe(false);
    for (const status of [BookingStatus.tmp, BookingStatus.completed, BookingStatus.canceled]) {
      expect(requestWithdrawable({ status, fromdate: '20261130' }, '20261126')).toBe(false);
    }
  });
});

describe('the unpaid hour (SPEC §4), one rule for the server, the console and my page', () => {
  const rsvdate = '2026-12-01T10:00:00+09:00';
  it('ends sixty minutes after reception, and is over only after that instant', () => {
    expect(unpaidGraceEnd(rsvdate).toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(unpaidGraceOver(rsvdate, '2026-12-01T10:59:59+09:00')).toBe(false);
    expect(unpaidGraceOver(rsvdate, '2026-12-01T11:00:00+09:00')).toBe(false);
    expect(unpaidGraceOver(rsvdate, new Date('2026-12-01T02:00:00.001Z'))).toBe(true);
  });
  it('gives queries the cutoff that agrees with it, and the label and the card payment agree at every instant', () => {
    const now = '2026-12-01T11:00:00+09:00';
    expect(unpaidGraceCutoff(now).toISOString()).toBe('2026-12-01T01:00:00.000Z');
    for (const at of ['2026-12-01T10:59:59+09:00', '2026-12-01T11:00:00+09:00', '2026-12-01T11:00:01+09:00']) {
      const facts = {
        status: BookingStatus.completed,
        status_payment: PaymentStatus.uncompleted,
        flg_request_rsv: 0,
        rsvdate,
      };
      const open = cardPaymentOpen(facts, at);
      expect(bookingState(facts, at) === 'unpaid').toBe(open);
      expect(new Date(rsvdate) >= unpaidGraceCutoff(at)).toBe(open);
    }
  });
});
