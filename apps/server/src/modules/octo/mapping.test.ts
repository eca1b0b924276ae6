import { describe, expect, it } from 'vitest';
import { openingHoursOf } from './mapping.ts';

describe('openingHoursOf (OCTO requires at least one entry for OPENING_HOURS)', () => {
  it('reads the first time range of the hours text, full-width digits included', () => {
    expect(openingHoursOf('8:00〜17:00（最終受付16:00）')).toEqual([{ from: '08:00', to: '17:00' }]);
    expect(openingHoursOf('９：３０～１８：００')).toEqual([{ from: '09:30', to: '18:00' }]);
  });

  it('opens a start without an end time until the day ends, and a text without a time all day', () => {
    expect(openingHoursOf('9:30〜日没')).toEqual([{ from: '09:30', to: '23:59' }]);
    expect(openingHoursOf('')).toEqual([{ from: '00:00', to: '23:59' }]);
    expect(openingHoursOf('施設の営業時間に準じます')).toEqual([{ from: '00:00', to: '23:59' }]);
  });
});
