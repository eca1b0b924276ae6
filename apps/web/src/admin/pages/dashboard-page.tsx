import { type BookingLine, dashboardResponse, type MailLine, type ProviderProblemLine } from '@tabi/contract/admin';
import {
  PROVIDER_CALL_KIND_LABEL,
  PROVIDER_CALL_STATE_LABEL,
  REFUND_REASON_LABEL,
} from '@tabi/contract/admin-bookings';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Loading, QueryError } from '../components/query-state.tsx';
import { adminGet } from '../lib/admin-api.ts';
import { duration, slashDate, tokyoDateTime, yen } from '../lib/format.ts';
import { useAdminPage } from '../lib/use-page.ts';

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
  const id = `dash-${more.replace(/\W+/g, '-')}`;
  return (
    <section className="adm-card" aria-labelledby={id}>
      <header className="adm-card-head">
        <h2 id={id}>
          {title} <span className="adm-count">{count}件</span>
        </h2>
        <Link to={more}>一覧で見る</Link>
      </header>
      {children}
    </section>
  );
}

function BookingTable({
  caption,
  lines,
  timeLabel,
  time,
}: {
  caption: string;
  lines: BookingLine[];
  timeLabel: string;
  time: (line: BookingLine) => string;
}) {
  if (lines.length === 0) return <p className="adm-empty">該当する予約はありません。</p>;
  return (
    <table className="adm-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">予約番号</th>
          <th scope="col">申込者</th>
          <th scope="col">商品</th>
          <th scope="col">利用日</th>
          <th scope="col" className="num">
            金額
          </th>
          <th scope="col">{timeLabel}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.rsvno}>
            <td className="nowrap">
              <Link to={`/admin/bookings/${l.rsvno}`}>{l.rsvno}</Link>
            </td>
            <td className="nowrap">{l.name}</td>
            <td className="wrap">
              <span className="adm-code">{l.opcd}</span> {l.webname}
            </td>
            <td className="nowrap">{slashDate(l.usedate)}</td>
            <td className="num">{yen(l.amountjp)}</td>
            <td className="nowrap">{time(l)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MailTable({ mails }: { mails: MailLine[] }) {
  if (mails.length === 0) return <p className="adm-empty">送信に失敗したメールはありません。</p>;
  return (
    <table className="adm-table">
      <caption className="visually-hidden">送信に失敗したメール</caption>
      <thead>
        <tr>
          <th scope="col">作成日時</th>
          <th scope="col">予約番号</th>
          <th scope="col">宛先</th>
          <th scope="col">件名</th>
          <th scope="col" className="num">
            試行
          </th>
          <th scope="col">エラー</th>
        </tr>
      </thead>
      <tbody>
        {mails.map((m) => (
          <tr key={m.id}>
            <td>{tokyoDateTime(m.createdAt)}</td>
            <td>{m.rsvno ? <Link to={`/admin/bookings/${m.rsvno}`}>{m.rsvno}</Link> : '—'}</td>
            <td>{m.to}</td>
            <td className="wrap">{m.subject}</td>
            <td className="num">{m.attempts}</td>
            <td className="adm-error-text wrap">{m.lastError ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProviderTable({ calls }: { calls: ProviderProblemLine[] }) {
  if (calls.length === 0) return <p className="adm-empty">照合できなかった決済処理はありません。</p>;
  return (
    <table className="adm-table">
      <caption className="visually-hidden">照合できなかった決済処理</caption>
      <thead>
        <tr>
          <th scope="col">日時</th>
          <th scope="col">予約番号</th>
          <th scope="col">処理</th>
          <th scope="col" className="num">
            金額
          </th>
          <th scope="col">状態</th>
          <th scope="col" className="num">
            試行
          </th>
          <th scope="col">エラー</th>
        </tr>
      </thead>
      <tbody>
        {calls.map((c) => (
          <tr key={c.id}>
            <td className="nowrap">{tokyoDateTime(c.createdAt)}</td>
            <td className="nowrap">
              <Link to={`/admin/bookings/${c.rsvno}`}>{c.rsvno}</Link>
            </td>
            <td className="nowrap">
              {PROVIDER_CALL_KIND_LABEL[c.kind] ?? c.kind}
              {c.reason ? `（${REFUND_REASON_LABEL[c.reason] ?? c.reason}）` : ''}
            </td>
            <td className="num">{yen(c.amount)}</td>
            <td className="nowrap">{PROVIDER_CALL_STATE_LABEL[c.state] ?? c.state}</td>
            <td className="num">{c.attempts}</td>
            <td className="adm-error-text wrap">{c.lastError ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** ダッシュボード: the day's work as the server counts it now; every line leads to what it counts. */
export function DashboardPage() {
  const heading = useAdminPage('ダッシュボード');
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminGet('/dashboard', dashboardResponse),
    refetchInterval: 60_000,
  });
  const d = query.data;
  return (
    <section className="adm-page">
      <div className="adm-page-head">
        <h1 ref={heading} tabIndex={-1}>
          ダッシュボード
        </h1>
        {d && <span className="adm-muted">{tokyoDateTime(d.servertime)} 時点（1分ごとに更新）</span>}
      </div>
      {query.isPending && <Loading />}
      <QueryError error={query.error} />
      {d && (
        <div className="adm-dashboard">
          <section className="adm-card" aria-labelledby="dash-departures">
            <header className="adm-card-head">
              <h2 id="dash-departures">本日・明日の出発</h2>
              <Link to={`/admin/bookings?usefrom=${d.today}&useto=${d.tomorrow}&status=live&sort=usedate&dir=asc`}>
                一覧で見る
              </Link>
            </header>
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
                    {lines.length === 0 ? (
                      <p className="adm-empty">出発はありません。</p>
                    ) : (
                      <table className="adm-table">
                        <caption className="visually-hidden">{`${slashDate(day)}の出発`}</caption>
                        <thead>
                          <tr>
                            <th scope="col">商品</th>
                            <th scope="col" className="num">
                              予約件数
                            </th>
                            <th scope="col" className="num">
                              参加人数
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {lines.map((x) => (
                            <tr key={x.opcd}>
                              <td className="wrap">
                                <Link
                                  to={`/admin/bookings?opcd=${x.opcd}&usefrom=${day}&useto=${day}&status=live&sort=usedate`}
                                >
                                  <span className="adm-code">{x.opcd}</span> {x.webname}
                                </Link>
                              </td>
                              <td className="num">{x.bookings}件</td>
                              <td className="num">{x.participants}名</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </div>
                );
              })}
            </div>
          </section>
          <Section
            title="回答待ちのリクエスト（古い順）"
            count={d.waitingRequests.length}
            more="/admin/bookings?status=6&sort=rsvdate&dir=asc"
          >
            <BookingTable
              caption="回答待ちのリクエスト"
              lines={d.waitingRequests}
              timeLabel="受付からの経過"
              time={(l) => duration(l.minutes)}
            />
          </Section>
          <Section
            title="未決済のカード予約（受付から1時間で自動キャンセル）"
            count={d.expiringCard.length}
            more="/admin/bookings?status=1&payment=0&sort=rsvdate&dir=asc"
          >
            <BookingTable
              caption="未決済のカード予約"
              lines={d.expiringCard}
              timeLabel="自動キャンセルまで"
              time={(l) => `残り${duration(l.minutes)}`}
            />
          </Section>
          <Section
            title="お支払い期限が24時間以内の手配済みリクエスト"
            count={d.deadlineNear.length}
            more="/admin/bookings?status=0&payment=0&sort=usedate&dir=asc"
          >
            <BookingTable
              caption="お支払い期限が近い手配済みリクエスト"
              lines={d.deadlineNear}
              timeLabel="お支払い期限"
              time={(l) =>
                `${tokyoDateTime(l.paymentDeadline)}（${l.minutes < 0 ? `${duration(l.minutes)}超過` : `残り${duration(l.minutes)}`}）`
              }
            />
          </Section>
          <Section
            title="照合できなかった決済処理"
            count={d.providerProblems.length}
            more="/admin/bookings?provider=stuck"
          >
            <ProviderTable calls={d.providerProblems} />
          </Section>
          <Section title="送信に失敗したメール" count={d.failedMails.length} more="/admin/mails?status=error">
            <MailTable mails={d.failedMails} />
          </Section>
        </div>
      )}
    </section>
  );
}
