import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarDay, defineMessages } from './messages.ts';

const shared = defineMessages('shared', {
  monthCaption: '{month, date, ::yyyyMMMM}',
  greeting: '{name}様、{count, plural, =0 {お知らせはありません} other {#件のお知らせ}}',
  plain: 'ご予約ありがとうございます',
  withValue: '{name}様',
});
type Loose = (key: string, values?: Record<string, unknown>) => string;
const ja = shared.in('ja') as unknown as Loose;

describe('messages', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
    vi.restoreAllMocks();
  });

  it.each(['America/Los_Angeles', 'Pacific/Honolulu', 'Asia/Tokyo', 'Pacific/Kiritimati'])(
    'write a calendar day as that day in %s, skeletons included',
    (zone) => {
      process.env.TZ = zone;
      expect(ja('monthCaption', { month: calendarDay('2026-12-01') })).toBe('2026年12月');
    },
  );

  it('format plurals and numbers in the page language', () => {
    expect(ja('greeting', { name: '山田', count: 0 })).toBe('山田様、お知らせはありません');
    expect(ja('greeting', { name: '山田', count: 1200 })).toBe('山田様、1,200件のお知らせ');
  });

  it('make no Intl formatter for a text with values in it (ICU loads its data at the first)', () => {
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    expect(ja('plain')).toBe('ご予約ありがとうございます');
    expect(ja('withValue', { name: '山田' })).toBe('山田様');
    expect(supported).not.toHaveBeenCalled();
  });

  it('stop on a key the catalog has not, outside production', () => {
    expect(() => ja('missing')).toThrow('No message "missing" in ja');
  });
});
