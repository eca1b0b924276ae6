import { CONSOLE } from '@tabi/contract/console-endpoints';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from '@tabi/contract/i18n';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { OptionHeader } from '../../features/catalog/components/option-header.tsx';
import { ApplicationGuide, ContentGuide } from '../../features/catalog/components/option-sections.tsx';
import { LangProvider } from '../../i18n/lang.tsx';
import { loadMessages } from '../../i18n/messages.ts';
import { AdminPage } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { emptyFieldsHint, LANG_LABEL } from '../lib/langs.ts';

/**
 * /admin/options/:opcd/preview[?lang=ko]: the public detail page's own parts filled with the option as the public
 * call would answer it once published, drafts included (staff only; visitors never see a draft), in any of the
 * site's languages, as that language's page shows it (its texts, English then Japanese where a text has none).
 */
export function OptionPreviewPage() {
  const opcd = useParams().opcd ?? '';
  const [search, setSearch] = useSearchParams();
  const asked = search.get('lang');
  const lang: Lang = isLang(asked) ? asked : DEFAULT_LANG;
  const preview = useQuery({
    queryKey: ['admin', 'catalog', opcd, 'preview', lang],
    queryFn: async () => {
      const [option] = await Promise.all([
        adminCall(CONSOLE['GET /options/{opcd}/preview'], { params: { opcd }, query: { lang } }),
        // The page's own words (its headings) come with its texts.
        loadMessages(lang),
      ]);
      return option;
    },
    gcTime: 0,
  });
  const hint = emptyFieldsHint(lang);
  return (
    <AdminPage
      title="公開ページのプレビュー"
      heading={`公開ページのプレビュー ${opcd}`}
      back={{ to: `/admin/options/${encodeURIComponent(opcd)}`, label: '商品編集へ戻る' }}
    >
      <p className="adm-notice">
        お客様の商品詳細ページと同じ部品で表示しています（空き状況・料金の欄は在庫・料金カレンダーで確認します）。
      </p>
      <fieldset className="adm-radio-row">
        <legend>プレビューの言語</legend>
        {LANGS.map((l) => (
          <label key={l}>
            <input
              type="radio"
              name="preview-lang"
              value={l}
              checked={l === lang}
              onChange={() => setSearch({ lang: l }, { replace: true })}
            />
            {LANG_LABEL[l]}
          </label>
        ))}
      </fieldset>
      {hint && <p className="hint">{hint}</p>}
      <QueryView query={preview}>
        {(option) => (
          <LangProvider lang={lang}>
            <div className="adm-preview" lang={lang}>
              <OptionHeader option={option} />
              <ContentGuide option={option} />
              <ApplicationGuide option={option} />
            </div>
          </LangProvider>
        )}
      </QueryView>
    </AdminPage>
  );
}
