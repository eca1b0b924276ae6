import { describe, expect, it } from 'vitest';
import {
  ageOutOfRange,
  cardPaymentNotice,
  couponLocked,
  couponNotToday,
  Msg,
  nameTooLong,
  participantTitle,
  partyOutOfRange,
  partyRangeNote,
  rentalFieldInvalid,
  unpaidSeatsCapped,
} from './messages.ts';
import { englishMessage, MSG_EN } from './messages-en.ts';
import { addresseeUnprintable } from './receipt.ts';

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

describe('the customer messages in English', () => {
  it('has every message but the console’s, none empty and none Japanese', () => {
    const customerKeys = Object.keys(Msg).filter((key) => !key.startsWith('staff'));
    expect(Object.keys(MSG_EN).sort()).toEqual(customerKeys.sort());
    for (const [key, text] of Object.entries(MSG_EN)) {
      expect(text.trim(), key).not.toBe('');
      expect(JAPANESE.test(text), `${key}: ${text}`).toBe(false);
    }
  });

  it('reads a fixed message back from its Japanese', () => {
    expect(englishMessage(Msg.loginFailed)).toBe(MSG_EN.loginFailed);
    expect(englishMessage(Msg.noStock)).toBe(MSG_EN.noStock);
    expect(englishMessage('知らないメッセージ')).toBeNull();
    expect(englishMessage(Msg.staffForbidden)).toBeNull();
  });

  it('reads the messages made by functions', () => {
    const cases: [string, string][] = [
      [nameTooLong(50), 'Please keep it to 50 characters.'],
      [ageOutOfRange('小人', 6, 11), 'Child travellers must be from 6 to 11 years old.'],
      [ageOutOfRange('大人', 12, null), 'Adult travellers must be 12 or older.'],
      [partyOutOfRange(1, 8), 'Please book for 1 to 8 people.'],
      [partyRangeNote(2, 10), 'For 2 to 10 people'],
      [participantTitle(3), 'Traveller 3'],
      [rentalFieldInvalid('2', 'ブーツ'), 'The ブーツ of traveller 2 is not right.'],
      [couponNotToday('2026/12/01'), 'This coupon can be used on its date of use (2026/12/01) only.'],
      [
        cardPaymentNotice('2026/12/01 10:00', 42),
        'Not paid yet. Pay by 2026/12/01 10:00 (42 min left) to confirm your booking.',
      ],
      [
        couponLocked(15),
        'The PIN was wrong too many times, so the coupon is paused. Please try again in about 15 minutes.',
      ],
      [
        unpaidSeatsCapped(20),
        'Unpaid bookings have reached the limit of 20 people. Please pay for them first, or try again later.',
      ],
      [
        addresseeUnprintable(['한', '😀']),
        'The name for the receipt has characters that cannot be printed on it (한 😀). Please use Japanese, or Latin letters and digits.',
      ],
    ];
    for (const [japanese, english] of cases) expect(englishMessage(japanese), japanese).toBe(english);
  });

  it('reads the forms’ own messages, naming the field', () => {
    expect(englishMessage('姓を入力してください')).toBe('Please enter the family name.');
    expect(englishMessage('国籍を選択してください')).toBe('Please choose the nationality.');
    expect(englishMessage('ブーツのサイズを選択してください')).toBe('Please choose the boot size.');
    expect(englishMessage('パスポート番号は半角英数字で入力してください')).toBe(
      'Please write the passport number in letters and digits only.',
    );
    expect(englishMessage('入力してください')).toBe('Please fill this in.');
    expect(englishMessage('20文字以内で入力してください')).toBe('Please keep it to 20 characters.');
  });
});

describe('a date the English pages cannot read', () => {
  it('says the format expected (a date typed as 15/03/1980), while the Japanese stays SPEC’s', () => {
    expect(Msg.invalidDate).toBe('有効な日付を設定してください');
    expect(englishMessage(Msg.invalidDate)).toBe('Please enter a valid date as year/month/day, e.g. 1980/03/15.');
  });
});
