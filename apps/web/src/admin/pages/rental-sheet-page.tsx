import { CONSOLE } from '@tabi/contract/console-endpoints';
import type {
  RentalSheet,
  RentalSheetDeparture,
  RentalSheetQuery,
  RentalSheetRow,
  RentalSheetView,
  RentalStockLine,
} from '@tabi/contract/operations';
import { RENTAL_ITEM_LABEL, RENTAL_ITEM_UNIT, RENTAL_ITEMS, rentalSizeLabel } from '@tabi/contract/rental-stock';
import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import { bookingCell, NUM } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { DaySheetActions, DaySheetFilters, DepartureFilter } from '../components/day-sheet.tsx';
import { FilterSelect, useFilterSubmit } from '../components/filters.tsx';
import { AdminPage } from '../components/page.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { Status } from '../components/status.tsx';
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

/** Skis and snowboards, boots by size, wear by age class and size: what to have ready. */
function Totals({ counts }: { counts: Pick<RentalSheet, 'skis' | 'snowboards' | 'boots' | 'wear'> }) {
  return (
    <div className="adm-rental-totals">
      <Counts
        caption="板"
        unit="台"
        rows={[
          ['スキー', counts.skis],
          ['スノーボード', counts.snowboards],
        ]}
      />
      <Counts caption="ブーツ（サイズ別）" unit="足" rows={counts.boots.map((b) => [`${b.size}cm`, b.count])} />
      <Counts
        caption="ウェア（年齢区分・サイズ別）"
        unit="着"
        rows={counts.wear.map((w) => [`${w.ageClass} ${w.size}`, w.count])}
      />
    </div>
  );
}

/** How many of a size are left, with a size that has none marked in words (not by colour alone). */
function LeftCell({ line }: { line: RentalStockLine }) {
  const unit = RENTAL_ITEM_UNIT[line.item];
  if (line.left > 0) return `${line.left}${unit}`;
  return (
    <>
      0{unit} <Status tone="alarm">{line.left < 0 ? `${-line.left}${unit}超過` : '残りなし'}</Status>
    </>
  );
}

/**
 * サイズ別在庫 (ADR 0209): per item the shop counts, each size's reservations, pairs that day and what is left. A shop's
 * pairs are counted by the day, so the table is the whole day's whichever departure the sheet shows.
 */
function StockTables({ sheet, date }: { sheet: RentalSheetView; date: string }) {
  if (sheet.stock.length === 0) return null;
  return (
    <>
      <h3>サイズ別の在庫と残り（{slashDate(date)}の1日分）</h3>
      <div className="adm-rental-totals">
        {RENTAL_ITEMS.map((item) => {
          const lines = sheet.stock.filter((l) => l.item === item);
          if (lines.length === 0) return null;
          const unit = RENTAL_ITEM_UNIT[item];
          return (
            <table key={item} className="adm-table adm-rental-counts">
              <caption>{RENTAL_ITEM_LABEL[item]}</caption>
              <thead>
                <tr>
                  <th scope="col">{item === 'model' ? '種類' : 'サイズ'}</th>
                  <th scope="col" className="num">
                    予約
                  </th>
                  <th scope="col" className="num">
                    在庫
                  </th>
                  <th scope="col" className="num">
                    残り
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.size}>
                    <th scope="row">{rentalSizeLabel(item, line.size)}</th>
                    <td className="num">
                      {line.reserved}
                      {unit}
                    </td>
                    <td className="num">
                      {line.quantity}
                      {unit}
                    </td>
                    <td className="num">
                      <LeftCell line={line} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </div>
      <p className="adm-muted">
        在庫は施設とクーポンの「サイズ別在庫」で登録した、この日の数です。予約は在庫を確保している予約の数で、取消手続き中の予約を含むことがあります。
      </p>
    </>
  );
}

/** A departure as the sheet heads it (ADR 0196): 「09:30〜12:00」. */
const timeOf = (d: { startTime: string; endTime: string }) => `${d.startTime}〜${d.endTime}`;

/** One departure of a shop's day: its time, its own counts and its travellers. */
function DepartureSheet({ sheet, departure }: { sheet: RentalSheet; departure: RentalSheetDeparture }) {
  const id = `rental-${sheet.facilityId ?? 'none'}-${departure.startTime.replace(':', '')}`;
  const rows = sheet.rows.filter((r) => r.startTime === departure.startTime);
  return (
    <section className="adm-manifest-departure" aria-labelledby={id}>
      <h3 id={id}>
        {timeOf(departure)}
        <span className="adm-muted">
          {' '}
          予約{departure.bookings}件・{departure.travellers}名
        </span>
      </h3>
      <Totals counts={departure} />
      <DataTable
        className="adm-manifest-table"
        caption={`${sheet.facilityName} ${timeOf(departure)}の予約・参加者別レンタル`}
        columns={columnsFor(rows)}
        data={rows}
        rowKey={(r) => `${r.rsvno}-${r.seq}`}
      />
    </section>
  );
}

function Sheet({ sheet, date }: { sheet: RentalSheetView; date: string }) {
  const id = `rental-${sheet.facilityId ?? 'none'}`;
  // Rentals that go out at set times (ADR 0196) are prepared per departure; whole days, as one list after them.
  const allDay = sheet.rows.filter((r) => r.startTime === '');
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
      {sheet.departures.length > 0 && <h3>この日の合計</h3>}
      <Totals counts={sheet} />
      <StockTables sheet={sheet} date={date} />
      {sheet.departures.map((d) => (
        <DepartureSheet key={d.startTime} sheet={sheet} departure={d} />
      ))}
      {(sheet.departures.length === 0 || allDay.length > 0) && (
        <DataTable
          className="adm-manifest-table"
          caption={`${sheet.facilityName}の予約・参加者別レンタル${sheet.departures.length > 0 ? '（終日）' : ''}`}
          columns={columnsFor(allDay)}
          data={allDay}
          rowKey={(r) => `${r.rsvno}-${r.seq}`}
          emptyAsText
          empty="この日のレンタルはありません。"
        />
      )}
    </section>
  );
}

/**
 * レンタル準備表: per rental shop and day (tomorrow by default) what to prepare — skis and snowboards,
 * boots by size, wear by size and age class — and the list by booking and traveller. 印刷 prints it on A4 without
 * the console's frame, one shop a page; the CSV has the list.
 */
export function RentalSheetPage() {
  const [params] = useSearchParams();
  const submit = useFilterSubmit((key, value) => (key === 'date' ? inputToYmd(value) : value));
  const query: RentalSheetQuery = {};
  const start = params.get('start');
  if (start && /^\d{2}:\d{2}$/.test(start)) query.start = start;
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
          start: query.start || undefined,
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
              query: {
                date: d.date,
                facility: d.facility === null ? undefined : String(d.facility),
                start: d.start ?? undefined,
              },
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
        {/* Rental options sold at start times: one departure alone, or the whole day (ADR 0196). */}
        {d && (d.startTimes.length > 0 || d.start) && (
          <DepartureFilter
            value={start ?? ''}
            departures={d.startTimes.map((t) => ({ startTime: t, label: `${t}発` }))}
          />
        )}
      </DaySheetFilters>
      <QueryError error={result.error} />
      {result.isPending && <Loading />}
      {d && (
        <>
          <p className="adm-manifest-summary">
            {slashDate(d.date)}
            {d.start && `・${d.start}発の便`}・{d.sheets.length}施設・参加者
            {d.sheets.reduce((n, s) => n + s.travellers, 0)}名
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
