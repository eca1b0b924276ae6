import { ageOutOfRange, tooLong } from '@tabi/contract/booking-rules';
import {
  cardPaymentNotice,
  changeFeeApplies,
  couponLocked,
  couponNotToday,
  Msg,
  partyOutOfRange,
  partyRangeNote,
  rentalFieldInvalid,
  unpaidSeatsCapped,
} from '@tabi/contract/messages';
import { addresseeUnprintable } from '@tabi/contract/receipt';
import { RENTAL_FIELD_LABEL } from '@tabi/contract/rental';
import { type ApiKey, say } from '@tabi/contract/said';
import { WAITLIST_MAX_PARTY, WaitlistMsg } from '@tabi/contract/waitlist-messages';
import { describe, expect, it } from 'vitest';
import jaApi from '../../../../packages/contract/messages/ja/api.json' with { type: 'json' };
import jaRules from '../../../../packages/contract/messages/ja/rules.json' with { type: 'json' };
import { textIn } from './said-text.ts';

/** The contract's catalog says in Japanese exactly what its constants (SPEC's words) say, key for key. */
describe('the Japanese of the API catalog', () => {
  const keys = [...Object.keys(jaApi), ...Object.keys(jaRules)] as ApiKey[];

  it('one key names one message across the API’s and the rules’ catalogs', () => {
    expect(Object.keys(jaApi).filter((key) => key in jaRules)).toEqual([]);
  });
  const plain = (key: string) => say(key as 'close');

  it.each(keys.filter((key) => key in Msg))('%s is Msg’s', (key) => {
    expect(textIn('ja', plain(key))).toBe(Msg[key as keyof typeof Msg]);
  });

  it.each(Object.entries(WaitlistMsg).filter(([key, text]) => typeof text === 'string' && key !== 'partyRange'))(
    'waitlist.%s is WaitlistMsg’s',
    (key, text) => {
      expect(textIn('ja', plain(`waitlist.${key}`))).toBe(text);
    },
  );

  it('the messages with values', () => {
    expect(textIn('ja', say('waitlist.partyRange', { max: WAITLIST_MAX_PARTY }))).toBe(WaitlistMsg.partyRange);
    expect(textIn('ja', say('waitlist.partyOutOfOption', { min: 2, max: 8 }))).toBe(WaitlistMsg.partyOutOfOption(2, 8));
    expect(textIn('ja', say('waitlist.offerPartyTooLarge', { held: 3 }))).toBe(WaitlistMsg.offerPartyTooLarge(3));
    expect(textIn('ja', tooLong(50))).toBe('50文字以内になるよう入力してください');
    expect(textIn('ja', say('partyOutOfRange', { min: 1, max: 9 }))).toBe(partyOutOfRange(1, 9));
    expect(textIn('ja', say('partyRangeNote', { min: 1, max: 9 }))).toBe(partyRangeNote(1, 9));
    expect(textIn('ja', say('changeFeeApplies', { percent: 20 }))).toBe(changeFeeApplies(20));
    expect(textIn('ja', say('couponNotToday', { day: '2026/12/01' }))).toBe(couponNotToday('2026/12/01'));
    expect(textIn('ja', say('cardPaymentNotice', { until: '12/1 10:00', minutes: 9 }))).toBe(
      cardPaymentNotice('12/1 10:00', 9),
    );
    expect(textIn('ja', say('couponLocked', { minutes: 12 }))).toBe(couponLocked(12));
    expect(textIn('ja', say('unpaidSeatsCapped', { max: 20 }))).toBe(unpaidSeatsCapped(20));
    expect(textIn('ja', addresseeUnprintable(['𠮷', '☃']))).toBe(
      '宛名に領収書へ印字できない文字（𠮷 ☃）が含まれています。日本語（漢字・ひらがな・カタカナ）または英数字でご入力ください。',
    );
    expect(textIn('ja', say('rentalFieldInvalid', { participant: 2, item: say('rentalField.boots_size') }))).toBe(
      rentalFieldInvalid('2', RENTAL_FIELD_LABEL.boots_size),
    );
    // SPEC §5's age messages.
    expect(textIn('ja', ageOutOfRange('middle', 3, 5))).toBe('中人の年齢は3歳以上5歳以下になるよう入力してください');
    expect(textIn('ja', ageOutOfRange('adult', 13, null))).toBe('大人の年齢は13歳以上になるよう入力してください');
    expect(textIn('ja', ageOutOfRange('infant', null, 2))).toBe('幼児の年齢は2歳以下になるよう入力してください');
  });
});

describe('a message in another language', () => {
  it('writes its values, a message among them, in the same language', () => {
    const text = say('twoSentences', { first: say('couponPinWrong'), second: say('couponLocked', { minutes: 1 }) });
    expect(textIn('en', text)).toBe(
      'The PIN is not right. The PIN was wrong too many times, so the coupon is paused. Please try again in about 1 minute.',
    );
  });

  it('leaves a text that is not a message as it is', () => {
    expect(textIn('en', '宛名を入力してください。')).toBe('宛名を入力してください。');
  });
});
