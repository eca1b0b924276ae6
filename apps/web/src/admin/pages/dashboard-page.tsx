import type {
  ActivityLine,
  BookingLine,
  Dashboard as DashboardData,
  MailLine,
  ProviderProblemLine,
} from '@tabi/contract/admin';
import {
  PROVIDER_CALL_KIND_LABEL,
  PROVIDER_CALL_STATE_LABEL,
  REFUND_REASON_LABEL,
} from '@tabi/contract/admin-bookings';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { MinimumDay } from '@tabi/contract/day-stop';
import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionDialog } from '../components/action-dialog.tsx';
import {
  bookingCell,
  countCell,
  dateCell,
  dateTimeCell,
  errorCell,
  NUM,
  Product,
  WRAP,
  yenCell,
} from '../components/cells.tsx';
import { DataTable, type DataTableProps } from '../components/data-table.tsx';
import { AdminPage, Card } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { useConsoleAction } from '../lib/booking-api.ts';
import { duration, slashDate, tokyoDateTime, yen } from '../lib/format.ts';
import { useBackgroundRefresh } from '../lib/polling.ts';

const column = createColumnHelper<BookingLine>();
/** The columns the dashboard's booking lists share (a day's activity line is a booking line too): number to amount. */
const bookingLineColumns = [
  column.accessor('rsvno', { header: '予約番号', cell: bookingCell }),
  column.accessor('name', { header: '申込者' }),
  column.accessor('webname', {
    header: '商品',
    meta: WRAP,
    cell: (c) => <Product opcd={c.row.original.opcd} webname={c.getValue()} />,
  }),
  column.accessor('usedate', { header: '利用日', cell: dateCell }),
  column.accessor('amountjp', { header: '金額', cell: yenCell, meta: NUM }),
] as ColumnDef<BookingLine, unknown>[];

const bookingColumns = (timeLabel: string, time: (line: BookingLine) => string) =>
  [
    ...bookingLineColumns,
    column.display({ id: 'time', header: timeLabel, cell: (c) => time(c.row.original) }),
  ] as ColumnDef<BookingLine, unknown>[];

const activity = createColumnHelper<ActivityLine>();
/** Today's receptions and cancellations: when, which booking, where it came from, and what it is now. */
const activityColumns = (timeLabel: string, withReason: boolean) =>
  [
    activity.accessor('at', { header: timeLabel, cell: dateTimeCell }),
    ...(bookingLineColumns as ColumnDef<ActivityLine, unknown>[]),
    activity.accessor('channel', { header: '販売チャネル' }),
    withReason
      ? activity.accessor('cancelReason', { header: 'キャンセルした人', cell: (c) => c.getValue() ?? '—' })
      : activity.accessor('statusLabel', { header: '状態' }),
  ] as ColumnDef<ActivityLine, unknown>[];

/** A departure's time as the console shows it (ADR 0196): 「10:00〜11:00」; '' for a whole day. */
const timeOf = (d: { startTime: string; endTime: string }) => (d.startTime ? `${d.startTime}〜${d.endTime}` : '');
/** The day, and the departure's time after it when there is one: 「2026/12/01 13:00〜14:00」. */
const dayAndTime = (d: { usedate: string; startTime: string; endTime: string }) =>
  `${slashDate(d.usedate)}${d.startTime ? ` ${timeOf(d)}` : ''}`;

const minimumColumn = createColumnHelper<MinimumDay>();
/** Days (or departures) under their 最少催行人員: decide to go ahead here, or open 催行中止 for that day. */
const minimumColumns = [
  minimumColumn.accessor('usedate', { header: '利用日', cell: (c) => dayAndTime(c.row.original) }),
  minimumColumn.accessor('webname', {
    header: '商品',
    meta: WRAP,
    cell: (c) => <Product opcd={c.row.original.opcd} webname={c.getValue()} />,
  }),
  minimumColumn.accessor('travellers', {
    header: '人数／最少催行',
    cell: (c) => `${c.getValue()}名／${c.row.original.minTravellers}名`,
    meta: NUM,
  }),
  minimumColumn.accessor('decideAt', {
    header: '決定の期限',
    cell: (c) => (
      <>
        {tokyoDateTime(c.getValue())}
        {c.row.original.overdue && <strong className="adm-error-text">（期限超過）</strong>}
      </>
    ),
  }),
  minimumColumn.display({ id: 'decide', header: '操作', cell: (c) => <DecideDay day={c.row.original} /> }),
] as ColumnDef<MinimumDay, unknown>[];

