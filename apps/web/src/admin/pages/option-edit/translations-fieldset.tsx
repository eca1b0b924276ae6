/**
 * 商品編集's 他の言語の表示: a tab per translated language (ADR 0177, 0207), each with every text's twin in that
 * language, how many are filled, and the public page's preview in it. A text left empty falls back to English,
 * then Japanese, field by field.
 */
import {
  OPTION_TEXT_FIELDS,
  type OptionTextField,
  TRANSLATED_LANGS,
  type TranslatedLang,
} from '@tabi/contract/content';
import { useEffect, useRef, useState } from 'react';
import { get, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Tabs } from '../../components/tabs.tsx';
import { emptyFieldsHint, LANG_LABEL } from '../../lib/langs.ts';
import type { OptionBinding } from './binding.ts';
import { Note, RichText, TextInput } from './fields.tsx';

/**
 * The translated texts, each labelled as its Japanese twin with the language (「商品名（韓国語）」): a line, an HTML
 * text (with its preview) or the day-before note (plain text).
 */
const TRANSLATED_FIELDS: readonly {
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

/**
 * After a refused save whose first refused field is a translation, its language's tab is shown and the field
 * focused. Only the shown tab's fields are rendered (tabs.tsx), so the form's errors say which language holds it.
 */
function useTabOfFirstError(bind: OptionBinding, select: (lang: TranslatedLang) => void) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const focusPending = useRef(false);
  const { form } = bind;
  const { submitCount } = form.formState;
  // Once per refused save: the errors a later keystroke revalidates never move the tabs.
  useEffect(() => {
    if (submitCount === 0) return;
    // A refused field on show comes first in the form: the form has focused it already.
    if (fieldset.current?.form?.querySelector('[aria-invalid="true"]')) return;
    const lang = TRANSLATED_LANGS.find((l) => get(form.formState.errors, `option.translations.${l}`));
    if (!lang) return;
    focusPending.current = true;
    select(lang);
  }, [submitCount, form, select]);
  // Once its panel is shown (the render after the one that chose the tab).
  useEffect(() => {
    if (!focusPending.current) return;
    const first = fieldset.current?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden]) [aria-invalid="true"]');
    if (!first) return;
    first.focus();
    focusPending.current = false;
  });
  return fieldset;
}

export function TranslationsFieldset({ bind, opcd }: { bind: OptionBinding; opcd: string | null }) {
  const [selected, setSelected] = useState<TranslatedLang>(TRANSLATED_LANGS[0]);
  const fieldset = useTabOfFirstError(bind, setSelected);
  const translations = useWatch({ control: bind.form.control, name: 'option.translations' });
  const filled = (lang: TranslatedLang) =>
    OPTION_TEXT_FIELDS.filter((f) => (translations[lang][f] ?? '').trim() !== '').length;

  return (
    <fieldset aria-describedby="option-translations-hint" ref={fieldset}>
      <legend>他の言語の表示</legend>
      <p className="hint" id="option-translations-hint">
        英語・韓国語・中国語のページに表示する文章です。言語ごとに入力します。
      </p>
      <Tabs
        label="表示する言語"
        selected={selected}
        onSelect={setSelected}
        tabs={TRANSLATED_LANGS.map((lang) => ({
          key: lang,
          label: (
            <>
              {LANG_LABEL[lang]}
              <span className="adm-tab-count">
                {filled(lang)}/{OPTION_TEXT_FIELDS.length}項目
              </span>
              {get(bind.errors, `option.translations.${lang}`) && <span className="adm-tab-error">要修正</span>}
            </>
          ),
          panel: <LangFields bind={bind} lang={lang} opcd={opcd} />,
        }))}
      />
    </fieldset>
  );
}

function LangFields({
  bind: { field, text },
  lang,
  opcd,
}: {
  bind: OptionBinding;
  lang: TranslatedLang;
  opcd: string | null;
}) {
  const name = LANG_LABEL[lang];
  return (
    <>
      <p className="hint">
        {emptyFieldsHint(lang)}
        {opcd && (
          <>
            {' '}
            <Link to={`/admin/options/${encodeURIComponent(opcd)}/preview?lang=${lang}`}>
              公開ページのプレビュー（{name}）
            </Link>
          </>
        )}
      </p>
      {TRANSLATED_FIELDS.map(({ field: key, label, kind, rows }) => {
        const path = `option.translations.${lang}.${key}` as const;
        const labelled = `${label}（${name}）`;
        if (kind === 'html')
          return <RichText key={key} label={labelled} lang={lang} {...text(path)} rows={rows ?? 3} />;
        if (kind === 'line') return <TextInput key={key} label={labelled} lang={lang} field={field(path)} />;
        return (
          <Note
            key={key}
            label={labelled}
            hint="テキスト、1,000文字まで。"
            lang={lang}
            rows={rows}
            field={field(path)}
          />
        );
      })}
    </>
  );
}
