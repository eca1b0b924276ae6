import {
  BOOKING_SEARCH_KEYS,
  type BookingRow,
  type BookingSearchQuery,
  bookingPageResponse,
  optionChoicesResponse,
} from '@tabi/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, Pager } from '../components/data-table.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { adminGet, adminUrl } from '../lib/admin-api.ts';
import { inputToYmd, slashDate, tokyoDateTime, yen, ymdToInput } from '../lib/format.ts';
import { useAdminPage } from '../lib/use-page.ts';

const STATUS_OPTIONS = [
  { value: '', label: 'すべて' },
  { value: 'live', label: '有効（キャンセル以外）' },
  { value: '1', label: '予約（カード）' },
  { value: '6', label: 'リクエスト予約' },
  { value: '0', label: '仮予約（手配済）' },
  { value: '4', label: 'キャンセル' },
];
const PAYMENT_OPTIONS = [
  { value: '', label: 'すべて' },
  { value: '1', label: '決済済み' },
  { value: '0', label: '未決済' },
];

const column = createColumnHelper<BookingRow>();
const columns = [
  column.accessor('rsvno', {
    header: '予約番号',
    cell: (c) => <Link to={`/admin/bookings/${c.getValue()}`}>{c.getValue()}</Link>,
  }),
  column.accessor('statusLabel', {
    header: 'ステータス',
    cell: (c) => <span className={`adm-status adm-status-${c.row.original.status}`}>{c.getValue()}</span>,
  }),
  column.accessor('statusPayment', { header: '決済', cell: (c) => (c.getValue() === 1 ? '済' : '未') }),
  column.accessor('rsvdate', { header: '受付日時', cell: (c) => tokyoDateTime(c.getValue()) }),
  column.accessor('usedate', { header: '利用日', cell: (c) => slashDate(c.getValue()) }),
  column.accessor('webname', {
    header: '商品',
    meta: { className: 'wrap' },
    cell: (c) => (
      <>
        <span className="adm-code">{c.row.original.opcd}</span> {c.getValue()}
      </>
    ),
  }),
  column.accessor('name', { header: '申込者' }),
  column.accessor('tel', { header: '電話番号' }),
  column.accessor('mail', { header: 'メールアドレス', meta: { className: 'wrap-any' } }),
  column.accessor('participants', { header: '人数', cell: (c) => `${c.getValue()}名`, meta: { className: 'num' } }),
  column.accessor('amountjp', { header: '金額', cell: (c) => yen(c.getValue()), meta: { className: 'num' } }),
] as ColumnDef<BookingRow, unknown>[];

function filtersOf(params: URLSearchParams): BookingSearchQuery {
  const query: Record<string, string> = {};
  for (const key of BOOKING_SEARCH_KEYS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query as BookingSearchQuery;
}

/** 予約一覧: the filters live in the URL; the server filters, sorts and pages; the CSV has the same filters. */
export function BookingsPage() {
  const heading = useAdminPage('予約一覧');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const options = useQuery({
    queryKey: ['admin', 'options'],
    queryFn: () => adminGet('/options', optionChoicesResponse),
    staleTime: 10 * 60_000,
  });
  const result = useQuery({
    queryKey: ['admin', 'bookings', filters],
    queryFn: () => adminGet('/bookings', bookingPageResponse, filters),
    placeholderData: keepPreviousData,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const [key, raw] of data.entries()) {
      const value = String(raw).trim();
      if (!value) continue;
      next.set(key, /from$|to$/.test(key) ? inputToYmd(value) : value);
    }
    setParams(next);
  }

  const value = (key: keyof BookingSearchQuery) => filters[key] ?? '';
  const csvFilters = Object.fromEntries(Object.entries(filters).filter(([k]) => k !== 'page'));

  return (
    <section className="adm-page">
      <div className="adm-page-head">
        <h1 ref={heading} tabIndex={-1}>
          予約一覧
        </h1>
        <a className="adm-button" href={adminUrl('/bookings.csv', csvFilters)} download>
          CSVダウンロード（この条件の全件）
        </a>
      </div>
      <form className="adm-filters" onSubmit={submit} key={params.toString()} aria-label="予約の検索条件">
        <div className="adm-filter-grid">
          <label>
            予約番号
            <input name="rsvno" defaultValue={value('rsvno')} autoComplete="off" />
          </label>
          <label>
            氏名（漢字・かな・ローマ字、部分一致）
            <input name="name" defaultValue={value('name')} autoComplete="off" />
          </label>
          <label>
            電話番号（ハイフン有無どちらでも）
            <input name="tel" type="tel" defaultValue={value('tel')} autoComplete="off" />
          </label>
          <label>
            メールアドレス
            <input name="mail" defaultValue={value('mail')} autoComplete="off" />
          </label>
          <label>
            商品
            <select name="opcd" defaultValue={value('opcd')}>
              <option value="">すべて</option>
              {options.data?.map((o) => (
                <option key={o.opcd} value={o.opcd}>
                  {o.opcd} {o.webname}
                </option>
              ))}
              {value('opcd') && !options.data?.some((o) => o.opcd === value('opcd')) && (
                <option value={value('opcd')}>{value('opcd')}</option>
              )}
            </select>
          </label>
          <fieldset>
            <legend>利用日</legend>
            <input name="usefrom" type="date" aria-label="利用日（から）" defaultValue={ymdToInput(value('usefrom'))} />
            <span aria-hidden="true">〜</span>
            <input name="useto" type="date" aria-label="利用日（まで）" defaultValue={ymdToInput(value('useto'))} />
          </fieldset>
          <fieldset>
            <legend>受付日</legend>
            <input name="rsvfrom" type="date" aria-label="受付日（から）" defaultValue={ymdToInput(value('rsvfrom'))} />
            <span aria-hidden="true">〜</span>
            <input name="rsvto" type="date" aria-label="受付日（まで）" defaultValue={ymdToInput(value('rsvto'))} />
          </fieldset>
          <label>
            ステータス
            <select name="status" defaultValue={value('status')}>
              {STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            決済
            <select name="payment" defaultValue={value('payment')}>
              {PAYMENT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            決済処理
            <select name="provider" defaultValue={value('provider')}>
              <option value="">すべて</option>
              <option value="stuck">照合できなかった処理あり</option>
            </select>
          </label>
          <label>
            並び順
            <select name="sort" defaultValue={value('sort') || 'rsvdate'}>
              <option value="rsvdate">受付日時</option>
              <option value="usedate">利用日</option>
            </select>
          </label>
          <label>
            順序
            <select name="dir" defaultValue={value('dir') || 'desc'}>
              <option value="desc">新しい順</option>
              <option value="asc">古い順</option>
            </select>
          </label>
        </div>
        <div className="adm-filter-actions">
          <button type="submit" className="adm-primary">
            検索
          </button>
          <Link to="/admin/bookings">条件をクリア</Link>
        </div>
      </form>
      <QueryError error={result.error} />
      {result.isPending ? (
        <Loading />
      ) : (
        result.data && (
          <div aria-busy={result.isFetching}>
            <Pager
              {...result.data}
              onPage={(page) => {
                const next = new URLSearchParams(params);
                next.set('page', String(page));
                setParams(next);
              }}
            />
            <DataTable
              caption="予約の検索結果"
              columns={columns}
              data={result.data.rows}
              rowKey={(r) => r.rsvno}
              empty="条件に合う予約はありません。"
            />
          </div>
        )
      )}
    </section>
  );
}
