import { optionDetailResponse } from '@tabi/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { OptionHeader } from '../../features/catalog/components/option-header.tsx';
import { ApplicationGuide, ContentGuide } from '../../features/catalog/components/option-sections.tsx';
import { AdminPage } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { adminGet } from '../lib/admin-api.ts';

/**
 * /admin/options/:opcd/preview: the public detail page's own parts filled with the option as the public call
 * would answer it once published, drafts included (staff only; visitors never see a draft).
 */
export function OptionPreviewPage() {
  const { pathname } = useLocation();
  const opcd = decodeURIComponent(pathname.replace(/^\/admin\/options\//, '').replace(/\/preview\/?$/, ''));
  const preview = useQuery({
    queryKey: ['admin', 'catalog', opcd, 'preview'],
    queryFn: () => adminGet(`/options/${encodeURIComponent(opcd)}/preview`, optionDetailResponse),
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
      <QueryView query={preview}>
        {(option) => (
          <div className="adm-preview">
            <OptionHeader option={option} />
            <ContentGuide option={option} />
            <ApplicationGuide option={option} />
          </div>
        )}
      </QueryView>
    </AdminPage>
  );
}
