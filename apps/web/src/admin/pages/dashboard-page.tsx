import {
  type BookingLine,
  type Dashboard as DashboardData,
  dashboardResponse,
  type MailLine,
  type ProviderProblemLine,
} from '@tabi/contract/admin';
import {
  PROVIDER_CALL_KIND_LABEL,
  PROVIDER_CALL_STATE_LABEL,
  REFUND_REASON_LABEL,
} from '@tabi/contract/admin-bookings';
import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { AdminPage, Card } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { adminGet } from '../lib/admin-api.ts';
import { duration, slashDate, tokyoDateTime, yen } from '../lib/format.ts';

const column = createColumnHelper<BookingLine>();
const bookingColumns = (timeLabel: string, time: (line: BookingLine) => string) =>
  [
    column.accessor('rsvno', {
      header: '予約番号',
      cell: (c) => <Link to={`/admin/bookings/${c.getValue()}`}>{c.getValue()}</Link>,
    }),
    column.accessor('name', { header: '申込者' }),
    column.accessor('webname', {
      header: '商品',
      meta: { className: 'wrap' },
      cell: (c) => (
        <>
          <span className="adm-code">{c.row.original.opcd}</span> {c.getValue()}
        </>
      ),
    }),
    column.accessor('usedate', { header: '利用日', cell: (c) => slashDate(c.getValue()) }),
    column.accessor('amountjp', { header: '金額', cell: (c) => yen(c.getValue()), meta: { className: 'num' } }),
    column.display({ id: 'time', header: timeLabel, cell: (c) => time(c.row.original) }),
  ] as ColumnDef<BookingLine, unknown>[];

const mailColumn = createColumnHelper<MailLine>();
const mailColumns = [
  mailColumn.accessor('createdAt', { header: '作成日時', cell: (c) => tokyoDateTime(c.getValue()) }),
  mailColumn.accessor('rsvno', {
    header: '予約番号',
    cell: (c) => {
      const rsvno = c.getValue();
      return rsvno ? <Link to={`/admin/bookings/${rsvno}`}>{rsvno}</Link> : '—';
    },
  }),
  mailColumn.accessor('to', { header: '宛先' }),
  mailColumn.accessor('subject', { header: '件名', meta: { className: 'wrap' } }),
  mailColumn.accessor('attempts', { header: '試行', meta: { className: 'num' } }),
  mailColumn.accessor('lastError', {
    header: 'エラー',
    meta: { className: 'wrap' },
    cell: (c) => <span className="adm-error-text">{c.getValue() ?? '—'}</span>,
  }),
] as ColumnDef<MailLine, unknown>[];

const callColumn = createColumnHelper<ProviderProblemLine>();
const callColumns = [
  callColumn.accessor('createdAt', { header: '日時', cell: (c) => tokyoDateTime(c.getValue()) }),
  callColumn.accessor('rsvno', {
    header: '予約番号',
    cell: (c) => <Link to={`/admin/bookings/${c.getValue()}`}>{c.getValue()}</Link>,
  }),
  callColumn.accessor('kind', {
    header: '処理',
    cell: (c) => {
      const reason = c.row.original.reason;
      return `${PROVIDER_CALL_KIND_LABEL[c.getValue()] ?? c.getValue()}${reason ? `（${REFUND_REASON_LABEL[reason] ?? reason}）` : ''}`;
    },
  }),
  callColumn.accessor('amount', { header: '金額', cell: (c) => yen(c.getValue()), meta: { className: 'num' } }),
  callColumn.accessor('state', {
    header: '状態',
    cell: (c) => PROVIDER_CALL_STATE_LABEL[c.getValue()] ?? c.getValue(),
  }),
  callColumn.accessor('attempts', { header: '試行', meta: { className: 'num' } }),
  callColumn.accessor('lastError', {
    header: 'エラー',
    meta: { className: 'wrap' },
    cell: (c) => <span className="adm-error-text">{c.getValue() ?? '—'}</span>,
  }),
] as ColumnDef<ProviderProblemLine, unknown>[];

