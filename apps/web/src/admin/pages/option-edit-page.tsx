/** 商品編集's page: loads the masters and the option (unless it is new), then draws its form. */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { AdminPage } from '../components/page.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { OptionForm, recordKey } from './option-edit/option-form.tsx';

/** /admin/options/new and /admin/options/:opcd: 商品編集 (admin only). */
export function OptionEditPage() {
  const opcd = useParams().opcd ?? '';
  const isNew = opcd === 'new';
  const masters = useQuery({
    queryKey: ['admin', 'catalog-masters'],
    queryFn: () => adminCall(CONSOLE['GET /options/masters']),
  });
  const record = useQuery({
    queryKey: recordKey(opcd),
    queryFn: () => adminCall(CONSOLE['GET /options/{opcd}'], { params: { opcd } }),
    enabled: !isNew,
  });
  const error = masters.error ?? record.error;
  const ready = masters.data && (isNew || record.data);
  return (
    <AdminPage
      title={isNew ? '商品の新規作成' : '商品編集'}
      heading={isNew ? '商品の新規作成' : `商品編集 ${opcd}`}
      back={{ to: '/admin/options', label: '商品一覧へ戻る' }}
    >
      <QueryError error={error} />
      {!error && !ready && <Loading />}
      {ready && masters.data && (
        <OptionForm
          key={record.data?.opcd ?? 'new'}
          masters={masters.data}
          record={isNew ? null : (record.data ?? null)}
        />
      )}
    </AdminPage>
  );
}
