/** A cancellation policy in each language's words (the pages' `shared` catalog), as the pages and mails show it. */
import {
  cancelLines,
  cancelLineText,
  cancelToday,
  cancelTodayText,
  STANDARD_CANCEL_POLICY,
  writeCancelText,
} from '@tabi/contract/cancel-policy';
import type { Lang } from '@tabi/contract/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from './messages.ts';
import { useSharedMessages } from './shared.ts';

const STANDARD = STANDARD_CANCEL_POLICY;

beforeAll(async () => {
  await Promise.all((['en', 'ko', 'zh-Hant', 'zh-Hans'] as const).map(loadMessages));
});

function lines(lang: Lang): string[] {
  const format = useSharedMessages.in(lang) as (key: string, values?: Record<string, string | number>) => string;
  return cancelLines(STANDARD).map((line) => writeCancelText(cancelLineText(line), lang, format));
}

function today(lang: Lang, usedate: string): string {
  const format = useSharedMessages.in(lang) as (key: string, values?: Record<string, string | number>) => string;
  return writeCancelText(cancelTodayText(cancelToday(STANDARD, usedate, '20261128')), lang, format);
}

describe('the cancellation policy in words', () => {
  it('in Japanese', () => {
    expect(lines('ja')).toEqual([
      '21日前まで：無料',
      '20日前～8日前：旅行代金の20%',
      '7日前～2日前：旅行代金の30%',
      '前日：旅行代金の40%',
      '当日：旅行代金の50%',
      '旅行開始後・無連絡不参加：旅行代金の100%',
    ]);
    expect(today('ja', '20261218')).toBe(
      '現在キャンセル料20%がかかります（お申し込み後にキャンセルされた場合、旅行代金の20%を申し受けます）。',
    );
    expect(today('ja', '20261225')).toBe(
      '本日お申し込みの場合、キャンセル料は2026/12/05からかかります（それまでは無料です）。',
    );
  });

  it('in English', () => {
    expect(lines('en')).toEqual([
      'Until 21 days before: free',
      '20 to 8 days before: 20% of the price',
      '7 to 2 days before: 30% of the price',
      'The day before: 40% of the price',
      'On the day: 50% of the price',
      'After the start or no-show: 100% of the price',
    ]);
    expect(today('en', '20261130')).toBe('A cancellation fee of 30% of the price applies from now on.');
    expect(today('en', '20261225')).toBe(
      'If you book today, cancellation fees apply from 5 Dec 2026; until then cancelling is free.',
    );
  });

  it('in Korean and Chinese, with their days', () => {
    expect(lines('ko')[1]).toBe('20일 전~8일 전: 여행 요금의 20%');
    expect(today('ko', '20261225')).toContain('2026년 12월 5일부터');
    expect(lines('zh-Hant')[3]).toBe('前一天：旅行費用的40%');
    expect(today('zh-Hans', '20261225')).toContain('自2026年12月5日起');
  });
});
