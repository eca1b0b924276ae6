import type { ManifestDeparture, ManifestOption, ManifestQuery, ManifestRow } from '@tabi/contract/admin-bookings';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { bookingCell, NUM } from '../components/cells.tsx';
import { DataTable, Pager, usePageInUrl } from '../components/data-table.tsx';
import { DaySheetActions, DaySheetFilters, DepartureFilter } from '../components/day-sheet.tsx';
import { FilterSelect, optionChoices } from '../components/filters.tsx';
import { AdminPage } from '../components/page.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { adminUrl } from '../lib/admin-api.ts';
import { useManifest } from '../lib/booking-api.ts';
import { useOptionChoices } from '../lib/catalog-queries.ts';
import { inputToYmd, slashDate, tokyoDateTime } from '../lib/format.ts';

const column = createColumnHelper<ManifestRow>();
/** A line of the booking's first participant only (the applicant and phone stand once per booking). */
const firstOnly = (r: ManifestRow, value: string) => (r.seq === 1 ? value : '');
const orDash = (value: string | null | undefined) => value || '—';

function columnsFor(option: ManifestOption): ColumnDef<ManifestRow, unknown>[] {
  const rental = option.rentalcd !== '';
  return [
    column.accessor('rsvno', { header: '予約番号', cell: bookingCell }),
    column.accessor('statusLabel', { header: '状態' }),
    // Checked in at the door (ADR 0215), from every scanner.
    column.accessor('arrivedAt', {
      header: '到着',
      cell: (c) => {
        const at = c.getValue();
        return at ? tokyoDateTime(at).slice(-5) : '—';
      },
    }),
    column.accessor('seq', { header: 'No.', meta: NUM }),
    column.accessor('sei', { header: '氏名', cell: (c) => `${c.getValue()} ${c.row.original.mei}` }),
    column.accessor('ageClass', { header: '区分' }),
    column.accessor('age', {
      header: '年齢',
      cell: (c) => (c.getValue() === null ? '—' : `${c.getValue()}歳`),
      meta: NUM,
    }),
    column.accessor('sex', { header: '性別' }),
    column.accessor('nationality', { header: '国籍', cell: (c) => orDash(c.getValue()) }),
    ...(option.passport
      ? [column.accessor('passportNumber', { header: 'パスポート番号', cell: (c) => orDash(c.getValue()) })]
      : []),
    ...(option.vegetarian
      ? [column.accessor('vegetarian', { header: 'ベジタリアン', cell: (c) => (c.getValue() ? '希望' : '—') })]
      : []),
    ...(rental
      ? [
          column.accessor('rentalModel', { header: 'レンタル', cell: (c) => orDash(c.getValue()) }),
          column.accessor('bootsSize', { header: 'ブーツ', cell: (c) => orDash(c.getValue()) }),
          column.accessor('wearSize', { header: 'ウェア', cell: (c) => orDash(c.getValue()) }),
        ]
      : []),
    column.accessor('applicant', { header: '申込者', cell: (c) => firstOnly(c.row.original, c.getValue()) }),
    column.accessor('tel', { header: '電話番号', cell: (c) => firstOnly(c.row.original, c.getValue()) }),
    column.accessor('channel', { header: '販売チャネル', cell: (c) => firstOnly(c.row.original, c.getValue()) }),
    column.display({
      id: 'tick',
      header: '確認',
      meta: { className: 'adm-print-only adm-tick' },
      cell: () => <span aria-hidden="true">□</span>,
    }),
  ] as ColumnDef<ManifestRow, unknown>[];
}

/** A departure as the sheet heads it: 「13:00〜14:00」 (「19:00〜」 when its end is not said). */
export const departureLabel = (d: { startTime: string; endTime: string }) => `${d.startTime}〜${d.endTime}`;

function ParticipantTable({ option, rows, caption }: { option: ManifestOption; rows: ManifestRow[]; caption: string }) {
  return (
    <DataTable
      className="adm-manifest-table"
      caption={caption}
      columns={columnsFor(option)}
      data={rows}
      rowKey={(r) => `${r.rsvno}-${r.seq}`}
      rowClassName={(r) => (r.seq === 1 ? 'adm-first-of-booking' : undefined)}
    />
  );
}

/** One departure of an option sold at start times: its time as a heading, its own counts, its travellers. */
function DepartureTable({
  option,
  departure,
  rows,
}: {
  option: ManifestOption;
  departure: ManifestDeparture;
  rows: ManifestRow[];
}) {
  const id = `manifest-${option.opcd}-${departure.startTime.replace(':', '')}`;
  return (
    <section className="adm-manifest-departure" aria-labelledby={id}>
      <h3 id={id}>
        <span className="adm-departure-time">{departureLabel(departure)}</span>
        <span className="adm-muted">
          {' '}
          {departure.bookings}件・{departure.participants}名・到着{departure.arrived}名
        </span>
      </h3>
      <ParticipantTable
        option={option}
        rows={rows}
        caption={`${option.webname} ${departureLabel(departure)}の参加者`}
      />
    </section>
  );
}

