/**
 * The words a validation failure is said in, when a schema gives no message of its own: polite Japanese a
 * clerk or a customer can act on (「200文字以内で入力してください」), never a program's wording (zod's own
 * Japanese locale says 「大きすぎる値: stringは200文字以下である必要があります」). Where a failure is said
 * together with its field, `fieldLabel` names the field in Japanese, never by its path in the request.
 */
import type { z } from 'zod';

const count = (n: number | bigint) => Number(n).toLocaleString('ja-JP');

const EXPECTED: Record<string, string> = {
  number: '数字で入力してください',
  int: '整数で入力してください',
  bigint: '整数で入力してください',
  string: '文字で入力してください',
  boolean: 'はい・いいえで指定してください',
  array: '一覧の形式が正しくありません',
  object: '形式が正しくありません',
  date: '日付を入力してください',
};

const FORMAT: Record<string, string> = {
  date: '日付の形式が正しくありません（例：2026-12-01）',
  datetime: '日時の形式が正しくありません',
  email: 'メールアドレスの形式が正しくありません',
  url: 'URLの形式が正しくありません',
};

export const validationMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return '入力してください';
      return EXPECTED[issue.expected] ?? '形式が正しくありません';
    case 'invalid_value':
      return '選択肢の中から選んでください';
    case 'too_big': {
      const max = count(issue.maximum);
      if (issue.origin === 'string') return `${max}文字以内で入力してください`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${max}件以内にしてください`;
      return issue.inclusive ? `${max}以下で入力してください` : `${max}より小さい値を入力してください`;
    }
    case 'too_small': {
      const min = count(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? '入力してください' : `${min}文字以上で入力してください`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${min}件以上指定してください`;
      return issue.inclusive ? `${min}以上で入力してください` : `${min}より大きい値を入力してください`;
    }
    case 'invalid_format':
      return FORMAT[issue.format] ?? '形式が正しくありません';
    case 'not_multiple_of':
      return `${count(issue.divisor)}の倍数で入力してください`;
    case 'unrecognized_keys':
      return '受け付けない項目が含まれています';
    default:
      return '入力内容が正しくありません';
  }
};

/**
 * The Japanese names of the request fields a refusal can point at, across the API (the customer's and the
 * console's). A path with a list index reads 「2人目の…」 for participants and 「2件目の…」 elsewhere.
 */
const FIELD_LABEL: Record<string, string> = {
  sei: '姓',
  mei: '名',
  seikana: 'セイ',
  meikana: 'メイ',
  birthday: '生年月日',
  sex: '性別',
  nationality_id: '国籍',
  ageclass: '年齢区分',
  tel: '電話番号',
  mail: 'メールアドレス',
  seats: '席数',
  from: '開始日',
  to: '終了日',
  weekdays: '曜日',
  adultbaika: '大人料金',
  middlebaika: '中人料金',
  childbaika: '小人料金',
  infantbaika: '幼児料金',
  fee: 'キャンセル料',
  amount: 'キャンセル料',
  reason: '理由',
  note: 'メモ',
  month: '月',
  sort: '並び順',
  page: 'ページ',
  usefrom: '利用日（から）',
  useto: '利用日（まで）',
  rsvfrom: '受付日（から）',
  rsvto: '受付日（まで）',
  date: '日付',
  usedate: '利用日',
  boots_size: 'ブーツのサイズ',
  wear_size: 'ウェアのサイズ',
  model: 'レンタル品',
  webname: '商品名',
  useFrom: '販売開始日',
  useTo: '販売終了日',
  caption: 'キャプション',
  alt: '代替テキスト',
  password: 'パスワード',
  code: '確認コード',
};

export function fieldLabel(path: readonly PropertyKey[]): string | undefined {
  const key = [...path].reverse().find((p): p is string => typeof p === 'string' && p in FIELD_LABEL);
  if (!key) return undefined;
  // A catalog text in another language: 商品名（英語）, as the console labels it.
  if (path[0] === 'translations' && path[1] === 'en') return `${FIELD_LABEL[key]}（英語）`;
  const index = path.find((p): p is number => typeof p === 'number');
  if (index === undefined) return FIELD_LABEL[key];
  const unit = path.includes('memberList') ? '人目' : '件目';
  return `${index + 1}${unit}の${FIELD_LABEL[key]}`;
}
