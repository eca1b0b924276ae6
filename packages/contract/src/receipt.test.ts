import { describe, expect, it } from 'vitest';
import { Msg } from './messages.ts';
import {
  ADDRESSEE_MAX,
  addresseeUnprintable,
  includedTax,
  ReceiptMsg,
  receiptFileName,
  receiptIssueRequest,
  staffReceiptRequest,
} from './receipt.ts';
import { addresseeForm } from './receipt-font.ts';
import { INVOICE_NUMBER_PATTERN } from './site.ts';
import { japanese } from './test/japanese.ts';

describe('receipts (ADR 0163)', () => {
  it('take the 10 % tax out of a tax-included amount, fractions of a yen cut off', () => {
    expect(includedTax(110)).toBe(10);
    expect(includedTax(30_600)).toBe(2781); // 2781.81…
    expect(includedTax(10)).toBe(0); // 0.90…
    expect(includedTax(11)).toBe(1);
    expect(includedTax(0)).toBe(0);
    expect(includedTax(1_100_000_000)).toBe(100_000_000);
    for (let amount = 0; amount < 5000; amount += 7) {
      expect(includedTax(amount)).toBe(Math.floor((amount * 10) / 110));
      expect(includedTax(amount) * 11).toBeLessThanOrEqual(amount);
    }
  });

  it('read the 宛名 trimmed, 1–60 characters, one line, in Japanese when it is wrong', () => {
    expect(addresseeForm.parse({ addressee: '  株式会社さくら  ' })).toEqual({ addressee: '株式会社さくら' });
    expect(addresseeForm.parse({ addressee: '𠮷'.repeat(ADDRESSEE_MAX) }).addressee).toHaveLength(ADDRESSEE_MAX * 2);
    const problem = (addressee: string) => japanese(addresseeForm.safeParse({ addressee }).error?.issues[0]?.message);
    expect(problem('')).toBe(japanese(ReceiptMsg.addresseeRequired));
    expect(problem('   ')).toBe(japanese(ReceiptMsg.addresseeRequired));
    expect(problem('あ'.repeat(ADDRESSEE_MAX + 1))).toBe('宛名は60文字以内で入力してください。');
    expect(problem('山田\n太郎')).toBe(Msg.controlCharacters);
    // Only what the receipt's font can print: it would be □ for good on every issue.
    expect(problem('주식회사 한빛')).toBe(japanese(addresseeUnprintable(['주', '식', '회', '사', '한'])));
    expect(problem('ﺷﺮﻛﺔ 🍣')).toBe(japanese(addresseeUnprintable(['ﺷ', 'ﺮ', 'ﻛ', 'ﺔ', '🍣'])));
    expect(addresseeForm.parse({ addressee: '髙橋 Müller ＡＢＣ' }).addressee).toBe('髙橋 Müller ＡＢＣ');
  });

  it('issue the travel price receipt unless told otherwise, the 宛名 optional in the request', () => {
    expect(receiptIssueRequest.parse({ session: 's', rsvno: 'AA100001' })).toEqual({
      session: 's',
      rsvno: 'AA100001',
      kind: 'payment',
    });
    expect(staffReceiptRequest.parse({ kind: 'cancel_fee', addressee: ' 山田 ' })).toEqual({
      kind: 'cancel_fee',
      addressee: '山田',
    });
    expect(staffReceiptRequest.safeParse({ kind: 'refund' }).success).toBe(false);
    expect(receiptFileName('AA100001', 'payment')).toBe('receipt-AA100001.pdf');
    expect(receiptFileName('AA100001', 'cancel_fee')).toBe('receipt-AA100001-cancel-fee.pdf');
  });

  it('know an invoice registration number: T and 13 digits', () => {
    expect(INVOICE_NUMBER_PATTERN.test('T1234567890123')).toBe(true);
    for (const wrong of ['1234567890123', 'T123456789012', 'T12345678901234', 't1234567890123', 'T１234567890123']) {
      expect(INVOICE_NUMBER_PATTERN.test(wrong)).toBe(false);
    }
  });
});
