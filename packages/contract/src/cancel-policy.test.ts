import { describe, expect, it } from 'vitest';
import { cancelPolicyLines, cancelTermsToday, freeCancelText, freeCancelUntil } from './cancel-policy.ts';

const STANDARD = [
  { daysBefore: 20, percent: 20 },
  { daysBefore: 7, percent: 30 },
  { daysBefore: 1, percent: 40 },
  { daysBefore: 0, percent: 50 },
  { daysBefore: -1, percent: 100 },
];

describe('cancellation policy wording', () => {
  it('finds the last free day: the day before the first charged tier starts', () => {
    expect(freeCancelUntil(STANDARD, '20261231')).toBe('20261210');
    expect(freeCancelUntil([{ daysBefore: 0, percent: 100 }], '20261231')).toBe('20261230');
    expect(freeCancelUntil([{ daysBefore: -1, percent: 100 }], '20261231')).toBe('20261231');
    expect(freeCancelUntil([], '20261231')).toBe('20261230');
  });

  it('writes one line per tier after the free period', () => {
    expect(cancelPolicyLines(STANDARD)).toEqual([
      '21日前まで：無料',
      '20日前～8日前：旅行代金の20%',
      '7日前～2日前：旅行代金の30%',
      '前日：旅行代金の40%',
      '当日：旅行代金の50%',
      '旅行開始後・無連絡不参加：旅行代金の100%',
    ]);
  });
});

describe('the cancellation policy in English', () => {
  it('says each tier as the Japanese does', () => {
    expect(cancelPolicyLines(STANDARD, 'en')).toEqual([
      'Until 21 days before: free',
      '20 to 8 days before: 20% of the price',
      '7 to 2 days before: 30% of the price',
      'The day before: 40% of the price',
      'On the day: 50% of the price',
      'After the start or no-show: 100% of the price',
    ]);
  });

  it('gives the free period as a headline', () => {
    expect(freeCancelText(STANDARD, 'ja')).toBe('ご利用日の21日前まで無料');
    expect(freeCancelText(STANDARD, 'en')).toBe('Free until 21 days before');
    expect(freeCancelText([{ daysBefore: -1, percent: 100 }], 'en')).toBeNull();
  });
});

describe('cancelTermsToday (said before the customer pays)', () => {
  const standard = STANDARD;

  it('says a fee applies already when the day is within a charged tier', () => {
    // On 11/28, 12/18 is 20 days ahead: 20 % from the moment it is booked.
    expect(cancelTermsToday(standard, '20261218', '20261128', 'ja')).toBe(
      '現在キャンセル料20%がかかります（お申し込み後にキャンセルされた場合、旅行代金の20%を申し受けます）。',
    );
    expect(cancelTermsToday(standard, '20261130', '20261128', 'en')).toBe(
      'A cancellation fee of 30% of the price applies from now on.',
    );
  });

  it('says the day fees start while cancelling is still free', () => {
    expect(cancelTermsToday(standard, '20261225', '20261128', 'ja')).toBe(
      '本日お申し込みの場合、キャンセル料は2026/12/05からかかります（それまでは無料です）。',
    );
    expect(cancelTermsToday(standard, '20261225', '20261128', 'en')).toMatch(
      /^If you book today, cancellation fees apply from /,
    );
    expect(cancelTermsToday([], '20261225', '20261128', 'ja')).toBe('キャンセル料はかかりません。');
  });
});
