import { zodResolver } from '@hookform/resolvers/zod';
import {
  monthQuery,
  STOCK_PRICE_KEY,
  type StockDay,
  type StockEditRequest,
  type StockMonth,
  stockEditDays,
  stockEditRequest,
  stockPricesMissing,
  WEEKDAY_LABEL,
} from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { AGE_CLASS_LABEL, type AgeClass } from '@tabi/contract/constants';
import { isoDateToYmd, monthEnd, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { CatalogMsg, stockPriceRequired } from '@tabi/contract/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, Fragment, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ErrorText, Field } from '../../components/form/field.tsx';
import { ActionDialog } from '../components/action-dialog.tsx';
import { AdminPage, Facts } from '../components/page.tsx';
import { FormAlert, Loading, QueryError } from '../components/query-state.tsx';
import { adminCall, errorText } from '../lib/admin-api.ts';

function shiftMonth(month: string, by: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}
const thisMonth = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** /admin/options/:opcd/stock: 在庫・料金カレンダー (admin only): the month grid and the bulk edit. */
export function OptionStockPage() {
  const opcd = useParams().opcd ?? '';
  const [params, setParams] = useSearchParams();
  const asked = monthQuery.safeParse({ month: params.get('month') });
  const month = asked.success ? asked.data.month : thisMonth();
  const key = ['admin', 'catalog', opcd, 'stock', month] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => adminCall(CONSOLE['GET /options/{opcd}/stock'], { params: { opcd }, query: { month } }),
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
      {/* Drawn anew for each month once it is known (the range starts inside its sales period): never drawn before
          and again after the month arrives, which emptied what the clerk had typed meanwhile. */}
      {data && <BulkEdit key={`${month}|${data.useFrom}|${data.useTo}`} opcd={opcd} month={month} data={data} />}
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
      {query.isPending ? <Loading /> : data && <MonthGrid days={data.days} ageClasses={data.ageClasses} />}
    </AdminPage>
  );
}