function DecideDay({ day }: { day: MinimumDay }) {
  const [open, setOpen] = useState(false);
  const action = useConsoleAction(
    () =>
      adminCall(CONSOLE['POST /day-decisions'], {
        body: { opcd: day.opcd, usedate: day.usedate, ...(day.startTime ? { startTime: day.startTime } : {}) },
      }),
    () => setOpen(false),
  );
  return (
    <div className="adm-row-actions">
      <button type="button" className="adm-button" onClick={() => setOpen(true)}>
        催行決定
      </button>
      <Link
        className="adm-button"
        to={`/admin/day-stops?opcd=${day.opcd}&date=${day.usedate}&reason=minimum${day.startTime ? `&start=${day.startTime}` : ''}`}
        aria-label={`${dayAndTime(day)} ${day.webname}を催行中止にする`}
      >
        催行中止…
      </Link>
      <ActionDialog
        open={open}
        title="催行を決定する"
        submitLabel="催行決定"
        action={action}
        onClose={() => setOpen(false)}
        onSubmit={() => action.mutate(undefined)}
      >
        <p>
          {dayAndTime(day)}の{day.webname}を、{day.travellers}名（最少催行人員{day.minTravellers}
          名）で催行します。お客様へのメールは送りません（予約はそのまま有効です）。
        </p>
      </ActionDialog>
    </div>
  );
}

const mailColumn = createColumnHelper<MailLine>();
const mailColumns = [
  mailColumn.accessor('createdAt', { header: '作成日時', cell: dateTimeCell }),
  mailColumn.accessor('rsvno', { header: '予約番号', cell: bookingCell }),
  mailColumn.accessor('to', { header: '宛先' }),
  mailColumn.accessor('subject', { header: '件名', meta: WRAP }),
  mailColumn.accessor('attempts', { header: '試行', meta: NUM }),
  mailColumn.accessor('lastError', { header: 'エラー', meta: WRAP, cell: errorCell }),
] as ColumnDef<MailLine, unknown>[];

const callColumn = createColumnHelper<ProviderProblemLine>();
const callColumns = [
  callColumn.accessor('createdAt', { header: '日時', cell: dateTimeCell }),
  callColumn.accessor('rsvno', { header: '予約番号', cell: bookingCell }),
  callColumn.accessor('kind', {
    header: '処理',
    cell: (c) => {
      const reason = c.row.original.reason;
      return `${PROVIDER_CALL_KIND_LABEL[c.getValue()] ?? c.getValue()}${reason ? `（${REFUND_REASON_LABEL[reason] ?? reason}）` : ''}`;
    },
  }),
  callColumn.accessor('amount', { header: '金額', cell: yenCell, meta: NUM }),
  callColumn.accessor('state', {
    header: '状態',
    cell: (c) => PROVIDER_CALL_STATE_LABEL[c.getValue()] ?? c.getValue(),
  }),
  callColumn.accessor('attempts', { header: '試行', meta: NUM }),
  callColumn.accessor('lastError', { header: 'エラー', meta: WRAP, cell: errorCell }),
] as ColumnDef<ProviderProblemLine, unknown>[];

type Departure = DashboardData['departures'][number];
const departureColumn = createColumnHelper<Departure>();
const departureColumns = [
  departureColumn.accessor('webname', {
    header: '商品',
    meta: WRAP,
    cell: (c) => {
      const { opcd, usedate } = c.row.original;
      return (
        <Link to={`/admin/bookings?opcd=${opcd}&usefrom=${usedate}&useto=${usedate}&status=live&sort=usedate`}>
          <span className="adm-code">{opcd}</span> {c.getValue()}
        </Link>
      );
    },
  }),
  // An option sold at start times is a line per departure (ADR 0196), its time linking to that departure's 名簿.
  departureColumn.accessor('startTime', {
    header: '時間',
    cell: (c) => {
      const d = c.row.original;
      return d.startTime ? (
        <Link
          to={`/admin/manifest?date=${d.usedate}&opcd=${d.opcd}&start=${encodeURIComponent(d.startTime)}`}
          aria-label={`${timeOf(d)}の参加者名簿`}
        >
          {timeOf(d)}
        </Link>
      ) : (
        <span className="adm-muted">終日</span>
      );
    },
  }),
  departureColumn.accessor('bookings', {
    header: '予約',
    cell: countCell('件'),
    meta: NUM,
  }),
  // Booked and the departure's capacity side by side (narrow, so that a phone shows every column).
  departureColumn.accessor('participants', {
    header: '人数／定員',
    cell: (c) => {
      const capacity = c.row.original.capacity;
      return capacity === null ? `${c.getValue()}名` : `${c.getValue()}／${capacity}名`;
    },
    meta: NUM,
  }),
  // Checked in at the door so far (ADR 0215): live, from every scanner.
  departureColumn.accessor('arrived', {
    header: '到着',
    cell: (c) => `${c.getValue()}／${c.row.original.participants}名`,
    meta: NUM,
  }),
] as ColumnDef<Departure, unknown>[];

