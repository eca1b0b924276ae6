import { type StaffRow, staffListResponse } from '@tabi/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { dateTimeCell } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { AdminPage } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { adminGet } from '../lib/admin-api.ts';

const column = createColumnHelper<StaffRow>();
const columns = [
  column.accessor('mail', { header: 'メールアドレス' }),
  column.accessor('role', { header: '権限', cell: (c) => (c.getValue() === 'admin' ? '管理者' : 'オペレーター') }),
  column.accessor('totpEnabled', { header: '2段階認証', cell: (c) => (c.getValue() ? '設定済み' : '未設定') }),
  column.accessor('disabled', {
    header: '状態',
    cell: (c) => (c.getValue() ? <span className="adm-status adm-status-4">無効</span> : '有効'),
  }),
  column.accessor('lastLoginAt', { header: '最終サインイン', cell: dateTimeCell }),
  column.accessor('createdAt', { header: '登録日時', cell: dateTimeCell }),
] as ColumnDef<StaffRow, unknown>[];

/** スタッフ (admin only): who can sign in. Accounts are made with `npm run ops -- staff:create`. */
export function StaffPage() {
  const query = useQuery({ queryKey: ['admin', 'staff'], queryFn: () => adminGet('/staff', staffListResponse) });
  return (
    <AdminPage
      title="スタッフ"
      aside={
        <span className="adm-muted">
          登録・無効化・パスワード再発行はサーバーで <code>npm run ops -- staff:create MAIL --role operator</code>{' '}
          などを実行します。
        </span>
      }
    >
      <QueryView query={query}>
        {(rows) => <DataTable caption="スタッフ一覧" columns={columns} data={rows} />}
      </QueryView>
    </AdminPage>
  );
}
