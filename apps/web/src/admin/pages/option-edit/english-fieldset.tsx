/** 商品編集's 英語（English）の表示: each text's English twin, left empty to show the Japanese. */
import type { OptionTextField } from '@tabi/contract/content';
import type { OptionBinding } from './binding.ts';
import { Note, RichText, TextInput } from './fields.tsx';

/**
 * The English texts, each labelled as its Japanese twin with 「（英語）」: a line, an HTML text (with
 * its preview) or the day-before note (plain text).
 */
const ENGLISH_FIELDS: readonly {
  field: OptionTextField;
  label: string;
  kind: 'line' | 'html' | 'note';
  rows?: number;
}[] = [
  { field: 'webname', label: '商品名', kind: 'line' },
  { field: 'introduction', label: '紹介文', kind: 'html', rows: 4 },
  { field: 'contents', label: '内容', kind: 'html', rows: 8 },
  { field: 'optionattention', label: '注意事項', kind: 'html', rows: 4 },
  { field: 'information', label: 'ご案内', kind: 'html', rows: 4 },
  { field: 'companyattention', label: '会社からの注意事項（クーポン）', kind: 'html', rows: 3 },
  { field: 'ageNote', label: '年齢の注意書き', kind: 'html', rows: 2 },
  { field: 'cancelNote', label: 'キャンセル規定の説明', kind: 'html', rows: 3 },
  { field: 'meetpoint', label: '集合場所', kind: 'line' },
  { field: 'companyname', label: '会社名', kind: 'line' },
  { field: 'hours', label: '営業時間', kind: 'line' },
  { field: 'address', label: '住所', kind: 'line' },
  { field: 'departurePoint', label: '出発地（乗車）', kind: 'line' },
  { field: 'arrivalPoint', label: '到着地（降車）', kind: 'line' },
  { field: 'dayBeforeNote', label: '前日案内に添えるお知らせ', kind: 'note', rows: 3 },
];

export function EnglishFieldset({ bind: { field, text } }: { bind: OptionBinding }) {
  return (
    <fieldset aria-describedby="option-english-hint">
      <legend>英語（English）の表示</legend>
      <p className="hint" id="option-english-hint">
        空欄の項目は英語ページに日本語で表示されます。
      </p>
      {ENGLISH_FIELDS.map(({ field: name, label, kind, rows }) => {
        const path = `option.translations.en.${name}` as const;
        const english = `${label}（英語）`;
        if (kind === 'html') return <RichText key={name} label={english} lang="en" {...text(path)} rows={rows ?? 3} />;
        if (kind === 'line') return <TextInput key={name} label={english} lang="en" field={field(path)} />;
        return (
          <Note key={name} label={english} hint="テキスト、1,000文字まで。" lang="en" rows={rows} field={field(path)} />
        );
      })}
    </fieldset>
  );
}