/** The bookings the day's work is about, each list with the time that matters for it. */
const BOOKING_SECTIONS: {
  key: 'waitingRequests' | 'expiringCard' | 'deadlineNear' | 'konbiniWaiting';
  title: string;
  caption: string;
  more: string;
  moreLabel?: string;
  columns: ColumnDef<BookingLine, unknown>[];
}[] = [
  {
    key: 'waitingRequests',
    title: '回答待ちのリクエスト（古い順）',
    caption: '回答待ちのリクエスト',
    more: '/admin/bookings?status=6&sort=rsvdate&dir=asc',
    columns: bookingColumns('受付からの経過', (l) => duration(l.minutes)),
  },
  {
    key: 'expiringCard',
    title: '未決済のカード予約（受付から1時間で自動キャンセル）',
    caption: '未決済のカード予約',
    more: '/admin/bookings?status=1&payment=0&sort=rsvdate&dir=asc',
    columns: bookingColumns('自動キャンセルまで', (l) => `残り${duration(l.minutes)}`),
  },
  {
    key: 'deadlineNear',
    title: 'お支払い期限が24時間以内の手配済みリクエスト',
    caption: 'お支払い期限が近い手配済みリクエスト',
    more: '/admin/bookings?status=0&payment=0&sort=usedate&dir=asc',
    // The list holds every confirmed request awaiting payment, not only those due within a day.
    moreLabel: 'お支払い待ちをすべて見る',
    columns: bookingColumns(
      'お支払い期限',
      (l) =>
        `${tokyoDateTime(l.paymentDeadline)}（${l.minutes < 0 ? `${duration(l.minutes)}超過` : `残り${duration(l.minutes)}`}）`,
    ),
  },
  {
    key: 'konbiniWaiting',
    title: 'コンビニ決済のお支払い待ち（期限の近い順）',
    caption: 'コンビニ決済のお支払い待ち',
    more: '/admin/bookings?status=0&payment=0&sort=usedate&dir=asc',
    moreLabel: 'お支払い待ちをすべて見る',
    // Unpaid at its deadline, the sweeper cancels it and gives its seats back (ADR 0213).
    columns: bookingColumns('お支払い期限', (l) => `${tokyoDateTime(l.paymentDeadline)}（残り${duration(l.minutes)}）`),
  },
];

type SectionProps<T> = { title: string; more: string; moreLabel?: string; total: number } & Omit<
  DataTableProps<T>,
  'caption' | 'empty'
> &
  Partial<Pick<DataTableProps<T>, 'caption' | 'empty'>>;

/**
 * A count of the day's work, the link to the full list it counts, and its lines (or that there are none). The
 * table is captioned by the title and says 「…はありません。」 when empty, unless told otherwise.
 */
function Section<T>({
  title,
  more,
  moreLabel = '一覧で見る',
  caption = title,
  empty = `${title}はありません。`,
  total,
  ...table
}: SectionProps<T>) {
  // The server sends the first DASHBOARD_LINES lines and counts them all.
  const rest = total - table.data.length;
  return (
    <Card
      id={`dash-${more.replace(/\W+/g, '-')}`}
      title={
        <>
          {title} <span className="adm-count">{total}件</span>
        </>
      }
      aside={<Link to={more}>{moreLabel}</Link>}
    >
      <DataTable {...table} caption={caption} empty={empty} emptyAsText />
      {rest > 0 && (
        <p className="adm-muted">
          ほか{rest}件は<Link to={more}>{moreLabel}</Link>からご覧ください。
        </p>
      )}
    </Card>
  );
}

/** One of the dashboard's lists as a section shows it: the lines the server sent, and how many it counted in all. */
function listOf<K extends Exclude<keyof DashboardData['counts'], 'konbiniDueToday'>>(d: DashboardData, name: K) {
  return { data: d[name], total: d.counts[name] };
}

const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

/** ダッシュボード: the day's work as the server counts it now; every line leads to what it counts. */
export function DashboardPage() {
  const query = useQuery({ queryKey: DASHBOARD_KEY, queryFn: () => adminCall(CONSOLE['GET /dashboard']) });
  // Once a minute, as the console's own refresh: it does not keep an idle session alive.
  useBackgroundRefresh(DASHBOARD_KEY, () => adminCall(CONSOLE['GET /dashboard'], {}, { background: true }), 60_000);
  const d = query.data;
  return (
    <AdminPage
      title="ダッシュボード"
      aside={d && <span className="adm-muted">{tokyoDateTime(d.servertime)} 時点（1分ごとに更新）</span>}
    >
      <QueryView query={query}>{(data) => <Dashboard d={data} />}</QueryView>
    </AdminPage>
  );
}

