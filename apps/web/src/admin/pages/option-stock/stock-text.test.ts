/** 在庫・料金カレンダー's words for days, times, prices and an edit's changes. */
import type { DepartureState } from '@tabi/contract/admin-catalog';
import { describe, expect, it } from 'vitest';
import {
  capacityOf,
  describeChange,
  describeState,
  formatDay,
  priceTexts,
  requestTimesText,
  shortDay,
  stockText,
  stoppedText,
  timesOf,
  yen,
} from './stock-text.ts';

const PRICES = { adultbaika: 8000, middlebaika: 0, childbaika: 4000, infantbaika: 0 };
const STATE: DepartureState = { endTime: '', left: 10, capacity: 10, ...PRICES };
const REQUEST = { from: '2026-12-01', to: '2026-12-31', weekdays: [6], stock: null, prices: null };

describe('days, times and seats', () => {
  it('says days, times, prices and capacity as staff read them', () => {
    expect(yen(8000)).toBe('8,000円');
    expect(formatDay('2026-12-05')).toBe('2026/12/05');
    expect(shortDay('2026-12-05')).toBe('12/5（土）');
    expect(timesOf({ startTime: '', endTime: '' })).toBe('終日');
    expect(timesOf({ startTime: '10:00', endTime: '' })).toBe('10:00');
    expect(capacityOf({ startTime: '', endTime: '', stopped: false, left: 7, held: 3, sold: 2, ...PRICES })).toBe(12);
    expect(priceTexts(['adult', 'child'], PRICES)).toEqual(['大人 8,000円', '小人 4,000円']);
    expect(priceTexts(['adult', 'child'], { adultbaika: 8000 })).toEqual(['大人 8,000円', '小人 0円']);
  });
});

describe('changes', () => {
  it('says a state in one line, its end when it has one', () => {
    expect(describeState({ ...STATE, endTime: '11:30' }, ['adult'])).toBe(
      '定員10席・残席10席・大人 8,000円・11:30終了',
    );
  });

  it('says what is made, removed, or each figure that moves', () => {
    const change = { date: '2026-12-05', startTime: '', stopped: false };
    expect(describeChange({ ...change, before: null, after: STATE }, ['adult'])).toBe(
      '追加：定員10席・残席10席・大人 8,000円',
    );
    expect(describeChange({ ...change, before: STATE, after: null }, ['adult'])).toBe(
      '削除（定員10席・残席10席・大人 8,000円）',
    );
    expect(
      describeChange(
        {
          ...change,
          stopped: true,
          before: STATE,
          after: { ...STATE, capacity: 12, adultbaika: 9000, endTime: '12:00' },
        },
        ['adult'],
      ),
    ).toBe('定員 10→12席、大人 8,000円→9,000円、終了 なし→12:00（催行中止のため席は閉じたままです）');
  });

  it('names the days and departures called off', () => {
    expect(stoppedText([], 'の席は閉じたままです。')).toBe('');
    expect(stoppedText(['2026-12-05'], '。')).toBe('催行中止の日（2026/12/05）。');
    expect(stoppedText(['2026-12-05', '2026-12-06 10:00'], '。')).toBe(
      '催行中止の日・便（2026/12/05、2026/12/06 10:00）。',
    );
  });
});

describe('a bulk edit in words', () => {
  it('says its stock change', () => {
    expect(stockText(null)).toBe('変更しない');
    expect(stockText({ mode: 'close' })).toBe('販売を停止（残席0）');
    expect(stockText({ mode: 'set', seats: 12 })).toBe('席数を12席に設定');
    expect(stockText({ mode: 'add', seats: 2 })).toBe('2席増やす');
    expect(stockText({ mode: 'add', seats: -3 })).toBe('3席減らす');
  });

  it('says its start times, with their end when a duration is given', () => {
    expect(requestTimesText(REQUEST)).toBe('終日（開始時刻なし）');
    expect(requestTimesText({ ...REQUEST, times: ['10:00', '13:00'] })).toBe('10:00、13:00');
    expect(requestTimesText({ ...REQUEST, times: ['10:00'], durationMinutes: 90 })).toBe(
      timesOf({ startTime: '10:00', endTime: '11:30' }),
    );
  });
});
