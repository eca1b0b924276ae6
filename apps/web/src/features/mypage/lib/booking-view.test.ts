import type { Booking, BookingOption } from '@tabi/contract/booking';
import { describe, expect, it } from 'vitest';
import { bookingFixture } from '../../../test/booking-fixture.ts';
import {
  businessToday,
  cardPaymentWindow,
  couponUseDate,
  hasCoupons,
  hasUsageGuide,
  paymentCheck,
  productCode,
  rentalLinkVisible,
  stayDays,
  ticketAvailable,
} from './booking-view.ts';

/** A request confirmed on 2025-01-01 for a tour on 2025-01-10, to be paid within three days. */
const booking: Booking = bookingFixture(
  {
    rsvno: 'AA100004',
    status: 0,
    status_payment: 0,
    flg_request_rsv: 1,
    rsvdate: '2025-01-01T00:00:00.000Z',
    servertime: '2025-01-01T01:00:00.000Z',
    payment_deadline_date: '2025-01-04T00:00:00.000Z',
    state: 'offered',
    payable: true,
    cancellable: false,
    amountjp: 25000,
    mail: 'a@example.com',
    memberList: [],
  },
  { webname: 'ツアー', usedate: '20250110', adultbaika: 10000, childbaika: 5000, paxadultqty: 2, paxchildqty: 1 },
);
const option: BookingOption = booking.optionList[0] as BookingOption;

describe('my page rules', () => {
  it('uses the option code for package X and the package code otherwise', () => {
    expect(productCode(booking)).toBe('OP0001');
    expect(productCode({ optionList: [{ ...option, pkcd: 'PK0001' }] })).toBe('PK0001');
    expect(productCode({ optionList: [] })).toBeNull();
    expect(hasCoupons(booking)).toBe(false);
    expect(hasCoupons({ optionList: [{ ...option, pkcd: 'PK0001' }] })).toBe(true);
  });

  it('takes today from the server time in Tokyo', () => {
    expect(businessToday('2025-01-01T15:00:00.000Z')).toBe('20250102');
    expect(businessToday('2025-01-01T14:59:59.000Z')).toBe('20250101');
  });

  it('counts stay days inclusively', () => {
    expect(stayDays('20250110', '20250110')).toBe(1);
    expect(stayDays('20250131', '20250202')).toBe(3);
  });

  it('shows the rental link from the day after the start, only with a rental code', () => {
    expect(rentalLinkVisible('20250110', '1', '20250110')).toBe(false);
    expect(rentalLinkVisible('20250110', '1', '20250111')).toBe(true);
    expect(rentalLinkVisible('20250110', '', '20250120')).toBe(false);
    expect(ticketAvailable('20250110', '20250109')).toBe(false);
    expect(ticketAvailable('20250110', '20250110')).toBe(true);
  });

  it('gives usage guidance for external codes or meeting information', () => {
    expect(hasUsageGuide(option)).toBe(false);
    expect(hasUsageGuide({ ...option, ex_cd: 3 })).toBe(true);
    expect(hasUsageGuide({ ...option, departure_time: '08:00' })).toBe(true);
  });

  it('re-checks payment: allowed, past the deadline, or not payable', () => {
    expect(paymentCheck(booking)).toBe('ok');
    // Past its deadline the server no longer says payable: still the confirmed request, so the deadline is named.
    expect(paymentCheck({ ...booking, payable: false })).toBe('pastDeadline');
    expect(paymentCheck({ ...booking, payable: false, state: 'paid' })).toBe('notPayable');
    expect(paymentCheck({ ...booking, payable: false, payment_deadline_date: null })).toBe('notPayable');
  });
});

describe('coupons and card payment on my page', () => {
  it("reads the coupons' use date from the first coupon option", () => {
    expect(couponUseDate(booking)).toBeNull();
    const coupon = { ...option, pkcd: 'PK0001', usedate: '20250111' };
    expect(couponUseDate({ optionList: [option, coupon] })).toBe('20250111');
  });

  it('offers card payment for an unpaid card booking within its hour, with the minutes left', () => {
    const card: Booking = {
      ...booking,
      status: 1,
      flg_request_rsv: 0,
      state: 'unpaid',
      payable: false,
      card_payable: true,
      rsvdate: '2025-01-01T00:00:00.000Z',
      servertime: '2025-01-01T00:20:30.000Z',
    };
    const open = cardPaymentWindow(card);
    expect(open?.until.toISOString()).toBe('2025-01-01T01:00:00.000Z');
    expect(open?.minutesLeft).toBe(40);
    // Past its hour, or paid, the server says it is no longer payable by card.
    expect(cardPaymentWindow({ ...card, card_payable: false })).toBeNull();
    expect(cardPaymentWindow(booking)).toBeNull();
  });
});

describe('date display', () => {
  it('shows instants in Tokyo time', async () => {
    const { receptionYmd } = await import('./booking-view.ts');
    expect(receptionYmd('2025-01-01T15:30:00.000Z')).toBe('20250102');
    expect(receptionYmd('20250101')).toBe('20250101');
  });
});
