import { CONSOLE } from '@tabi/contract/console-endpoints';
import {
  DAY_STOP_REASON_LABEL,
  DAY_STOP_REASONS,
  type DayStopBooking,
  type DayStopDeparture,
  type DayStopLine,
  DayStopMsg,
  type DayStopPreview,
  type DayStopRequest,
  dayStopRequest,
} from '@tabi/contract/day-stop';
import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Field, FieldSet } from '../../components/form/field.tsx';
import { ActionDialog } from '../components/action-dialog.tsx';
import { bookingCell, countCell, dateCell, dateTimeCell, NUM, Product, WRAP, yenCell } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { AdminPage, Card, Facts } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { SchemaForm, useSchemaForm } from '../components/schema-form.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { useConsoleAction } from '../lib/booking-api.ts';
import { useOptionChoices } from '../lib/catalog-queries.ts';
import { inputToYmd, slashDate, yen, ymdToInput } from '../lib/format.ts';
import { useMe } from '../lib/staff-session.ts';

const STOPS_KEY = ['admin', 'day-stops'] as const;

/** A departure's time (ADR 0196): 「13:00〜14:00」; '' for a whole day. */
const timeOf = (d: { startTime: string; endTime: string }) => (d.startTime ? `${d.startTime}〜${d.endTime}` : '');

const bookingColumn = createColumnHelper<DayStopBooking>();
const bookingColumns = [
  bookingColumn.accessor('rsvno', { header: '予約番号', cell: bookingCell }),
  bookingColumn.accessor('name', { header: '申込者' }),
  bookingColumn.accessor('webname', {
    header: '商品',
    meta: WRAP,
    cell: (c) => <Product opcd={c.row.original.opcd} webname={c.getValue()} />,
  }),
  bookingColumn.accessor('usedate', { header: '利用日', cell: dateCell }),
  bookingColumn.accessor('startTime', { header: '時間', cell: (c) => timeOf(c.row.original) || '終日' }),
  bookingColumn.accessor('travellers', { header: '人数', cell: countCell('名'), meta: NUM }),
  bookingColumn.accessor('statusLabel', { header: '状態' }),
  bookingColumn.accessor('channel', { header: '販売チャネル' }),
  bookingColumn.accessor('refund', { header: 'カード返金（全額）', cell: yenCell, meta: NUM }),
  bookingColumn.accessor('notice', {
    header: 'お知らせ',
    cell: (c) => (c.getValue() === 'mail' ? 'メール' : '販売店がOCTOで確認（請求なし）'),
  }),
  bookingColumn.accessor('external', {
    header: '外部チケット',
    cell: (c) => (c.getValue() ? <strong className="adm-error-text">要対応</strong> : '—'),
  }),
] as ColumnDef<DayStopBooking, unknown>[];

const stopColumn = createColumnHelper<DayStopLine>();
const stopColumns = [
  stopColumn.accessor('createdAt', { header: '実行日時', cell: dateTimeCell }),
  stopColumn.accessor('days', {
    header: '対象',
    meta: WRAP,
    cell: (c) =>
      [
        ...new Set(
          c
            .getValue()
            .map((d) => `${slashDate(d.usedate)}${d.startTime ? ` ${timeOf(d)}` : ''} ${d.opcd} ${d.webname}`),
        ),
      ]
        .slice(0, 5)
        .join('、') + (c.getValue().length > 5 ? ` ほか${c.getValue().length - 5}件` : ''),
  }),
  stopColumn.accessor('reasonLabel', { header: '理由', meta: WRAP }),
  stopColumn.accessor('staff', { header: '実行者' }),
  stopColumn.display({
    id: 'progress',
    header: '処理',
    cell: (c) => {
      const s = c.row.original;
      return s.state === 'done' ? `完了（${s.bookings}件）` : `処理中 ${s.done}/${s.bookings}件`;
    },
  }),
  stopColumn.accessor('refund', { header: '返金', cell: yenCell, meta: NUM }),
  stopColumn.accessor('external', {
    header: '外部チケット',
    cell: (c) => (c.getValue() > 0 ? `${c.getValue()}件 要対応` : '—'),
  }),
] as ColumnDef<DayStopLine, unknown>[];

