import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { RentalSheet, RentalSheetQuery, RentalSheetRow } from '@tabi/contract/operations';
import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import { bookingCell, NUM } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { DaySheetActions, DaySheetFilters } from '../components/day-sheet.tsx';
import { FilterSelect, useFilterSubmit } from '../components/filters.tsx';
import { AdminPage } from '../components/page.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { adminCall, adminUrl } from '../lib/admin-api.ts';
import { inputToYmd, slashDate, tokyoDateTime } from '../lib/format.ts';

const column = createColumnHelper<RentalSheetRow>();
/** The applicant and phone stand once per booking (on its first traveller's line). */
const firstOnly = (r: RentalSheetRow, rows: RentalSheetRow[], value: string) =>
  rows.find((x) => x.rsvno === r.rsvno) === r ? value : '';
const orDash = (value: string) => value || '—';

function columnsFor(rows: RentalSheetRow[]): ColumnDef<RentalSheetRow, unknown>[] {
  return [
    column.accessor('rsvno', { header: '予約番号', cell: bookingCell }),
    column.accessor('statusLabel', { header: '状態' }),
    column.accessor('applicant', {
      header: '申込者',
      cell: (c) => firstOnly(c.row.original, rows, c.getValue()),
    }),
    column.accessor('tel', { header: '電話番号', cell: (c) => firstOnly(c.row.original, rows, c.getValue()) }),
    column.accessor('seq', { header: 'No.', meta: NUM }),
    column.accessor('name', { header: '氏名' }),
    column.accessor('ageClass', { header: '区分' }),
    column.accessor('model', { header: '板', cell: (c) => orDash(c.getValue()) }),
    column.accessor('bootsSize', {
      header: 'ブーツ',
      cell: (c) => (c.getValue() ? `${c.getValue()}cm` : '—'),
    }),
    column.accessor('wearSize', { header: 'ウェア', cell: (c) => orDash(c.getValue()) }),
    column.display({
      id: 'tick',
      header: '準備',
      meta: { className: 'adm-print-only adm-tick' },
      cell: () => <span aria-hidden="true">□</span>,
    }),
  ] as ColumnDef<RentalSheetRow, unknown>[];
}

/** A small table of counts: what stands in each line and how many. */
function Counts({ caption, rows, unit }: { caption: string; rows: [string, number][]; unit: string }) {
  return (
    <table className="adm-table adm-rental-counts">
      <caption>{caption}</caption>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2} className="adm-muted">
              なし
            </td>
          </tr>
        ) : (
          rows.map(([label, count]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num">
                {count}
                {unit}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function Sheet({ sheet, date }: { sheet: RentalSheet; date: string }) {
  const id = `rental-${sheet.facilityId ?? 'none'}`;
  return (
    <section className="adm-manifest-group adm-rental-group" aria-labelledby={id}>
      <h2 id={id}>
        {sheet.facilityName}
        <span className="adm-muted">
          {' '}
          {slashDate(date)}・予約{sheet.bookings}件・{sheet.travellers}名
        </span>
      </h2>
      <p className="adm-muted adm-rental-mail">
        {sheet.facilityMail
          ? sheet.mailedAt
            ? `${sheet.facilityMail} へ送信済み（${tokyoDateTime(sheet.mailedAt)}）`
            : `${sheet.facilityMail} へは未送信（利用日の前日の夕方に自動で送信されます）`
          : 'この施設にはメールで送信しません（施設とクーポンで送り先を設定できます）'}
      </p>
      <div className="adm-rental-totals">
        <Counts
          caption="板"
          unit="台"
          rows={[
            ['スキー', sheet.skis],
            ['スノーボード', sheet.snowboards],
          ]}
        />
        <Counts caption="ブーツ（サイズ別）" unit="足" rows={sheet.boots.map((b) => [`${b.size}cm`, b.count])} />
        <Counts
          caption="ウェア（年齢区分・サイズ別）"
          unit="着"
          rows={sheet.wear.map((w) => [`${w.ageClass} ${w.size}`, w.count])}
        />
      </div>
      <DataTable
        className="adm-manifest-table"
        caption={`${sheet.facilityName}の予約・参加者別レンタル`}
        columns={columnsFor(sheet.rows)}
        data={sheet.rows}
        rowKey={(r) => `${r.rsvno}-${r.seq}`}
        emptyAsText
        empty="この日のレンタルはありません。"
      />
    </section>
  );
}

/**
 * レンタル準備表 (issue 27): per rental shop and day (tomorrow by default) what to prepare — skis and snowboards,
 * boots by size, wear by size and age class — and the list by booking and traveller. 印刷 prints it on A4 without
 * the console's frame, one shop a page; the CSV has the list.
 */
export function RentalSheetPage() {
  const [params] = useSearchParams();
  const submit = useFilterSubmit((key, value) => (key === 'date' ? inputToYmd(value) : value));
  const query: RentalSheetQuery = {};
  const date = params.get('date');
  if (date) query.date = date;
  const facility = params.get('facility');
  if (facility && /^\d+$/.test(facility)) query.facility = Number(facility);
  const result = useQuery({
    queryKey: ['admin', 'rental-sheet', query],
    queryFn: () =>
      adminCall(CONSOLE['GET /rental-sheet'], {
        query: {
          date: query.date ?? undefined,
          facility: query.facility === undefined || query.facility === '' ? undefined : String(query.facility),
        },
      }),
  });
  const d = result.data;
  return (
    <AdminPage
      title="レンタル準備表"
      heading={`レンタル準備表${d ? ` ${slashDate(d.date)}` : ''}`}
      className="adm-manifest adm-rental-sheet"
      aside={
        d && (
          <DaySheetActions
            csvHref={adminUrl(CONSOLE['GET /rental-sheet.csv'], {
              query: { date: d.date, facility: d.facility === null ? undefined : String(d.facility) },
            })}
          />
        )
      }
    >
      <DaySheetFilters
        sheet="レンタル準備表"
        formKey={params.toString() + (d?.date ?? '')}
        day={d?.date ?? date ?? ''}
        home="/admin/rental-sheet"
        onSubmit={submit}
      >
        <FilterSelect
          label="施設"
          name="facility"
          value={facility ?? ''}
          options={[
            { value: '', label: 'レンタルのあるすべての施設' },
            ...(d?.facilities ?? []).map((f) => ({ value: String(f.id), label: f.name })),
          ]}
        />
      </DaySheetFilters>
      <QueryError error={result.error} />
      {result.isPending && <Loading />}
      {d && (
        <>
          <p className="adm-manifest-summary">
            {slashDate(d.date)}・{d.sheets.length}施設・参加者{d.sheets.reduce((n, s) => n + s.travellers, 0)}名
            <span className="adm-muted">（キャンセル済みを除く）</span>
            <span className="adm-print-only"> 印刷：{tokyoDateTime(new Date().toISOString())}</span>
          </p>
          {d.sheets.length === 0 ? (
            <p className="adm-empty">この日のレンタルはありません。</p>
          ) : (
            d.sheets.map((s) => <Sheet key={s.facilityId ?? 'none'} sheet={s} date={d.date} />)
          )}
        </>
      )}
    </AdminPage>
  );
}
