import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { SalesChannelTotal, SalesLine, SalesReport } from '@tabi/contract/resellers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useSearchParams } from 'react-router';
import { Product } from '../components/cells.tsx';
import { NumHead } from '../components/num-head.tsx';
import { AdminPage } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { adminCall, adminUrl } from '../lib/admin-api.ts';
import { yen } from '../lib/format.ts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** This month in Tokyo, `2026-11`. */
const thisMonth = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

type Figures = SalesReport['total'];

function FigureCells({ f }: { f: Figures }) {
  return (
    <>
      <td className="num" data-label="予約件数">
        {f.bookings.toLocaleString('ja-JP')}件
      </td>
      <td className="num" data-label="人数">
        {f.people.toLocaleString('ja-JP')}名
      </td>
      <td className="num" data-label="キャンセル料のみ">
        {f.canceled > 0 ? `${f.canceled.toLocaleString('ja-JP')}件` : '—'}
      </td>
      <td className="num" data-label="金額">
        {yen(f.amount)}
      </td>
      <td className="num" data-label="手数料">
        {f.commission > 0 ? yen(f.commission) : '—'}
      </td>
      <td className="num" data-label="差引（当社分）">
        {yen(f.net)}
      </td>
    </>
  );
}

function ReportTable({ report }: { report: SalesReport }) {
  if (report.channels.length === 0) {
    return <p className="adm-empty">{monthLabel(report.month)}に受け付けた予約はありません。</p>;
  }
  const linesOf = (c: SalesChannelTotal): SalesLine[] => report.lines.filter((l) => l.resellerId === c.resellerId);
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-cards adm-sales">
        <caption className="visually-hidden">{monthLabel(report.month)}の販売チャネル・商品別の売上</caption>
        <thead>
          <tr>
            <th scope="col">販売チャネル</th>
            <th scope="col">商品</th>
            <NumHead>予約件数</NumHead>
            <NumHead>人数</NumHead>
            <NumHead>キャンセル料のみ</NumHead>
            <NumHead>金額</NumHead>
            <NumHead>手数料</NumHead>
            <NumHead>差引（当社分）</NumHead>
          </tr>
        </thead>
        {report.channels.map((c) => {
          const lines = linesOf(c);
          // An option sold at start times is followed by a row per departure (ADR 0196), adding up to its line.
          const rowCount = lines.reduce((n, l) => n + 1 + l.departures.length, 0);
          return (
            <Fragment key={c.resellerId ?? 'own'}>
              <tbody>
                {lines.map((l, i) => (
                  <Fragment key={l.opcd}>
                    <tr>
                      {i === 0 && (
                        <th scope="rowgroup" rowSpan={rowCount + 1} className="adm-sales-channel adm-full">
                          {c.channel}
                        </th>
                      )}
                      <td className="wrap adm-full">
                        <Product opcd={l.opcd} webname={l.webname} />
                      </td>
                      <FigureCells f={l} />
                    </tr>
                    {l.departures.map((d) => (
                      <tr key={`${l.opcd}-${d.startTime}`} className="adm-sales-departure">
                        <td className="wrap adm-full">
                          <span className="adm-muted" aria-hidden="true">
                            └{' '}
                          </span>
                          <span className="visually-hidden">{l.webname}の</span>
                          {d.startTime}発の便
                        </td>
                        <FigureCells f={d} />
                      </tr>
                    ))}
                  </Fragment>
                ))}
                <tr className="adm-subtotal">
                  <th scope="row" className="adm-full">
                    {c.channel} 小計
                  </th>
                  <FigureCells f={c} />
                </tr>
              </tbody>
            </Fragment>
          );
        })}
        <tfoot>
          <tr className="adm-total">
            <th scope="row" colSpan={2} className="adm-full">
              合計
            </th>
            <FigureCells f={report.total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** 割引コード別 (ADR 0210): the bookings counted above that used a code, and the yen it took off them. */
function DiscountTable({ report }: { report: SalesReport }) {
  if (report.discounts.length === 0) return null;
  return (
    <section aria-labelledby="sales-discounts">
      <h2 id="sales-discounts">割引コード別</h2>
      <div className="adm-table-wrap">
        <table className="adm-table adm-cards">
          <thead>
            <tr>
              <th scope="col">割引コード</th>
              <NumHead>予約件数</NumHead>
              <NumHead>割引額</NumHead>
            </tr>
          </thead>
          <tbody>
            {report.discounts.map((d) => (
              <tr key={d.code}>
                <th scope="row" className="adm-full">
                  {d.code}
                </th>
                <td className="num" data-label="予約件数">
                  {d.bookings.toLocaleString('ja-JP')}件
                </td>
                <td className="num" data-label="割引額">
                  {yen(d.discount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** 売上レポート (admin only, ADR 0169): a month by reception date, per 販売チャネル and option. */
export function SalesReportPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : thisMonth();
  const report = useQuery({
    queryKey: ['admin', 'reports', 'sales', month],
    queryFn: () => adminCall(CONSOLE['GET /reports/sales'], { query: { month } }),
    placeholderData: keepPreviousData,
  });
  return (
    <AdminPage
      title="売上レポート"
      heading={`売上レポート（${monthLabel(month)}）`}
      aside={
        <a className="adm-button" href={adminUrl(CONSOLE['GET /reports/sales.csv'], { query: { month } })} download>
          CSVダウンロード
        </a>
      }
    >
      <div className="adm-inline-form adm-sales-month">
        <label htmlFor="sales-month">年月（受付日）</label>
        <input
          id="sales-month"
          type="month"
          value={month}
          onChange={(e) => MONTH.test(e.target.value) && setParams({ month: e.target.value })}
        />
      </div>
      <QueryView query={report}>
        {(r) => (
          <>
            <ReportTable report={r} />
            <DiscountTable report={r} />
          </>
        )}
      </QueryView>
      <section className="adm-note-box" aria-labelledby="sales-rules">
        <h2 id="sales-rules">集計のしかた</h2>
        <ul>
          <li>
            対象月は<strong>予約の受付日（日本時間）</strong>で決まります。利用日の月ではありません。
          </li>
          <li>
            予約件数・人数・金額には、席を確保している予約（決済済み・リクエスト中・手配済み、決済手続き中のカード予約）を含めます。未決済のまま期限が切れた予約と、キャンセル料のかからなかったキャンセルは含めません。
          </li>
          <li>
            キャンセル済みでキャンセル料をいただいた予約は「キャンセル料のみ」に数え、金額にはキャンセル料だけを含めます（人数には含めません）。
          </li>
          <li>
            手数料は代理店の予約だけにかかり、販売時点の手数料率で確定した額（販売価格 −
            代理店の精算額）です。キャンセル料のみの予約は、その同じ割合を手数料とします。差引は金額 − 手数料です。
          </li>
          <li>
            複数の商品をまとめた予約（クーポンのセットなど）は、各商品の料金の割合で金額を分けて商品ごとの行に数えます。合計と小計の予約件数では1件と数え、人数は商品ごとの延べ人数です。
          </li>
          <li>
            時間を決めて催行する商品（便のある商品）は、商品の行の下に便（出発時刻）ごとの内訳を表示します。内訳の合計は商品の行と一致します。
          </li>
          <li>
            割引コードを使った予約の金額は割引後の額（お客様のお支払い額）です。「割引コード別」に、コードごとの予約件数と割引額を表示します。
          </li>
          <li>今月分は、リクエストの手配や決済が済むまで変わることがあります。</li>
        </ul>
      </section>
    </AdminPage>
  );
}
