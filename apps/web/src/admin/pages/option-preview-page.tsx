import { CONSOLE } from '@tabi/contract/console-endpoints';
import { LANG_NAMES, type Lang } from '@tabi/contract/i18n';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { OptionHeader } from '../../features/catalog/components/option-header.tsx';
import { ApplicationGuide, ContentGuide } from '../../features/catalog/components/option-sections.tsx';
import { LangProvider } from '../../i18n/lang.tsx';
import { loadMessages } from '../../i18n/messages.ts';
import { AdminPage } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { adminCall } from '../lib/admin-api.ts';

/** The languages the preview shows the option in: the Japanese page and the English one. */
const PREVIEW_LANGS = ['ja', 'en'] as const satisfies readonly Lang[];

/**
 * /admin/options/:opcd/preview: the public detail page's own parts filled with the option as the public call
 * would answer it once published, drafts included (staff only; visitors never see a draft), in Japanese or as
 * the English page shows it (its English texts, Japanese where a text has none).
 */
export function OptionPreviewPage() {
  const opcd = useParams().opcd ?? '';
  const [lang, setLang] = useState<Lang>('ja');
  const preview = useQuery({
    queryKey: ['admin', 'catalog', opcd, 'preview', lang],
    queryFn: async () => {
      const [option] = await Promise.all([
        adminCall(CONSOLE['GET /options/{opcd}/preview'], {
          params: { opcd },
          query: lang === 'ja' ? undefined : { lang },
        }),
        // The English page's own words (its headings) come with the English texts.
        loadMessages(lang),
      ]);
      return option;
    },
    gcTime: 0,
  });
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
        {PREVIEW_LANGS.map((l) => (
          <label key={l}>
            <input type="radio" name="preview-lang" value={l} checked={l === lang} onChange={() => setLang(l)} />
            {LANG_NAMES[l]}
          </label>
        ))}
      </fieldset>
      {lang === 'en' && <p className="hint">英語の項目が空欄のところは、英語ページと同じく日本語で表示されます。</p>}
      <QueryView query={preview}>
        {(option) => (
          <LangProvider lang={lang}>
            <div className="adm-preview" lang={lang === 'en' ? 'en' : undefined}>
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
