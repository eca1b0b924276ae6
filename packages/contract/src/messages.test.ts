import { describe, expect, it } from 'vitest';
import { Msg } from './messages.ts';

/**
 * The one place the SPEC's wording is written out: every other test asserts these messages through `Msg`,
 * so a change of wording is made (and checked against the SPEC) here and in messages.ts only.
 */
describe('Msg keeps the SPEC wording verbatim', () => {
  it.each([
    ['csrfMismatch', '前のアクションから時間が経っているため、再度ログインしてください。'],
    ['shortageOfStock', '設定した値が残数を超えています。'],
    ['noRental', 'このオプションはレンタルが存在しません。'],
    ['invalidDate', '有効な日付を設定してください'],
    ['statusPaid', '予約済み'],
    ['statusCanceled', 'キャンセル済み'],
    ['statusUnpaid', '未決済'],
    ['statusTmp', '仮予約（手配済）'],
    ['statusRequested', 'リクエスト予約'],
  ] as const)('%s', (key, text) => {
    expect(Msg[key]).toBe(text);
  });
});
