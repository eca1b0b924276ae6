import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DepartureEditRequest,
  type DepartureState,
  departureEditRequest,
  departureEnd,
  monthQuery,
  STOCK_PRICE_KEY,
  type StockChange,
  type StockDay,
  type StockDeparture,
  type StockEditRequest,
  type StockMonth,
  type StockPreview,
  stockEditDays,
  stockEditRequest,
  stockPricesMissing,
  WEEKDAY_LABEL,
} from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { AGE_CLASS_LABEL, type AgeClass } from '@tabi/contract/constants';
import { formatTimes, isoDateToYmd, monthEnd, tokyoYmd, weekdayOf, ymdToIsoDate } from '@tabi/contract/dates';
import { CatalogMsg, stockPriceRequired } from '@tabi/contract/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, Fragment, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ErrorText, Field } from '../../components/form/field.tsx';
import { ActionDialog } from '../components/action-dialog.tsx';
import { AdminPage, Facts } from '../components/page.tsx';
import { FormAlert, Loading, QueryError } from '../components/query-state.tsx';
import { adminCall, errorText } from '../lib/admin-api.ts';
import styles from './option-stock-page.module.css';

function shiftMonth(month: string, by: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}
const thisMonth = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
const formatDay = (iso: string) => iso.replaceAll('-', '/');
/** `12/5（土）`: a day in the month on screen. */
const shortDay = (iso: string) =>
  `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}（${WEEKDAY_LABEL[weekdayOf(iso)]}）`;
/** A departure's times as staff read them: `10:00〜11:30`, `10:00`, or 終日 for a whole day. */
const timesOf = (d: { startTime: string; endTime: string }) =>
  d.startTime === '' ? '終日' : formatTimes(d.startTime, d.endTime, 'ja');
const capacityOf = (d: StockDeparture) => d.left + d.held + d.sold;

/** /admin/options/:opcd/stock: 在庫・料金カレンダー (admin only): the month's departures and the bulk edit. */
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
          {data.webname}（販売期間 {formatDay(data.useFrom)}〜{formatDay(data.useTo)}
          {data.timed ? '・開始時刻ごとに販売' : '・終日で販売'}）
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
      {query.isPending ? (
        <Loading />
      ) : (
        data &&
        (data.timed ? (
          <DepartureList opcd={opcd} days={data.days} ageClasses={data.ageClasses} />
        ) : (
          <MonthGrid days={data.days} ageClasses={data.ageClasses} />
        ))
      )}
    </AdminPage>
  );
}

/** An option sold by whole days: the month as a calendar, a day per cell. */
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

/** The departure a clerk is changing alone, with its day. */
interface Chosen {
  date: string;
  stopped: boolean;
  departure: StockDeparture;
}

/**
 * An option sold by start times: the month as a list, each day with its departures (times, seats left, held,
 * sold, capacity and prices) and a button to change one of them alone. A table on a desk, a card per row on a phone.
 */
