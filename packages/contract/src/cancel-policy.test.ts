import { describe, expect, it } from 'vitest';
import { cancelPolicyLines, freeCancelUntil } from './cancel-policy.ts';

const STANDARD = [
  { daysBefore: 20, percent: 20 },
  { daysBefore: 7, percent: 30 },
  { daysBefore: 1, percent: 40 },
  { daysBefore: 0, percent: 50 },
  { daysBefore: -1, percent: 100 },
];

describe('cancellation policy wording (issue 14)', () => {
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
