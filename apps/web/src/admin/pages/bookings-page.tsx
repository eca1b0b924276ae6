import { BOOKING_SEARCH_KEYS, type BookingRow, type BookingSearchQuery, paymentColumn } from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { tokyoYmd } from '@tabi/contract/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import {
  bookingCell,
  countCell,
  dateCell,
  dateTimeCell,
  mailCell,
  NUM,
  Product,
  WRAP,
  yenCell,
} from '../components/cells.tsx';
import { PagedTable } from '../components/data-table.tsx';
import { FilterSelect, optionChoices, useFilterSubmit } from '../components/filters.tsx';
import { AdminPage } from '../components/page.tsx';
import { adminCall, adminUrl } from '../lib/admin-api.ts';
import { useOptionChoices } from '../lib/catalog-queries.ts';
import { inputToYmd, ymdToInput } from '../lib/format.ts';
import { useChannelChoices } from '../lib/reseller-api.ts';

const ALL = { value: '', label: 'すべて' };
const STATUS_OPTIONS = [
  ALL,
  { value: 'live', label: '有効（キャンセル以外）' },
  { value: '1', label: '予約（カード・販売店）' },
  { value: '6', label: 'リクエスト予約' },
  { value: '0', label: '仮予約（手配済）' },
  { value: '4', label: 'キャンセル' },
];
const PAYMENT_OPTIONS = [ALL, { value: '1', label: '決済済み' }, { value: '0', label: '未決済' }];
const PROVIDER_OPTIONS = [ALL, { value: 'stuck', label: '照合できなかった処理あり' }];
const SORT_OPTIONS = [
  { value: 'rsvdate', label: '受付日時' },
  { value: 'usedate', label: '利用日' },
];
const DIR_OPTIONS = [
  { value: 'desc', label: '新しい順' },
  { value: 'asc', label: '古い順' },
];

const column = createColumnHelper<BookingRow>();
const columns = [
  column.accessor('rsvno', {
    header: '予約番号',
    // A booking with a 社内メモ is marked, so that the clerk opens it before answering the customer.
    cell: (c) => (
      <>
        {bookingCell(c)}
        {c.row.original.hasNote && (
          <span className="adm-note-mark" title="社内メモあり">
            メモ
          </span>
        )}
      </>
    ),
  }),
  column.accessor('statusLabel', {
    header: 'ステータス',
    cell: (c) => <span className={`adm-status adm-status-${c.row.original.status}`}>{c.getValue()}</span>,
  }),
  column.accessor('statusPayment', { header: '決済', cell: (c) => paymentColumn(c.row.original) }),
  column.accessor('rsvdate', { header: '受付日時', cell: dateTimeCell, meta: { className: 'adm-wide-only' } }),
  column.accessor('usedate', { header: '利用日', cell: dateCell }),
  column.accessor('webname', {
    header: '商品',
    meta: WRAP,
    cell: (c) => <Product opcd={c.row.original.opcd} webname={c.getValue()} />,
  }),
  column.accessor('channel', {
    header: '販売チャネル',
    cell: (c) =>
      c.row.original.resellerId === null ? c.getValue() : <span className="adm-channel">{c.getValue()}</span>,
  }),
  column.accessor('name', { header: '申込者' }),
  column.accessor('tel', { header: '電話番号' }),
  column.accessor('mail', { header: 'メールアドレス', meta: { className: 'wrap-mail adm-wide-only' }, cell: mailCell }),
  column.accessor('participants', { header: '人数', cell: countCell('名'), meta: NUM }),
  column.accessor('amountjp', { header: '金額', cell: yenCell, meta: NUM }),
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
  const [params] = useSearchParams();
  const filters = filtersOf(params);
  const submit = useFilterSubmit((key, value) => (/from$|to$/.test(key) ? inputToYmd(value) : value));
  const options = useOptionChoices();
  const channels = useChannelChoices();
  const result = useQuery({
    queryKey: ['admin', 'bookings', filters],
    queryFn: () => adminCall(CONSOLE['GET /bookings'], { query: filters }),
    placeholderData: keepPreviousData,
  });

  const value = (key: keyof BookingSearchQuery) => filters[key] ?? '';
  const today = tokyoYmd(new Date());
  const csvFilters = Object.fromEntries(Object.entries(filters).filter(([k]) => k !== 'page'));
  const opcdChoices = optionChoices(options.data);
  if (value('opcd') && !opcdChoices.some((o) => o.value === value('opcd'))) {
    opcdChoices.push({ value: value('opcd'), label: value('opcd') });
  }

  return (
    <AdminPage
      title="予約一覧"
      aside={
        <a className="adm-button" href={adminUrl(CONSOLE['GET /bookings.csv'], { query: csvFilters })} download>
          CSVダウンロード（この条件の全件）
        </a>
      }
    >
      <form className="adm-filters" onSubmit={submit} key={params.toString()} aria-label="予約の検索条件">
        <div className="adm-filter-grid">
          <label>
            予約番号
            <input name="rsvno" defaultValue={value('rsvno')} autoComplete="off" />
          </label>
          <label>
            氏名（前方一致・かな問わず）
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
          <FilterSelect label="商品" name="opcd" value={value('opcd')} options={[ALL, ...opcdChoices]} />
          <DateRange legend="利用日" from="usefrom" to="useto" value={value} />
          <DateRange legend="受付日" from="rsvfrom" to="rsvto" value={value} />
          <FilterSelect label="ステータス" name="status" value={value('status')} options={STATUS_OPTIONS} />
          <FilterSelect label="決済" name="payment" value={value('payment')} options={PAYMENT_OPTIONS} />
          <FilterSelect label="決済処理" name="provider" value={value('provider')} options={PROVIDER_OPTIONS} />
          <FilterSelect label="販売チャネル" name="channel" value={value('channel')} options={[ALL, ...channels]} />
          <FilterSelect label="並び順" name="sort" value={value('sort') || 'rsvdate'} options={SORT_OPTIONS} />
          <FilterSelect label="順序" name="dir" value={value('dir') || 'desc'} options={DIR_OPTIONS} />
        </div>
        <div className="adm-filter-actions">
          <button type="submit" className="adm-primary">
            検索
          </button>
          <Link to="/admin/bookings">条件をクリア</Link>
          {/* The day's work at the desk and the door: today's travellers, today's new bookings. */}
          <span className="adm-quick">
            <Link to={`/admin/bookings?usefrom=${today}&useto=${today}&sort=usedate&dir=asc`}>今日ご利用の予約</Link>
            <Link to={`/admin/bookings?rsvfrom=${today}&rsvto=${today}`}>今日受け付けた予約</Link>
          </span>
        </div>
      </form>
      <PagedTable
        query={result}
        caption="予約の検索結果"
        columns={columns}
        rowKey={(r) => r.rsvno}
        empty="条件に合う予約はありません。"
      />
    </AdminPage>
  );
}

function DateRange({
  legend,
  from,
  to,
  value,
}: {
  legend: string;
  from: keyof BookingSearchQuery;
  to: keyof BookingSearchQuery;
  value: (key: keyof BookingSearchQuery) => string;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <input name={from} type="date" aria-label={`${legend}（から）`} defaultValue={ymdToInput(value(from))} />
      <span aria-hidden="true">〜</span>
      <input name={to} type="date" aria-label={`${legend}（まで）`} defaultValue={ymdToInput(value(to))} />
    </fieldset>
  );
}