function DepartureList({
  opcd,
  days,
  ageClasses,
}: {
  opcd: string;
  days: StockDay[];
  ageClasses: readonly AgeClass[];
}) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [done, setDone] = useState('');
  // The dialog leaves the page when it closes (it is drawn anew for each departure), so focus is given back here: to
  // the departure's button, or to the page's heading when the departure is gone.
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setChosen(null);
    requestAnimationFrame(() => {
      const back = opener.current;
      if (back?.isConnected) back.focus();
      else document.querySelector<HTMLElement>('#adm-main h1')?.focus();
    });
  };
  return (
    <>
      {done && <output className="adm-success">{done}</output>}
      <div className="adm-table-wrap">
        <table className={`adm-table adm-cards ${styles.departures}`}>
          <caption className="visually-hidden">日ごとの便・残席・予約・料金</caption>
          <thead>
            <tr>
              <th scope="col">時刻</th>
              <th scope="col" className="num">
                残席
              </th>
              <th scope="col" className="num">
                仮押さえ
              </th>
              <th scope="col" className="num">
                販売済
              </th>
              <th scope="col" className="num">
                定員
              </th>
              <th scope="col">料金</th>
              <th scope="col">
                <span className="visually-hidden">操作</span>
              </th>
            </tr>
          </thead>
          {days.map((d) => (
            <tbody key={d.date} className={d.open ? undefined : styles.dayOff}>
              <tr className={styles.dayRow}>
                <th scope="rowgroup" colSpan={7} className="adm-full">
                  {shortDay(d.date)}
                  {d.stopped && <span className={styles.stopped}>催行中止</span>}
                  {!d.open && <span className={styles.none}>販売なし</span>}
                </th>
              </tr>
              {d.departures.map((dep) => {
                const name = `${shortDay(d.date)} ${timesOf(dep)}`;
                return (
                  <tr
                    key={dep.startTime}
                    className={dep.left === 0 ? `${styles.departure} ${styles.full}` : styles.departure}
                  >
                    <th scope="row" className={`adm-full ${styles.time}`}>
                      {timesOf(dep)}
                      {dep.stopped && !d.stopped ? (
                        <span className={styles.tag}>催行中止</span>
                      ) : (
                        dep.left === 0 && <span className={styles.tag}>{d.stopped ? '停止中' : '残席なし'}</span>
                      )}
                    </th>
                    <td className="num" data-label="残席">
                      {dep.left}
                    </td>
                    <td className="num" data-label="仮押さえ">
                      {dep.held}
                    </td>
                    <td className="num" data-label="販売済">
                      {dep.sold}
                    </td>
                    <td className="num" data-label="定員">
                      {capacityOf(dep)}
                    </td>
                    <td className="adm-full" data-label="料金">
                      <span className={styles.prices}>
                        {ageClasses.map((c) => (
                          <span key={c}>
                            {AGE_CLASS_LABEL[c]} {yen(dep[STOCK_PRICE_KEY[c]])}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td className={`adm-full ${styles.action}`}>
                      <button
                        type="button"
                        className="adm-button"
                        aria-label={`${name}の便を変更`}
                        onClick={(event) => {
                          opener.current = event.currentTarget;
                          setDone('');
                          setChosen({ date: d.date, stopped: dep.stopped, departure: dep });
                        }}
                      >
                        変更
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
      {chosen && (
        <DepartureDialog
          key={`${chosen.date} ${chosen.departure.startTime}`}
          opcd={opcd}
          chosen={chosen}
          ageClasses={ageClasses}
          onClose={close}
          onDone={(text) => {
            close();
            setDone(text);
          }}
        />
      )}
    </>
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

/**
 * Start times as a clerk types them: `10:00, 13:00`, `10:00 13:00`, `１０：００、１３：００` or `9:00` (read as
 * 09:00), in time order; what is not a time is kept as typed, for the contract to refuse with its message.
 */
function typedTimes(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/[\s,、，・/]+/)
    .filter((t) => t !== '')
    .map((t) => (/^\d:\d\d$/.test(t) ? `0${t}` : t))
    .sort();
}

/** The first message among a field's errors (a list's are per item). */
function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  if ('message' in errors && typeof errors.message === 'string') return errors.message;
  for (const value of Object.values(errors)) {
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
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

/** What the bulk edit's form holds: the controls' own values (text, checked weekdays), before they are read. */
interface BulkEditValues {
  from: string;
  to: string;
  weekdays: string[];
  times: string;
  durationMinutes: string;
  stock: { mode: Mode; seats: string };
  withPrices: boolean;
  prices: Record<PriceKey, string>;
}

/** The prices typed for the classes the option sells, and a refusal of each one it sells and left out. */
function readPrices(ageClasses: readonly AgeClass[], prices: Record<PriceKey, string>) {
  return Object.fromEntries(priceFields(ageClasses).map(([key]) => [key, typedNumber(prices[key])]));
}
function refuseMissingPrices(ageClasses: readonly AgeClass[]) {
  return (r: { prices: Parameters<typeof stockPricesMissing>[0] | null }, ctx: z.RefinementCtx) => {
    for (const c of r.prices ? stockPricesMissing(r.prices, ageClasses) : []) {
      ctx.addIssue({
        code: 'custom',
        path: ['prices', STOCK_PRICE_KEY[c]],
        message: stockPriceRequired(AGE_CLASS_LABEL[c]),
      });
    }
  };
}

/**
 * The form read into the contract's stockEditRequest, and checked by it: its messages are the server's, at the same
 * paths as the form's fields. A class the option sells needs its price (stockPricesMissing, as the server checks it).
 * Without start times the request is the one of whole days, as it was before there were any.
 */
function bulkEditForm(ageClasses: readonly AgeClass[]) {
  return z
    .custom<BulkEditValues>()
    .transform((v) => {
      const times = typedTimes(v.times);
      const minutes = typedNumber(v.durationMinutes);
      return {
        from: v.from,
        to: v.to,
        weekdays: v.weekdays.map(Number).sort(),
        ...(times.length > 0 || minutes !== undefined ? { times, durationMinutes: minutes ?? null } : {}),
        stock:
          v.stock.mode === 'none'
            ? null
            : v.stock.mode === 'close'
              ? { mode: v.stock.mode }
              : { mode: v.stock.mode, seats: typedNumber(v.stock.seats) },
        prices: v.withPrices ? readPrices(ageClasses, v.prices) : null,
      };
    })
    .pipe(stockEditRequest.superRefine(refuseMissingPrices(ageClasses)));
}

/** A departure's state in a change, as one line: 定員12席・残席9席・大人 8,000円…・11:30終了. */
function describeState(s: DepartureState, ageClasses: readonly AgeClass[]): string {
  const prices = ageClasses.map((c) => `${AGE_CLASS_LABEL[c]} ${yen(s[STOCK_PRICE_KEY[c]])}`);
  return [`定員${s.capacity}席`, `残席${s.left}席`, ...prices, ...(s.endTime ? [`${s.endTime}終了`] : [])].join('・');
}

/** What a change does, in words: what is made or removed, or each figure that moves (before → after). */
function describeChange(c: StockChange, ageClasses: readonly AgeClass[]): string {
  const kept = c.stopped ? '（催行中止のため席は閉じたままです）' : '';
  if (c.before === null && c.after) return `追加：${describeState(c.after, ageClasses)}${kept}`;
  if (c.after === null && c.before) return `削除（${describeState(c.before, ageClasses)}）`;
  const { before, after } = c;
  if (!before || !after) return '';
  const moves: string[] = [];
  if (before.capacity !== after.capacity) moves.push(`定員 ${before.capacity}→${after.capacity}席`);
  if (before.left !== after.left) moves.push(`残席 ${before.left}→${after.left}席`);
  for (const cl of ageClasses) {
    const key = STOCK_PRICE_KEY[cl];
    if (before[key] !== after[key]) moves.push(`${AGE_CLASS_LABEL[cl]} ${yen(before[key])}→${yen(after[key])}`);
  }
  if (before.endTime !== after.endTime) moves.push(`終了 ${before.endTime || 'なし'}→${after.endTime || 'なし'}`);
  return `${moves.join('、')}${kept}`;
}

/**
 * The days (2026-12-05) and departures (2026-12-05 10:00) called off in an edit's range, whose seats it leaves closed:
 * 催行中止の日（2026/12/05）…, or 催行中止の日・便 when a departure was called off alone.
 */
function stoppedText(stopped: readonly string[], tail: string): string {
  if (stopped.length === 0) return '';
  const what = stopped.some((s) => s.includes(' ')) ? '催行中止の日・便' : '催行中止の日';
  return `${what}（${stopped.map(formatDay).join('、')}）${tail}`;
}

/** How many changes the preview lists; the rest are counted. */
const PREVIEW_ROWS = 60;

/**
 * まとめて変更: a date range × weekdays gets a stock change and/or the prices, on whole days or on each start time
 * given (with a duration for their end). The range follows the month on screen (see defaultRange); prices are
 * changed only when asked, starting from the month's own, and an empty price is refused rather than read as 0円.
 * Nothing is sent before the server's preview says what will change, per day and time.
 */
function BulkEdit({ opcd, month, data }: { opcd: string; month: string; data: StockMonth | undefined }) {
  const client = useQueryClient();
  // Only the prices of the classes the option sells are asked for; adults until the month is known.
  const ageClasses = data?.ageClasses ?? ['adult'];
  const priceInputs = priceFields(ageClasses);
  const schema = useMemo(() => bulkEditForm(data?.ageClasses ?? []), [data?.ageClasses]);
  const form = useForm<BulkEditValues, unknown, StockEditRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...defaultRange(month, data),
      weekdays: WEEKDAY_LABEL.map((_, i) => String(i)),
      times: '',
      durationMinutes: '',
      stock: { mode: 'set', seats: '10' },
      withPrices: false,
      prices: { adultbaika: '', middlebaika: '', childbaika: '', infantbaika: '' },
    },
  });
  const { errors } = form.formState;
  const [mode, withPrices, timesText] = useWatch({
    control: form.control,
    name: ['stock.mode', 'withPrices', 'times'],
  });
  const [pending, setPending] = useState<{ request: StockEditRequest; preview: StockPreview } | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const monthTimes = [...new Set(data?.days.flatMap((d) => d.departures.map((p) => p.startTime)) ?? [])]
    .filter((t) => t !== '')
    .sort();

  function askPrices(checked: boolean) {
    // Start from what the month's first departure on sale costs now, so that one class can be changed alone.
    const current = data?.days.find((d) => d.open)?.departures[0];
    if (checked && current && Object.values(form.getValues('prices')).every((v) => v === '')) {
      for (const [key] of priceInputs) form.setValue(`prices.${key}`, String(current[key]));
    }
  }

  async function review(request: StockEditRequest) {
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
    setBusy(true);
    try {
      const preview = await adminCall(CONSOLE['POST /options/{opcd}/stock/preview'], {
        params: { opcd },
        body: request,
      });
      setPending({ request, preview });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function send() {
    if (!pending || busy) return;
    setBusy(true);
    setError('');
    try {
      const result = await adminCall(CONSOLE['POST /options/{opcd}/stock'], {
        params: { opcd },
        body: pending.request,
      });
      setPending(null);
      setDone(`${result.days}日分を変更しました。${stoppedText(result.stopped, 'の席数は変更していません。')}`);
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
  const timesText2 = (r: StockEditRequest) => {
    const times = r.times ?? [];
    if (times.length === 0) return '終日（開始時刻なし）';
    const minutes = r.durationMinutes ?? null;
    return times.map((t) => (minutes === null ? t : formatTimes(t, departureEnd(t, minutes) ?? '', 'ja'))).join('、');
  };
  const typed = typedTimes(timesText);
  const switchWarning =
    data?.timed && typed.length === 0
      ? `この商品は開始時刻ごとに販売しています（この月：${monthTimes.join('・') || 'なし'}）。開始時刻が空欄のままだと、対象の日は終日の販売に切り替わります。`
      : !data?.timed && typed.length > 0 && data?.days.some((d) => d.open)
        ? 'この商品は終日で販売しています。開始時刻を入力すると、対象の日は開始時刻ごとの販売に切り替わります。'
        : '';

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
        <div className={styles.times}>
          <Field
            label="開始時刻"
            id="bulk-times"
            hint="10:00, 13:00 のように区切って入力します。空欄のときは終日（1日単位）で変更します。"
            error={firstMessage(errors.times)}
          >
            {(c) => (
              <input
                {...c}
                inputMode="text"
                autoComplete="off"
                placeholder="10:00, 13:00"
                {...form.register('times')}
              />
            )}
          </Field>
          <Field
            label="所要時間（分）"
            id="bulk-duration"
            className="adm-seats"
            hint="終了時刻の計算に使います。空欄のときは終了時刻を変えません。"
            error={errors.durationMinutes?.message}
          >
            {(c) => (
              <input
                {...c}
                inputMode="numeric"
                autoComplete="off"
                placeholder="90"
                {...form.register('durationMinutes')}
              />
            )}
          </Field>
        </div>
        {switchWarning && <p className={styles.note}>{switchWarning}</p>}
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
        <button type="submit" className="adm-primary" disabled={busy && !pending} aria-busy={busy && !pending}>
          {busy && !pending ? '確認しています…' : '内容を確認する'}
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
        disabled={pending?.preview.changes.length === 0}
        wide
      >
        {pending && (
          <BulkPreview
            request={pending.request}
            preview={pending.preview}
            rows={[
              ['期間', `${formatDay(pending.request.from)}〜${formatDay(pending.request.to)}`],
              ['曜日', pending.request.weekdays.map((d) => WEEKDAY_LABEL[d]).join('・')],
              ['対象', `${stockEditDays(pending.request).length}日（販売期間内の日）`],
              ['開始時刻', timesText2(pending.request)],
              ['在庫', stockText(pending.request.stock)],
              [
                '料金',
                pending.request.prices
                  ? priceInputs
                      .map(([key, , c]) => `${AGE_CLASS_LABEL[c]} ${yen(pending.request.prices?.[key] ?? 0)}`)
                      .join('・')
                  : '変更しない',
              ],
            ]}
            ageClasses={ageClasses}
          />
        )}
      </ActionDialog>
    </>
  );
}

/** The confirmation's body: the edit in words, then each departure it changes (from the server's preview). */
function BulkPreview({
  request,
  preview,
  rows,
  ageClasses,
}: {
  request: StockEditRequest;
  preview: StockPreview;
  rows: [string, string][];
  ageClasses: readonly AgeClass[];
}) {
  const { changes } = preview;
  const removed = changes.filter((c) => c.after === null);
  return (
    <>
      <Facts className="adm-effect" rows={rows} />
      {request.prices?.adultbaika === 0 && (
        <p className="adm-alert">大人料金が0円です。対象の日は無料で販売されます。</p>
      )}
      {removed.length > 0 && (
        <p className="adm-alert">
          {removed.every((c) => c.startTime === '')
            ? `${removed.length}日分の終日の販売を削除し、開始時刻ごとの販売に切り替えます。`
            : `開始時刻ごとの便（${removed.length}便）を削除し、終日の販売に切り替えます。`}
          削除する分に予約やキャンセル待ちはありません。
        </p>
      )}
      {preview.stopped.length > 0 && <p>{stoppedText(preview.stopped, 'の席は閉じたままです。')}</p>}
      {changes.length === 0 ? (
        <p>変更される便はありません（いまの内容と同じです）。</p>
      ) : (
        <div className={styles.changes}>
          <table className="adm-table">
            <caption>変更される便（{changes.length}件）</caption>
            <thead>
              <tr>
                <th scope="col">日付・時刻</th>
                <th scope="col">変更内容</th>
              </tr>
            </thead>
            <tbody>
              {changes.slice(0, PREVIEW_ROWS).map((c) => (
                <tr key={`${c.date} ${c.startTime}`}>
                  <th scope="row">
                    {shortDay(c.date)} {c.startTime === '' ? '終日' : c.startTime}
                  </th>
                  <td className="wrap">{describeChange(c, ageClasses)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {changes.length > PREVIEW_ROWS && <p className="adm-muted">ほか{changes.length - PREVIEW_ROWS}件</p>}
        </div>
      )}
    </>
  );
}

type OneMode = 'none' | 'set' | 'close';
/** What the dialog of one departure holds. */
interface DepartureValues {
  stock: { mode: OneMode; seats: string };
  withPrices: boolean;
  prices: Record<PriceKey, string>;
}

function departureForm(date: string, startTime: string, ageClasses: readonly AgeClass[]) {
  return z
    .custom<DepartureValues>()
    .transform((v) => ({
      date,
      startTime,
      stock:
        v.stock.mode === 'none'
          ? null
          : v.stock.mode === 'close'
            ? { mode: v.stock.mode }
            : { mode: v.stock.mode, seats: typedNumber(v.stock.seats) },
      prices: v.withPrices ? readPrices(ageClasses, v.prices) : null,
    }))
    .pipe(departureEditRequest.superRefine(refuseMissingPrices(ageClasses)));
}

/**
 * One departure alone: its capacity (never below what is held: the server says so), closing it, or its prices.
 * Closing removes it when nothing is on it, or leaves it listed with no seat left for the bookings it has.
 */
function DepartureDialog({
  opcd,
  chosen,
  ageClasses,
  onClose,
  onDone,
}: {
  opcd: string;
  chosen: Chosen;
  ageClasses: readonly AgeClass[];
  onClose(): void;
  onDone(text: string): void;
}) {
  const client = useQueryClient();
  const { date, stopped, departure: dep } = chosen;
  const name = `${formatDay(date)}（${WEEKDAY_LABEL[weekdayOf(date)]}）${timesOf(dep)}`;
  const schema = useMemo(() => departureForm(date, dep.startTime, ageClasses), [date, dep.startTime, ageClasses]);
  const form = useForm<DepartureValues, unknown, DepartureEditRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      stock: { mode: stopped ? 'none' : 'set', seats: String(capacityOf(dep)) },
      withPrices: stopped,
      prices: Object.fromEntries(priceFields(ageClasses).map(([key]) => [key, String(dep[key])])) as Record<
        PriceKey,
        string
      >,
    },
  });
  const { errors } = form.formState;
  const [mode, withPrices] = useWatch({ control: form.control, name: ['stock.mode', 'withPrices'] });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const taken = dep.held + dep.sold;

  async function send(request: DepartureEditRequest) {
    setBusy(true);
    setError('');
    try {
      const { outcome } = await adminCall(CONSOLE['POST /options/{opcd}/stock/departure'], {
        params: { opcd },
        body: request,
      });
      await client.invalidateQueries({ queryKey: ['admin', 'catalog', opcd, 'stock'] });
      onDone(
        outcome === 'removed'
          ? `${name}の便を削除しました（予約もキャンセル待ちもなかったため）。`
          : outcome === 'closed'
            ? `${name}の便の販売を終了しました。予約済みの席はそのまま残り、残席は0席です。`
            : `${name}の便を変更しました。`,
      );
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const modes: [OneMode, string][] = [
    ['set', '定員を変更（予約済みの席を含む総数）'],
    ['close', '販売を終了'],
    ['none', '変更しない'],
  ];
  return (
    <ActionDialog
      open
      title={`${name}の便を変更`}
      onClose={onClose}
      onSubmit={() => void form.handleSubmit(send)()}
      submitLabel="変更する"
      busy={busy}
      error={error || errors.stock?.message || null}
    >
      <Facts
        className="adm-effect"
        rows={[
          ['いまの席', `定員${capacityOf(dep)}席（残席${dep.left}・仮押さえ${dep.held}・販売済${dep.sold}）`],
          ['いまの料金', ageClasses.map((c) => `${AGE_CLASS_LABEL[c]} ${yen(dep[STOCK_PRICE_KEY[c]])}`).join('・')],
        ]}
      />
      {stopped && <p>催行中止のため、席数は変更できません。料金だけ変更できます。</p>}
      <fieldset className="adm-checks" disabled={stopped}>
        <legend>在庫</legend>
        {modes.map(([value, label]) => (
          <label key={value} className="adm-check">
            <input type="radio" value={value} {...form.register('stock.mode')} /> {label}
          </label>
        ))}
      </fieldset>
      {mode === 'set' && (
        <Field
          label="定員（席）"
          id="departure-seats"
          className="adm-seats"
          required
          hint={taken > 0 ? `予約で${taken}席が使われています。${taken}席以上にしてください。` : undefined}
          error={errors.stock?.seats?.message}
        >
          {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...form.register('stock.seats')} />}
        </Field>
      )}
      {mode === 'close' && (
        <p className={styles.note}>
          {taken > 0
            ? `予約済みの${taken}席はそのまま残ります。残席を0にして、この便はカレンダーに残します。`
            : '予約がないため、この便は削除されます（キャンセル待ちの方がいるときは、残席0にして残します）。'}
        </p>
      )}
      <label className="adm-check">
        <input type="checkbox" {...form.register('withPrices')} /> 料金も変更する
      </label>
      {withPrices && (
        <div className="adm-filter-grid">
          {priceFields(ageClasses).map(([key, label]) => (
            <Field key={key} label={label} id={`departure-${key}`} required error={errors.prices?.[key]?.message}>
              {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...form.register(`prices.${key}`)} />}
            </Field>
          ))}
        </div>
      )}
    </ActionDialog>
  );
}