function OptionTable({ option, rows }: { option: ManifestOption; rows: ManifestRow[] }) {
  // The option's counts are of the whole day; its lines may go on over the next page.
  const id = `manifest-${option.opcd}`;
  return (
    <section className="adm-manifest-group" aria-labelledby={id}>
      <h2 id={id}>
        <span className="adm-code">{option.opcd}</span> {option.webname}
        <span className="adm-muted">
          {' '}
          {option.bookings}件・{option.participants}名・到着{option.arrived}名
        </span>
      </h2>
      {option.departures.length === 0 ? (
        <ParticipantTable option={option} rows={rows} caption={`${option.webname}の参加者`} />
      ) : (
        // Sold at start times (ADR 0196): each departure of this page under its time, with its counts of the day.
        option.departures
          .map((d) => ({ departure: d, lines: rows.filter((r) => r.startTime === d.startTime) }))
          .filter(({ lines }) => lines.length > 0)
          .map(({ departure, lines }) => (
            <DepartureTable key={departure.startTime} option={option} departure={departure} rows={lines} />
          ))
      )}
    </section>
  );
}

/**
 * 参加者名簿: who travels on one day (one option or all; tomorrow by default), for the guide's clipboard. The
 * filters and the page live in the URL; a busy day goes over pages of MANIFEST_PAGE_SIZE lines; 印刷 prints
 * the page shown on A4 without the console's chrome; the CSV has every line of the day.
 */
export function ManifestPage() {
  const [params, setParams] = useSearchParams();
  const toPage = usePageInUrl();
  const query: ManifestQuery = {};
  const date = params.get('date');
  if (date) query.date = date;
  const opcd = params.get('opcd');
  if (opcd) query.opcd = opcd;
  const start = params.get('start');
  if (start) query.start = start;
  const page = params.get('page');
  if (page) query.page = page;
  const result = useManifest(query);
  const options = useOptionChoices();
  const m = result.data;
  const departure = m?.start ? m.departureChoices.find((d) => d.startTime === m.start) : undefined;

  /** The form's fields into the URL; a departure is the option's, so another option forgets it. */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const chosen = String(form.get('opcd') ?? '').trim();
    const day = inputToYmd(String(form.get('date') ?? '').trim());
    if (day) next.set('date', day);
    if (chosen) next.set('opcd', chosen);
    const time = String(form.get('start') ?? '').trim();
    if (time && chosen === (opcd ?? '')) next.set('start', time);
    setParams(next);
  }

  return (
    <AdminPage
      title="参加者名簿"
      heading={`参加者名簿${m ? ` ${slashDate(m.date)}` : ''}`}
      className="adm-manifest"
      aside={
        m && (
          <DaySheetActions
            csvHref={adminUrl(CONSOLE['GET /manifest.csv'], {
              query: { date: m.date, opcd: m.opcd ?? undefined, start: m.start ?? undefined },
            })}
          />
        )
      }
    >
      <DaySheetFilters
        sheet="参加者名簿"
        formKey={params.toString() + (m?.date ?? '')}
        day={m?.date ?? date ?? ''}
        home="/admin/manifest"
        onSubmit={submit}
      >
        <FilterSelect
          label="商品"
          name="opcd"
          value={opcd ?? ''}
          options={[{ value: '', label: 'この日のすべての商品' }, ...optionChoices(options.data)]}
        />
        {/* An option sold at start times: one departure alone, or all of the day's (ADR 0196). */}
        {m && m.departureChoices.length > 0 && (
          <DepartureFilter
            value={start ?? ''}
            departures={m.departureChoices.map((d) => ({ startTime: d.startTime, label: departureLabel(d) }))}
          />
        )}
      </DaySheetFilters>
      <QueryError error={result.error} />
      {result.isPending && <Loading />}
      {m && (
        <>
          <p className="adm-manifest-summary">
            {/* A person on several of the day's options is one participant (as the dashboard counts them). */}
            {slashDate(m.date)}
            {m.start && `・${departure ? departureLabel(departure) : m.start}の便`}・{m.options.length}商品・予約
            {m.bookings}件・参加者{m.participants}名・到着{m.arrived}名
            <span className="adm-muted">（キャンセル済みを除く）</span>
            <span className="adm-print-only"> 印刷：{tokyoDateTime(new Date().toISOString())}</span>
          </p>
          {m.options.length === 0 ? (
            <p className="adm-empty">この日の参加者はいません。</p>
          ) : (
            <>
              {/* Also past the last page (an old link after cancellations): the pager says so and leads back. */}
              {(m.pageCount > 1 || m.page > m.pageCount) && (
                <div className="adm-no-print">
                  <Pager {...m} onPage={toPage} />
                </div>
              )}
              {m.pageCount > 1 && (
                <p className="adm-print-only">
                  {m.page} / {m.pageCount} ページ
                </p>
              )}
              {m.options
                .map((o) => ({ option: o, rows: m.rows.filter((r) => r.opcd === o.opcd) }))
                .filter(({ rows }) => rows.length > 0)
                .map(({ option, rows }) => (
                  <OptionTable key={option.opcd} option={option} rows={rows} />
                ))}
            </>
          )}
        </>
      )}
    </AdminPage>
  );
}
