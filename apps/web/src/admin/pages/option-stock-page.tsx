import {
  type StockDay,
  type StockEditRequest,
  stockEditResponse,
  stockMonthResponse,
  WEEKDAY_LABEL,
} from '@tabi/contract/admin-catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Field } from '../../components/form/field.tsx';
import { AdminPage } from '../components/page.tsx';
import { FormAlert, Loading, QueryError } from '../components/query-state.tsx';
import { adminGet, adminPost, errorText } from '../lib/admin-api.ts';

function shiftMonth(month: string, by: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}
const thisMonth = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** /admin/options/:opcd/stock: 在庫・料金カレンダー (admin only): the month grid and the bulk edit. */
export function OptionStockPage() {
  const { pathname } = useLocation();
  const opcd = decodeURIComponent(pathname.replace(/^\/admin\/options\//, '').replace(/\/stock\/?$/, ''));
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? (params.get('month') as string) : thisMonth();
  const key = ['admin', 'catalog', opcd, 'stock', month] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => adminGet(`/options/${encodeURIComponent(opcd)}/stock`, stockMonthResponse, { month }),
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
          {data.webname}（販売期間 {data.useFrom.replaceAll('-', '/')}〜{data.useTo.replaceAll('-', '/')}）
        </p>
      )}
      <QueryError error={query.error} />
      <BulkEdit opcd={opcd} month={month} />
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
      {query.isPending ? <Loading /> : data && <MonthGrid days={data.days} />}
    </AdminPage>
  );
}

function MonthGrid({ days }: { days: StockDay[] }) {
  const first = days[0];
  if (!first) return null;
  const lead = new Date(`${first.date}T00:00:00Z`).getUTCDay();
  const cells: (StockDay | null)[] = [...Array.from({ length: lead }, () => null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (StockDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return (
    <table className="adm-table adm-stock-grid">
      <caption className="visually-hidden">日ごとの残席・予約・料金</caption>
      <thead>
        <tr>
          {WEEKDAY_LABEL.map((w) => (
            <th key={w} scope="col">
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find((d) => d)?.date}>
            {week.map((d, i) =>
              d ? (
                <td key={d.date} className={d.open ? (d.left === 0 ? 'adm-day-full' : undefined) : 'adm-day-off'}>
                  <strong>{Number(d.date.slice(8))}日</strong>
                  {d.open ? (
                    <dl>
                      <dt>残席</dt>
                      <dd>{d.left}</dd>
                      <dt>仮押さえ</dt>
                      <dd>{d.held}</dd>
                      <dt>販売済</dt>
                      <dd>{d.sold}</dd>
                      <dt>大人</dt>
                      <dd>{yen(d.adultbaika)}</dd>
                      <dt>中人</dt>
                      <dd>{yen(d.middlebaika)}</dd>
                      <dt>小人</dt>
                      <dd>{yen(d.childbaika)}</dd>
                      <dt>幼児</dt>
                      <dd>{yen(d.infantbaika)}</dd>
                    </dl>
                  ) : (
                    <p className="adm-muted">販売なし</p>
                  )}
                </td>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before and after the month
                <td key={`pad-${i}`} aria-hidden="true" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Mode = 'none' | 'set' | 'add' | 'close';

function BulkEdit({ opcd, month }: { opcd: string; month: string }) {
  const client = useQueryClient();
  const [mode, setMode] = useState<Mode>('set');
  const [weekdays, setWeekdays] = useState<number[]>([0, 1, 2, 3, 4, 5, 6]);
  const [withPrices, setWithPrices] = useState(true);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const num = (name: string) =>
      Number(
        String(data.get(name) ?? '')
          .normalize('NFKC')
          .trim(),
      );
    const stock: StockEditRequest['stock'] =
      mode === 'none' ? null : mode === 'close' ? { mode: 'close' } : { mode, seats: num('seats') };
    const body: StockEditRequest = {
      from: String(data.get('from')),
      to: String(data.get('to')),
      weekdays,
      stock,
      prices: withPrices
        ? {
            adultbaika: num('adultbaika'),
            middlebaika: num('middlebaika'),
            childbaika: num('childbaika'),
            infantbaika: num('infantbaika'),
          }
        : null,
    };
    setBusy(true);
    setError('');
    setDone('');
    try {
      const result = await adminPost(`/options/${encodeURIComponent(opcd)}/stock`, body, stockEditResponse);
      setDone(`${result.days}日分を変更しました。`);
      await client.invalidateQueries({ queryKey: ['admin', 'catalog', opcd, 'stock'] });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="adm-card adm-bulk" onSubmit={(e) => void submit(e)} noValidate>
      <h2>まとめて変更</h2>
      {done && <output className="adm-success">{done}</output>}
      <FormAlert>{error}</FormAlert>
      <div className="adm-filter-grid">
        <Field label="開始日" id="bulk-from">
          {(c) => <input {...c} name="from" type="date" defaultValue={`${month}-01`} required />}
        </Field>
        <Field label="終了日" id="bulk-to">
          {(c) => <input {...c} name="to" type="date" defaultValue={`${month}-28`} required />}
        </Field>
      </div>
      <fieldset className="adm-checks">
        <legend>曜日</legend>
        {WEEKDAY_LABEL.map((w, i) => (
          <label key={w} className="adm-check">
            <input
              type="checkbox"
              checked={weekdays.includes(i)}
              onChange={(e) => setWeekdays(e.target.checked ? [...weekdays, i] : weekdays.filter((d) => d !== i))}
            />{' '}
            {w}曜
          </label>
        ))}
      </fieldset>
      <fieldset className="adm-checks">
        <legend>在庫</legend>
        {(
          [
            ['set', '席数を設定（予約済みの席を含む総数）'],
            ['add', '席を増減（減らすときはマイナス）'],
            ['close', '販売を停止（残席0）'],
            ['none', '変更しない'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="adm-check">
            <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {(mode === 'set' || mode === 'add') && (
        <Field label="席数" id="bulk-seats" className="adm-seats">
          {(c) => <input {...c} name="seats" inputMode="numeric" defaultValue="10" required />}
        </Field>
      )}
      <label className="adm-check">
        <input type="checkbox" checked={withPrices} onChange={(e) => setWithPrices(e.target.checked)} /> 料金も設定する
      </label>
      {withPrices && (
        <div className="adm-filter-grid">
          {(
            [
              ['adultbaika', '大人料金（円）', '8000'],
              ['middlebaika', '中人料金（円）', '0'],
              ['childbaika', '小人料金（円）', '4000'],
              ['infantbaika', '幼児料金（円）', '0'],
            ] as const
          ).map(([name, label, value]) => (
            <Field key={name} label={label} id={`bulk-${name}`}>
              {(c) => <input {...c} name={name} inputMode="numeric" defaultValue={value} />}
            </Field>
          ))}
        </div>
      )}
      <button type="submit" className="adm-primary" disabled={busy}>
        変更する
      </button>
    </form>
  );
}
