/** 在庫・料金カレンダー's page: loads the month asked for, and draws its bulk edit, month navigation and table. */
import { monthQuery } from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { AdminPage } from '../components/page.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { BulkEdit } from './option-stock/bulk-edit.tsx';
import { DepartureList } from './option-stock/departure-list.tsx';
import { MonthGrid } from './option-stock/month-grid.tsx';
import { shiftMonth } from './option-stock/shift-month.ts';
import { formatDay } from './option-stock/stock-text.ts';

const thisMonth = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);

/** /admin/options/:opcd/stock: 在庫・料金カレンダー (admin only): the month's departures and the bulk edit. */
export function OptionStockPage() {
  const opcd = useParams().opcd ?? '';
  const [params, setParams] = useSearchParams();
  const asked = monthQuery.safeParse({ month: params.get('month') });
  const month = asked.success ? asked.data.month : thisMonth();
  const key = ['admin', 'catalog', opcd, 'stock', month] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => adminCall(CONSOLE['GET /options/{opcd}/stock'], { params: { opcd }, query: { month } }),
  });
  const go = (m: string) => setParams({ month: m });
  const data = query.data;
  const [y, m] = month.split('-');
  return (
    <AdminPage
      title="在庫・料金カレンダー"
      heading={`在庫・料金カレンダー ${opcd}`}
      back={{ to: `/admin/options/${encodeURIComponent(opcd)}`, label: '商品編集へ戻る' }}
    >
      {data && (
        <p className="adm-muted">
          {data.webname}（販売期間 {formatDay(data.useFrom)}〜{formatDay(data.useTo)}
          {data.timed ? '・開始時刻ごとに販売' : '・終日で販売'}）
        </p>
      )}
      <QueryError error={query.error} />
      {/* Drawn anew for each month once it is known (the range starts inside its sales period): never drawn before
          and again after the month arrives, which emptied what the clerk had typed meanwhile. */}
      {data && <BulkEdit key={`${month}|${data.useFrom}|${data.useTo}`} opcd={opcd} month={month} data={data} />}
      <div className="adm-toolbar adm-month-nav">
        <button type="button" className="adm-button" onClick={() => go(shiftMonth(month, -1))}>
          前の月
        </button>
        <h2 aria-live="polite">
          {y}年{Number(m)}月
        </h2>
        <button type="button" className="adm-button" onClick={() => go(shiftMonth(month, 1))}>
          次の月
        </button>
      </div>
      {query.isPending ? (
        <Loading />
      ) : (
        data &&
        (data.timed ? (
          <DepartureList opcd={opcd} days={data.days} ageClasses={data.ageClasses} />
        ) : (
          <MonthGrid days={data.days} ageClasses={data.ageClasses} />
        ))
      )}
    </AdminPage>
  );
}