/** What the form holds: the target (an option or every option of a facility), the days, a departure, the reason. */
const draftFields = z.object({
  target: z.string().min(1, DayStopMsg.noOption),
  from: z.string().min(1, '対象の日付を入力してください。'),
  to: z.string(),
  /** One departure of the day (its start time), or '': the whole day (この日すべて). */
  startTime: z.string(),
  reason: z.enum(DAY_STOP_REASONS),
  reasonText: z.string(),
});
type Draft = z.infer<typeof draftFields>;

/** The one option and day the form names, when it names them (a departure can be chosen then). */
function oneDayOf(d: Draft): { opcd: string; date: string } | null {
  if (d.target === '' || d.target.startsWith('facility:') || !d.from) return null;
  if (d.to && d.to !== d.from) return null;
  return { opcd: d.target, date: inputToYmd(d.from) };
}

/** The form's target: an option code, or `facility:<id>` for every option of a facility; and a departure of it. */
function requestOf(d: Draft): DayStopRequest {
  const facility = /^facility:(\d+)$/.exec(d.target);
  return {
    opcds: facility || d.target === '' ? [] : [d.target],
    ...(facility ? { facilityId: Number(facility[1]) } : {}),
    from: inputToYmd(d.from),
    to: inputToYmd(d.to || d.from),
    ...(d.startTime && oneDayOf(d) ? { startTime: d.startTime } : {}),
    reason: d.reason,
    reasonText: d.reasonText,
  };
}

/**
 * What the form holds, made into the request and checked by the contract (the range, その他's reason, the departure),
 * its issues landing on the fields of the same names.
 */
const draftForm = draftFields.transform(requestOf).pipe(dayStopRequest);

/** A departure as its radio says it: its time, who is booked on it and the seats left, or that it is called off. */
function departureChoiceLabel(d: DayStopDeparture): string {
  if (d.stopped) return `${timeOf(d)}（催行中止済み）`;
  return `${timeOf(d)}（予約${d.bookings}件・${d.travellers}名、残り${d.seatsLeft}席）`;
}

/**
 * 「この日すべて」 or one departure, for an option sold at start times once its day is chosen (ADR 0196); nothing for
 * an option sold by whole days.
 */
function DepartureChoice({ draft, onChange }: { draft: Draft; onChange(startTime: string): void }) {
  const day = oneDayOf(draft);
  const list = useQuery({
    queryKey: ['admin', 'day-stops', 'departures', day?.opcd, day?.date],
    queryFn: () =>
      adminCall(CONSOLE['GET /day-stops/departures'], { query: { opcd: day?.opcd ?? '', date: day?.date ?? '' } }),
    enabled: day !== null && /^\d{8}$/.test(day.date),
  });
  const timed = (list.data?.departures ?? []).filter((d) => d.startTime !== '');
  if (!day || timed.length === 0) return null;
  if (list.data?.dayStopped) {
    return <p className="adm-muted">この日は既に催行中止になっています。</p>;
  }
  const travellers = timed.reduce((n, d) => n + d.travellers, 0);
  return (
    <FieldSet legend="対象の便" required className="field adm-radio-row adm-stop-departures">
      {() => (
        <>
          <label>
            <input
              type="radio"
              name="startTime"
              value=""
              checked={draft.startTime === ''}
              onChange={() => onChange('')}
            />{' '}
            この日すべて（{timed.length}便・{travellers}名）
          </label>
          {timed.map((d) => (
            <label key={d.startTime}>
              <input
                type="radio"
                name="startTime"
                value={d.startTime}
                checked={draft.startTime === d.startTime}
                disabled={d.stopped}
                onChange={() => onChange(d.startTime)}
              />{' '}
              {departureChoiceLabel(d)}
            </label>
          ))}
        </>
      )}
    </FieldSet>
  );
}

/**
 * 催行中止 (ADR 0165): one option or every option of a facility, one day or a range, with the reason; a preview of
 * every booking, traveller, refund and mail first, then one confirmation. The stops below show their progress.
 */