function MonthGrid({ days, ageClasses }: { days: StockDay[]; ageClasses: readonly AgeClass[] }) {
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
                  {d.stopped && <p className="adm-day-stopped">催行中止</p>}
                  {d.open ? (
                    <dl>
                      <dt>残席</dt>
                      <dd>{d.left}</dd>
                      <dt>仮押さえ</dt>
                      <dd>{d.held}</dd>
                      <dt>販売済</dt>
                      <dd>{d.sold}</dd>
                      {/* The prices of the age classes the option sells (no 中人 line without 中人). */}
                      {ageClasses.map((c) => (
                        <Fragment key={c}>
                          <dt>{AGE_CLASS_LABEL[c]}</dt>
                          <dd>{yen(d[STOCK_PRICE_KEY[c]])}</dd>
                        </Fragment>
                      ))}
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
type PriceKey = (typeof STOCK_PRICE_KEY)[AgeClass];

/** The price fields of the age classes an option sells, in the party form's order, with their labels. */
const priceFields = (ageClasses: readonly AgeClass[]): [PriceKey, string, AgeClass][] =>
  ageClasses.map((c) => [STOCK_PRICE_KEY[c], `${AGE_CLASS_LABEL[c]}料金（円）`, c]);
const MODE_LABEL: Record<Mode, string> = {
  set: '席数を設定（予約済みの席を含む総数）',
  add: '席を増減（減らすときはマイナス）',
  close: '販売を停止（残席0）',
  none: '変更しない',
};

/** What a clerk typed as a number: full-width digits and thousands separators read; empty stays empty. */
function typedNumber(text: string): number | undefined {
  const plain = text.normalize('NFKC').replace(/[,，\s]/g, '');
  return plain === '' ? undefined : Number(plain);
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * Where a bulk edit starts and ends unless the clerk changes it: the month on screen within the sales period, from
 * today on (past days are never sold); a month wholly past keeps its own days.
 */
function defaultRange(month: string, data: StockMonth | undefined): { from: string; to: string } {
  const first = `${month}-01`;
  const last = ymdToIsoDate(monthEnd(isoDateToYmd(first)));
  const inPeriod = data
    ? { from: later(first, data.useFrom), to: earlier(last, data.useTo) }
    : { from: first, to: last };
  const fromToday = later(inPeriod.from, ymdToIsoDate(tokyoYmd(new Date())));
  return fromToday <= inPeriod.to ? { ...inPeriod, from: fromToday } : inPeriod;
}

const formatDay = (iso: string) => iso.replaceAll('-', '/');

/** What the bulk edit's form holds: the controls' own values (text, checked weekdays), before they are read. */
interface BulkEditValues {
  from: string;
  to: string;
  weekdays: string[];
  stock: { mode: Mode; seats: string };
  withPrices: boolean;
  prices: Record<PriceKey, string>;
}

/**
 * The form read into the contract's stockEditRequest, and checked by it: its messages are the server's, at the same
 * paths as the form's fields. A class the option sells needs its price (stockPricesMissing, as the server checks it).
 */
function bulkEditForm(ageClasses: readonly AgeClass[]) {
  return z
    .custom<BulkEditValues>()
    .transform((v) => ({
      from: v.from,
      to: v.to,
      weekdays: v.weekdays.map(Number).sort(),
      stock:
        v.stock.mode === 'none'
          ? null
          : v.stock.mode === 'close'
            ? { mode: v.stock.mode }
            : { mode: v.stock.mode, seats: typedNumber(v.stock.seats) },
      prices: v.withPrices
        ? Object.fromEntries(priceFields(ageClasses).map(([key]) => [key, typedNumber(v.prices[key])]))
        : null,
    }))
    .pipe(
      stockEditRequest.superRefine((r, ctx) => {
        for (const c of r.prices ? stockPricesMissing(r.prices, ageClasses) : []) {
          ctx.addIssue({
            code: 'custom',
            path: ['prices', STOCK_PRICE_KEY[c]],
            message: stockPriceRequired(AGE_CLASS_LABEL[c]),
          });
        }
      }),
    );
}

/**
 * まとめて変更: a date range × weekdays gets a stock change and/or the four prices. The range follows the month on
 * screen (see defaultRange); prices are changed only when asked, starting from the month's own, and an empty price
 * is refused rather than read as 0円. Nothing is sent before a confirmation says what will change.
 */
function BulkEdit({ opcd, month, data }: { opcd: string; month: string; data: StockMonth | undefined }) {
  const client = useQueryClient();
  // Only the prices of the classes the option sells are asked for (issue 24.13); adults until the month is known.
  const ageClasses = data?.ageClasses ?? ['adult'];
  const priceInputs = priceFields(ageClasses);
  const schema = useMemo(() => bulkEditForm(data?.ageClasses ?? []), [data?.ageClasses]);
  const form = useForm<BulkEditValues, unknown, StockEditRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...defaultRange(month, data),
      weekdays: WEEKDAY_LABEL.map((_, i) => String(i)),
      stock: { mode: 'set', seats: '10' },
      withPrices: false,
      prices: { adultbaika: '', middlebaika: '', childbaika: '', infantbaika: '' },
    },
  });
  const { errors } = form.formState;
  const [mode, withPrices] = useWatch({ control: form.control, name: ['stock.mode', 'withPrices'] });
  const [pending, setPending] = useState<StockEditRequest | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  function askPrices(checked: boolean) {
    // Start from what the month's first day on sale costs now, so that one class can be changed alone.
    const current = data?.days.find((d) => d.open);
    if (checked && current && Object.values(form.getValues('prices')).every((v) => v === '')) {
      for (const [key] of priceInputs) form.setValue(`prices.${key}`, String(current[key]));
    }
  }

  function review(request: StockEditRequest) {
    // The server's own refusals, said before the confirmation rather than after it.
    const outside = data && (request.from < data.useFrom || request.to > data.useTo);
    const refusal = outside
      ? CatalogMsg.stockOutsidePeriod
      : stockEditDays(request).length === 0
        ? CatalogMsg.stockNoDays
        : '';
    if (refusal) {
      setError(refusal);
      return;
    }
    setPending(request);
  }

  async function send() {
    if (!pending || busy) return;
    setBusy(true);
    setError('');
    try {
      const result = await adminCall(CONSOLE['POST /options/{opcd}/stock'], { params: { opcd }, body: pending });
      setPending(null);
      const stopped = result.stopped.map(formatDay).join('、');
      setDone(
        `${result.days}日分を変更しました。${stopped ? `催行中止の日（${stopped}）の席数は変更していません。` : ''}`,
      );
      await client.invalidateQueries({ queryKey: ['admin', 'catalog', opcd, 'stock'] });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const stockText = (stock: StockEditRequest['stock']) =>
    stock === null
      ? MODE_LABEL.none
      : stock.mode === 'close'
        ? MODE_LABEL.close
        : stock.mode === 'set'
          ? `席数を${stock.seats}席に設定`
          : `${stock.seats >= 0 ? `${stock.seats}席増やす` : `${-stock.seats}席減らす`}`;

  return (
    <>
      <form
        className="adm-card adm-bulk"
        onSubmit={(event) => {
          setDone('');
          setError('');
          void form.handleSubmit(review)(event);
        }}
        noValidate
      >
        <h2>まとめて変更</h2>
        {done && <output className="adm-success">{done}</output>}
        {/* What no field says: nothing to change (the stock's own rule), or the server's refusal. */}
        <FormAlert>{pending ? '' : error || errors.stock?.message}</FormAlert>
        <div className="adm-filter-grid">
          <Field label="開始日" id="bulk-from" required error={errors.from?.message}>
            {(c) => <input {...c} type="date" {...form.register('from')} />}
          </Field>
          <Field label="終了日" id="bulk-to" required error={errors.to?.message}>
            {(c) => <input {...c} type="date" {...form.register('to')} />}
          </Field>
        </div>
        <fieldset className="adm-checks" aria-describedby={errors.weekdays ? 'bulk-weekdays-error' : undefined}>
          <legend>曜日</legend>
          {WEEKDAY_LABEL.map((w, i) => (
            <label key={w} className="adm-check">
              <input
                type="checkbox"
                value={String(i)}
                aria-invalid={errors.weekdays ? true : undefined}
                {...form.register('weekdays')}
              />{' '}
              {w}曜
            </label>
          ))}
          <ErrorText id="bulk-weekdays-error" message={errors.weekdays?.message} />
        </fieldset>
        <fieldset className="adm-checks">
          <legend>在庫</legend>
          {(Object.keys(MODE_LABEL) as Mode[]).map((value) => (
            <label key={value} className="adm-check">
              <input type="radio" value={value} {...form.register('stock.mode')} /> {MODE_LABEL[value]}
            </label>
          ))}
        </fieldset>
        {(mode === 'set' || mode === 'add') && (
          <Field label="席数" id="bulk-seats" className="adm-seats" required error={errors.stock?.seats?.message}>
            {(c) => <input {...c} inputMode="numeric" {...form.register('stock.seats')} />}
          </Field>
        )}
        <label className="adm-check">
          <input
            type="checkbox"
            {...form.register('withPrices', {
              onChange: (e: ChangeEvent<HTMLInputElement>) => askPrices(e.target.checked),
            })}
          />{' '}
          料金も設定する
        </label>
        {withPrices && (
          <div className="adm-filter-grid">
            {priceInputs.map(([name, label]) => (
              <Field key={name} label={label} id={`bulk-${name}`} required error={errors.prices?.[name]?.message}>
                {(c) => <input {...c} inputMode="numeric" {...form.register(`prices.${name}`)} />}
              </Field>
            ))}
          </div>
        )}
        <button type="submit" className="adm-primary">
          内容を確認する
        </button>
      </form>
      <ActionDialog
        open={pending !== null}
        title="在庫・料金をまとめて変更"
        onClose={() => {
          setPending(null);
          setError('');
        }}
        onSubmit={() => void send()}
        submitLabel="変更する"
        busy={busy}
        error={error || null}
      >
        {pending && (
          <>
            <Facts
              className="adm-effect"
              rows={[
                ['期間', `${formatDay(pending.from)}〜${formatDay(pending.to)}`],
                ['曜日', pending.weekdays.map((d) => WEEKDAY_LABEL[d]).join('・')],
                ['対象', `${stockEditDays(pending).length}日（販売期間内の日）`],
                ['在庫', stockText(pending.stock)],
                [
                  '料金',
                  pending.prices
                    ? priceInputs
                        .map(([key, , c]) => `${AGE_CLASS_LABEL[c]} ${yen(pending.prices?.[key] ?? 0)}`)
                        .join('・')
                    : '変更しない',
                ],
              ]}
            />
            {pending.prices?.adultbaika === 0 && (
              <p className="adm-alert">大人料金が0円です。対象の日は無料で販売されます。</p>
            )}
          </>
        )}
      </ActionDialog>
    </>
  );
}
