import type { CatalogListRow } from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { countCell, NUM, WRAP } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { AdminPage } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { Status } from '../components/status.tsx';
import { Untranslated } from '../components/untranslated.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { catalogListKey } from '../lib/catalog-queries.ts';

const column = createColumnHelper<CatalogListRow>();
const columns = [
  column.accessor('opcd', {
    header: '商品コード',
    cell: (c) => <span className="adm-code">{c.getValue()}</span>,
  }),
  column.accessor('webname', {
    header: '商品名',
    meta: WRAP,
    cell: (c) => <Link to={`/admin/options/${c.row.original.opcd}`}>{c.getValue()}</Link>,
  }),
  column.accessor('published', {
    header: '状態',
    cell: (c) => (c.getValue() ? '公開中' : <Status tone="pending">下書き</Status>),
  }),
  column.accessor('isCoupon', { header: '種別', cell: (c) => (c.getValue() ? 'クーポン' : '予約商品') }),
  column.accessor('region', { header: '地域', meta: WRAP }),
  column.accessor('useFrom', {
    header: '販売期間',
    cell: (c) => `${c.getValue().replaceAll('-', '/')}〜${c.row.original.useTo.replaceAll('-', '/')}`,
  }),
  column.accessor('bookings', { header: '予約', cell: countCell('件'), meta: NUM }),
  column.accessor('untranslated', {
    header: '翻訳',
    meta: WRAP,
    cell: (c) => (c.getValue().length === 0 ? '全言語' : <Untranslated langs={c.getValue()} />),
  }),
] as ColumnDef<CatalogListRow, unknown>[];

/** 商品一覧 (admin only): every option, drafts included; an option is never deleted, only taken off sale. */
export function OptionsPage() {
  const query = useQuery({
    queryKey: catalogListKey,
    queryFn: () => adminCall(CONSOLE['GET /options/catalog']),
  });
  return (
    <AdminPage
      title="商品一覧"
      aside={
        <Link to="/admin/options/new" className="adm-button adm-primary">
          新しい商品を作成
        </Link>
      }
    >
      <p className="adm-muted">
        下書きの商品はお客様の画面には表示されません。予約のある商品は削除できないため、販売をやめるときは非公開（下書き）にします。
      </p>
      <QueryView query={query}>
        {(rows) => <DataTable caption="商品一覧" columns={columns} data={rows} rowKey={(r) => r.opcd} />}
      </QueryView>
    </AdminPage>
  );
}
