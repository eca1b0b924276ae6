import { optionDetailResponse } from '@tabi/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { OptionHeader } from '../../features/catalog/components/option-header.tsx';
import { ApplicationGuide, ContentGuide } from '../../features/catalog/components/option-sections.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { adminGet } from '../lib/admin-api.ts';
import { useAdminPage } from '../lib/use-page.ts';

/**
 * /admin/options/:opcd/preview: the public detail page's own parts filled with the option as the public call
 * would answer it once published, drafts included (staff only; visitors never see a draft).
 */
export function OptionPreviewPage() {
  const { pathname } = useLocation();
  const opcd = decodeURIComponent(pathname.replace(/^\/admin\/options\//, '').replace(/\/preview\/?$/, ''));
  const heading = useAdminPage('公開ページのプレビュー');
  const preview = useQuery({
    queryKey: ['admin', 'catalog', opcd, 'preview'],
    queryFn: () => adminGet(`/options/${encodeURIComponent(opcd)}/preview`, optionDetailResponse),
    gcTime: 0,
  });
  return (
    <section className="adm-page">
      <p>
        <Link to={`/admin/options/${encodeURIComponent(opcd)}`}>← 商品編集へ戻る</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        公開ページのプレビュー {opcd}
      </h1>
      <p className="adm-notice">
        お客様の商品詳細ページと同じ部品で表示しています（空き状況・料金の欄は在庫・料金カレンダーで確認します）。
      </p>
      <QueryError error={preview.error} />
      {preview.isPending && <Loading />}
      {preview.data && (
        <div className="adm-preview">
          <OptionHeader option={preview.data} />
          <ContentGuide option={preview.data} />
          <ApplicationGuide option={preview.data} />
        </div>
      )}
    </section>
  );
}