function Dashboard({ d }: { d: DashboardData }) {
  return (
    <div className="adm-dashboard">
      <Card
        id="dash-departures"
        title="本日・明日の出発"
        aside={
          <Link to={`/admin/bookings?usefrom=${d.today}&useto=${d.tomorrow}&status=live&sort=usedate&dir=asc`}>
            一覧で見る
          </Link>
        }
      >
        <div className="adm-days">
          {[d.today, d.tomorrow].map((day, i) => {
            const lines = d.departures.filter((x) => x.usedate === day);
            const total = d.departureDays.find((x) => x.usedate === day);
            return (
              <div key={day}>
                <h3>
                  {i === 0 ? '本日' : '明日'} {slashDate(day)}{' '}
                  <span className="adm-muted">
                    {new Set(lines.map((x) => x.opcd)).size}商品・予約{total?.bookings ?? 0}件・
                    {total?.participants ?? 0}名
                  </span>
                </h3>
                <DataTable
                  caption={`${slashDate(day)}の出発`}
                  columns={departureColumns}
                  data={lines}
                  rowKey={(x) => `${x.opcd}-${x.startTime}`}
                  empty="出発はありません。"
                  emptyAsText
                />
              </div>
            );
          })}
        </div>
      </Card>
      {d.dayStops.length > 0 && (
        <Card
          id="dash-day-stops"
          title={
            <>
              催行中止の処理中 <span className="adm-count">{d.dayStops.length}件</span>
            </>
          }
          aside={<Link to="/admin/day-stops">催行中止の画面へ</Link>}
        >
          <ul className="adm-stops">
            {d.dayStops.map((s) => (
              <li key={s.id}>
                {s.reasonLabel}：
                {[...new Set(s.days.map((x) => `${dayAndTime(x)} ${x.webname}`))].slice(0, 3).join('、')}
                {s.days.length > 3 ? ` ほか${s.days.length - 3}件` : ''}　処理済み {s.done}/{s.bookings}件（返金
                {yen(s.refund)}）
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Section
        title="最少催行人員に満たない日（決定の期限が近い・過ぎた日）"
        caption="最少催行人員に満たない日"
        more="/admin/day-stops"
        moreLabel="催行中止の画面へ"
        columns={minimumColumns}
        {...listOf(d, 'minimumDays')}
        rowKey={(l) => `${l.opcd}-${l.usedate}`}
        empty="決定が必要な日はありません。"
      />
      <Section
        title="本日の新規予約（新しい順）"
        caption="本日の新規予約"
        more={`/admin/bookings?rsvfrom=${d.today}&rsvto=${d.today}&sort=rsvdate&dir=desc`}
        columns={activityColumns('受付日時', false)}
        {...listOf(d, 'todayBookings')}
        rowKey={(l) => l.rsvno}
        empty="本日の新規予約はまだありません。"
      />
      <Section
        title="本日のキャンセル（新しい順）"
        caption="本日のキャンセル"
        more="/admin/bookings?status=4&sort=rsvdate&dir=desc"
        moreLabel="キャンセル済みを一覧で見る"
        columns={activityColumns('キャンセル日時', true)}
        {...listOf(d, 'todayCancellations')}
        rowKey={(l) => l.rsvno}
        empty="本日のキャンセルはありません（未決済による自動キャンセルを除く）。"
      />
      {BOOKING_SECTIONS.map(({ key, ...section }) => (
        <Section
          key={key}
          {...section}
          // Slips due today are the ones to watch: unpaid tonight, their seats go back.
          {...(key === 'konbiniWaiting' && d.counts.konbiniDueToday > 0
            ? { title: `${section.title}・本日期限 ${d.counts.konbiniDueToday}件` }
            : {})}
          {...listOf(d, key)}
          rowKey={(l) => l.rsvno}
          empty="該当する予約はありません。"
        />
      ))}
      <Section
        title="照合できなかった決済処理"
        more="/admin/bookings?provider=stuck"
        columns={callColumns}
        {...listOf(d, 'providerProblems')}
      />
      <Section
        title="送信に失敗したメール"
        more="/admin/mails?status=error"
        columns={mailColumns}
        {...listOf(d, 'failedMails')}
      />
    </div>
  );
}