export function DayStopsPage() {
  const [params] = useSearchParams();
  const me = useMe();
  const options = useOptionChoices();
  const facilities = useQuery({
    queryKey: ['admin', 'facilities'],
    queryFn: () => adminCall(CONSOLE['GET /facilities']),
    enabled: me.data?.role === 'admin',
  });
  const stops = useQuery({ queryKey: STOPS_KEY, queryFn: () => adminCall(CONSOLE['GET /day-stops']) });
  const day = params.get('date') ?? '';
  const [preview, setPreview] = useState<{ request: DayStopRequest; result: DayStopPreview } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState('');
  const formId = useId();
  const stop = useSchemaForm(draftForm, {
    defaultValues: {
      target: params.get('opcd') ?? '',
      from: /^\d{8}$/.test(day) ? ymdToInput(day) : '',
      to: /^\d{8}$/.test(day) ? ymdToInput(day) : '',
      startTime: /^\d{2}:\d{2}$/.test(params.get('start') ?? '') ? (params.get('start') ?? '') : '',
      reason: DAY_STOP_REASONS.find((r) => r === params.get('reason')) ?? 'weather',
      reasonText: '',
    },
    async onSubmit(request) {
      setMessage('');
      setPreview({ request, result: await adminCall(CONSOLE['POST /day-stops/preview'], { body: request }) });
    },
  });
  const { form } = stop;
  const { errors } = form.formState;
  const draft = form.watch();
  /** Any change asks for a new preview; a departure is of one option's day, so another option or day forgets it. */
  const changed = () => setPreview(null);
  const forgetDeparture = () => {
    form.setValue('startTime', '');
    setPreview(null);
  };

  const start = useConsoleAction(
    (request: DayStopRequest) => adminCall(CONSOLE['POST /day-stops'], { body: request }),
    (result) => {
      setConfirming(false);
      setPreview(null);
      // The departure just called off can no longer be chosen: back to the whole day.
      form.setValue('startTime', '');
      setMessage(
        `催行中止を実行しました（予約${result.bookings}件）。キャンセル・返金・お知らせメールを順に処理しています。下の一覧で進み具合を確認できます。`,
      );
    },
  );

  const totals = preview?.result.totals;
  // A departure's stop names its day and time; a stop of days counts them.
  const only = preview?.result.days.length === 1 ? preview.result.days[0] : undefined;
  const what =
    only?.startTime !== undefined && only.startTime !== ''
      ? `${slashDate(only.usedate)} ${timeOf(only)}の便`
      : `${totals?.days ?? 0}日分`;
  return (
    <AdminPage title="催行中止">
      {message && <output className="adm-success">{message}</output>}
      <SchemaForm form={stop} className="adm-card adm-stop-form" aria-describedby={formId}>
        <p id={formId} className="adm-muted">
          悪天候や最少催行人員に満たないときに、対象の日の予約をまとめて当社都合でキャンセルします（キャンセル料なし・全額返金・お客様へのお知らせメール・その日の販売停止）。実行前に内容を確認できます。
        </p>
        <div className="adm-filter-grid">
          <Field label="対象" required error={errors.target?.message}>
            {(c) => (
              <select {...c} {...form.register('target', { onChange: forgetDeparture })}>
                <option value="">選択してください</option>
                <optgroup label="商品">
                  {(options.data ?? []).map((o) => (
                    <option key={o.opcd} value={o.opcd}>
                      {o.opcd} {o.webname}
                    </option>
                  ))}
                </optgroup>
                {(facilities.data ?? []).length > 0 && (
                  <optgroup label="施設のすべての商品">
                    {(facilities.data ?? []).map((f) => (
                      <option key={f.id} value={`facility:${f.id}`}>
                        {f.name}（{f.options.length}商品）
                      </option>
                    ))}
                  </optgroup>
                )}
              </select>
            )}
          </Field>
          <Field label="開始日" required error={errors.from?.message}>
            {(c) => <input {...c} type="date" {...form.register('from', { onChange: forgetDeparture })} />}
          </Field>
          <Field label="終了日" hint="1日だけなら空欄" error={errors.to?.message}>
            {(c) => <input {...c} type="date" {...form.register('to', { onChange: forgetDeparture })} />}
          </Field>
        </div>
        <DepartureChoice
          draft={draft}
          onChange={(startTime) => {
            form.setValue('startTime', startTime);
            changed();
          }}
        />
        <FieldSet legend="理由" required className="field adm-radio-row">
          {() =>
            DAY_STOP_REASONS.map((r) => (
              <label key={r}>
                <input type="radio" value={r} {...form.register('reason', { onChange: changed })} />{' '}
                {DAY_STOP_REASON_LABEL[r]}
              </label>
            ))
          }
        </FieldSet>
        <Field
          label="理由の説明"
          hint="お客様へのメールに載ります（「その他」のときは必須）。"
          required={draft.reason === 'other'}
          error={errors.reasonText?.message}
        >
          {(c) => <input {...c} maxLength={200} {...form.register('reasonText', { onChange: changed })} />}
        </Field>
        <button type="submit" className="adm-primary" disabled={stop.isSubmitting} aria-busy={stop.isSubmitting}>
          {stop.isSubmitting ? '確認中…' : '内容を確認する'}
        </button>
      </SchemaForm>

      {preview && totals && (
        <Card id="stop-preview" title={`催行中止の内容（${preview.result.reasonLabel}）`}>
          <Facts
            rows={[
              only?.startTime
                ? ['対象の便', `${what}（販売中の残席${totals.seatsClosed}席を停止。同じ日のほかの便は販売を続けます）`]
                : ['対象の日', `${totals.days}日（販売中の残席${totals.seatsClosed}席を停止）`],
              ['キャンセルする予約', `${totals.bookings}件・${totals.travellers}名`],
              ['カード返金（全額）', yen(totals.refund)],
              ['お知らせメール', `${totals.mails}通`],
              ...(totals.resellerBookings > 0
                ? [
                    [
                      '販売店経由の予約',
                      `${totals.resellerBookings}件（メール・カード返金なし。販売店はOCTOで取消を確認でき、売掛${yen(totals.onAccount)}は請求しません）`,
                    ] as [string, string],
                  ]
                : []),
              ['外部チケット（要対応）', totals.external > 0 ? `${totals.external}件` : 'なし'],
            ]}
          />
          {totals.external > 0 && (
            <p className="adm-alert" role="alert">
              JR・DJ・Linktivity など外部で発券したチケットのある予約が{totals.external}
              件あります。当社の予約はキャンセルされますが、発券元での取消は担当者が行ってください。
            </p>
          )}
          <DataTable
            caption="キャンセルする予約"
            captionShown
            columns={bookingColumns}
            data={preview.result.bookings}
            rowKey={(b) => b.rsvno}
            empty="この日の予約はありません（販売のみ停止します）。"
            emptyAsText
          />
          <button type="button" className="adm-danger" onClick={() => setConfirming(true)}>
            催行中止を実行する
          </button>
          <ActionDialog
            open={confirming}
            title="催行中止を実行する"
            submitLabel="実行する"
            danger
            wide
            action={start}
            onClose={() => setConfirming(false)}
            onSubmit={() => start.mutate(preview.request)}
          >
            <p>
              {what}の販売を停止し、予約{totals.bookings}件（{totals.travellers}
              名）を当社都合でキャンセルします。キャンセル料はいただかず、カードでお支払い済みの{yen(totals.refund)}
              を全額返金し、お客様{totals.mails}件に理由と今後の空き日を記したメールを送ります。
              {totals.resellerBookings > 0 &&
                `販売店経由の${totals.resellerBookings}件はメール・返金の対象外で、販売店がOCTOで取消を確認します（売掛${yen(totals.onAccount)}は請求しません）。`}
              元に戻すことはできません。
            </p>
          </ActionDialog>
        </Card>
      )}

      <QueryView query={stops}>
        {(rows) => (
          <DataTable
            caption="催行中止の履歴（処理中と過去30日）"
            captionShown
            columns={stopColumns}
            data={rows}
            rowKey={(s) => String(s.id)}
            empty="催行中止の記録はありません。"
            emptyAsText
          />
        )}
      </QueryView>
    </AdminPage>
  );
}
