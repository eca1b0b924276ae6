import { describe, expect, it } from 'vitest';
import { paymentColumn } from './admin.ts';

const card = { status: 1, statusPayment: 1, paidAmount: 19_000, refundedAmount: 0, resellerId: null };

describe('paymentColumn (予約一覧 and its CSV)', () => {
  it('says what happened to a card payment', () => {
    expect(paymentColumn(card)).toBe('済');
    expect(paymentColumn({ ...card, statusPayment: 0, paidAmount: 0 })).toBe('未');
    expect(paymentColumn({ ...card, status: 4, refundedAmount: 19_000 })).toBe('返金済');
    expect(paymentColumn({ ...card, status: 4, refundedAmount: 15_200 })).toBe('一部返金');
    expect(paymentColumn({ ...card, status: 4 })).toBe('済');
  });

  it('never says a reseller’s booking was paid: 売掛 while it is invoiced, 取消 once canceled', () => {
    const onAccount = { ...card, paidAmount: 0, resellerId: 1 };
    expect(paymentColumn(onAccount)).toBe('売掛');
    expect(paymentColumn({ ...onAccount, status: 4 })).toBe('取消');
    expect(paymentColumn({ ...onAccount, status: 0, statusPayment: 0 })).toBe('未');
  });
});
