import { describe, expect, it } from 'vitest';
import {
  cancelLines,
  cancelLineText,
  cancelToday,
  freeCancelDaysBefore,
  freeCancelUntil,
  STANDARD_CANCEL_POLICY,
} from './cancel-policy.ts';

const STANDARD = STANDARD_CANCEL_POLICY;

describe('a cancellation policy, as the pages and mails say it', () => {
  it('finds the last free day: the day before the first charged tier starts', () => {
    expect(freeCancelUntil(STANDARD, '20261231')).toBe('20261210');
    expect(freeCancelUntil([{ daysBefore: 0, percent: 100 }], '20261231')).toBe('20261230');
    expect(freeCancelUntil([{ daysBefore: -1, percent: 100 }], '20261231')).toBe('20261231');
    expect(freeCancelUntil([], '20261231')).toBe('20261230');
    expect(freeCancelDaysBefore(STANDARD)).toBe(21);
    expect(freeCancelDaysBefore([{ daysBefore: -1, percent: 100 }])).toBeNull();
  });

  it('has one line per tier after the free period, a span or a single day', () => {
    const lines = cancelLines(STANDARD);
    expect(lines).toEqual([
      { kind: 'free', until: 21 },
      { kind: 'tier', from: 20, to: 8, percent: 20 },
      { kind: 'tier', from: 7, to: 2, percent: 30 },
      { kind: 'tier', from: 1, to: null, percent: 40 },
      { kind: 'tier', from: 0, to: null, percent: 50 },
      { kind: 'tier', from: -1, to: null, percent: 100 },
    ]);
    expect(lines.map((line) => cancelLineText(line).key)).toEqual([
      'cancelLineFree',
      'cancelLineDays',
      'cancelLineDays',
      'cancelLineDay',
      'cancelLineDay',
      'cancelLineAfterStart',
    ]);
  });

  it('says before payment what cancelling would cost from today', () => {
    // On 11/28, 12/18 is 20 days ahead: 20 % from the moment it is booked.
    expect(cancelToday(STANDARD, '20261218', '20261128')).toEqual({ kind: 'fee', percent: 20 });
    expect(cancelToday(STANDARD, '20261225', '20261128')).toEqual({ kind: 'feesFrom', day: '20261205' });
    expect(cancelToday([], '20261225', '20261128')).toEqual({ kind: 'noFee' });
  });
});