type Departure = DashboardData['departures'][number];
const departureColumn = createColumnHelper<Departure>();
const departureColumns = [
  departureColumn.accessor('webname', {
    header: '商品',
    meta: { className: 'wrap' },
    cell: (c) => {
      const { opcd, usedate } = c.row.original;
      return (
        <Link to={`/admin/bookings?opcd=${opcd}&usefrom=${usedate}&useto=${usedate}&status=live&sort=usedate`}>
          <span className="adm-code">{opcd}</span> {c.getValue()}
        </Link>
      );
    },
  }),
  departureColumn.accessor('bookings', {
    header: '予約件数',
    cell: (c) => `${c.getValue()}件`,
    meta: { className: 'num' },
  }),
  departureColumn.accessor('participants', {
    header: '参加人数',
    cell: (c) => `${c.getValue()}名`,
    meta: { className: 'num' },
  }),
] as ColumnDef<Departure, unknown>[];

/** A count of the day's work, with the link to the full list it counts. */
function Section({
  title,
  count,
  more,
  children,
}: {
  title: string;
  count: number;
  more: string;
  children: ReactNode;
}) {
  return (
    <Card
      id={`dash-${more.replace(/\W+/g, '-')}`}
      title={
        <>
          {title} <span className="adm-count">{count}件</span>
        </>
      }
      aside={<Link to={more}>一覧で見る</Link>}
    >
      {children}
    </Card>
  );
}

/** ダッシュボード: the day's work as the server counts it now; every line leads to what it counts. */
export function DashboardPage() {
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminGet('/dashboard', dashboardResponse),
    refetchInterval: 60_000,
  });
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
            const total = lines.reduce((sum, x) => sum + x.participants, 0);
            return (
              <div key={day}>
                <h3>
                  {i === 0 ? '本日' : '明日'} {slashDate(day)}{' '}
                  <span className="adm-muted">
                    {lines.length}商品・{total}名
                  </span>
                </h3>
                <DataTable
                  caption={`${slashDate(day)}の出発`}
                  columns={departureColumns}
                  data={lines}
                  rowKey={(x) => x.opcd}
                  empty="出発はありません。"
                  emptyAsText
                />
              </div>
            );
          })}
        </div>
      </Card>
      <Section
        title="回答待ちのリクエスト（古い順）"
        count={d.waitingRequests.length}
        more="/admin/bookings?status=6&sort=rsvdate&dir=asc"
      >
        <DataTable
          caption="回答待ちのリクエスト"
          columns={bookingColumns('受付からの経過', (l) => duration(l.minutes))}
          data={d.waitingRequests}
          {...bookingTable}
        />
      </Section>
      <Section
        title="未決済のカード予約（受付から1時間で自動キャンセル）"
        count={d.expiringCard.length}
        more="/admin/bookings?status=1&payment=0&sort=rsvdate&dir=asc"
      >
        <DataTable
          caption="未決済のカード予約"
          columns={bookingColumns('自動キャンセルまで', (l) => `残り${duration(l.minutes)}`)}
          data={d.expiringCard}
          {...bookingTable}
        />
      </Section>
      <Section
        title="お支払い期限が24時間以内の手配済みリクエスト"
        count={d.deadlineNear.length}
        more="/admin/bookings?status=0&payment=0&sort=usedate&dir=asc"
      >
        <DataTable
          caption="お支払い期限が近い手配済みリクエスト"
          columns={bookingColumns(
            'お支払い期限',
            (l) =>
              `${tokyoDateTime(l.paymentDeadline)}（${l.minutes < 0 ? `${duration(l.minutes)}超過` : `残り${duration(l.minutes)}`}）`,
          )}
          data={d.deadlineNear}
          {...bookingTable}
        />
      </Section>
      <Section title="照合できなかった決済処理" count={d.providerProblems.length} more="/admin/bookings?provider=stuck">
        <DataTable
          caption="照合できなかった決済処理"
          columns={callColumns}
          data={d.providerProblems}
          rowKey={(c) => String(c.id)}
          empty="照合できなかった決済処理はありません。"
          emptyAsText
        />
      </Section>
      <Section title="送信に失敗したメール" count={d.failedMails.length} more="/admin/mails?status=error">
        <DataTable
          caption="送信に失敗したメール"
          columns={mailColumns}
          data={d.failedMails}
          rowKey={(m) => String(m.id)}
          empty="送信に失敗したメールはありません。"
          emptyAsText
        />
      </Section>
    </div>
  );
}

const bookingTable = {
  rowKey: (l: BookingLine) => l.rsvno,
  empty: '該当する予約はありません。',
  emptyAsText: true,
};
