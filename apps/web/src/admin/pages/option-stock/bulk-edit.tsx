/** まとめて変更: the bulk edit's form, its preview asked of the server, and the change sent once confirmed. */
import { type StockMonth, stockEditDays, WEEKDAY_LABEL } from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { CatalogMsg } from '@tabi/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ErrorText, Field } from '../../../components/form/field.tsx';
import { FormAlert } from '../../components/query-state.tsx';
import { useSchemaForm } from '../../components/schema-form.tsx';
import { adminCall, errorText } from '../../lib/admin-api.ts';
import { firstMessage } from '../../lib/field-message.ts';
import { BulkConfirm, type PendingEdit } from './bulk-confirm.tsx';
import { bulkEditDefaults, bulkEditForm, MODE_LABEL, timesSwitchWarning } from './bulk-edit-form.ts';
import styles from './option-stock.module.css';
import { type Mode, priceFields, typedTimes } from './stock-form.ts';
import { stoppedText } from './stock-text.ts';

/**
 * まとめて変更: a date range × weekdays gets a stock change and/or the prices, on whole days or on each start time
 * given (with a duration for their end). The range follows the month on screen (see defaultRange); prices are
 * changed only when asked, starting from the month's own, and an empty price is refused rather than read as 0円.
 * Nothing is sent before the server's preview says what will change, per day and time.
 */
export function BulkEdit({ opcd, month, data }: { opcd: string; month: string; data: StockMonth | undefined }) {
  const client = useQueryClient();
  // Only the prices of the classes the option sells are asked for; adults until the month is known.
  const ageClasses = data?.ageClasses ?? ['adult'];
  const priceInputs = priceFields(ageClasses);
  const schema = useMemo(() => bulkEditForm(data?.ageClasses ?? []), [data?.ageClasses]);
  const [pending, setPending] = useState<PendingEdit | null>(null);
  const [done, setDone] = useState('');
  const bulk = useSchemaForm(schema, {
    defaultValues: bulkEditDefaults(month, data),
    // Asks the server's preview; the change itself is sent from the confirmation (send).
    async onSubmit(request) {
      // The server's own refusals, said before the confirmation rather than after it.
      const outside = data && (request.from < data.useFrom || request.to > data.useTo);
      const refusal = outside
        ? CatalogMsg.stockOutsidePeriod
        : stockEditDays(request).length === 0
          ? CatalogMsg.stockNoDays
          : '';
      if (refusal) {
        bulk.setFormError(refusal);
        return;
      }
      const preview = await adminCall(CONSOLE['POST /options/{opcd}/stock/preview'], {
        params: { opcd },
        body: request,
      });
      setPending({ request, preview });
    },
  });
  const { form } = bulk;
  const { errors } = form.formState;
  const [mode, withPrices, timesText] = useWatch({
    control: form.control,
    name: ['stock.mode', 'withPrices', 'times'],
  });
  /** The confirmed change on its way, and the server's refusal of it (said in the confirmation). */
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState('');
  const reviewing = bulk.isSubmitting && !pending;

  function askPrices(checked: boolean) {
    // Start from what the month's first departure on sale costs now, so that one class can be changed alone.
    const current = data?.days.find((d) => d.open)?.departures[0];
    if (checked && current && Object.values(form.getValues('prices')).every((v) => v === '')) {
      for (const [key] of priceInputs) form.setValue(`prices.${key}`, String(current[key]));
    }
  }

  async function send() {
    if (!pending || sending) return;
    setSending(true);
    setSendError('');
    try {
      const result = await adminCall(CONSOLE['POST /options/{opcd}/stock'], {
        params: { opcd },
        body: pending.request,
      });
      setPending(null);
      setDone(`${result.days}日分を変更しました。${stoppedText(result.stopped, 'の席数は変更していません。')}`);
      await client.invalidateQueries({ queryKey: ['admin', 'catalog', opcd, 'stock'] });
    } catch (e) {
      setSendError(errorText(e));
    } finally {
      setSending(false);
    }
  }

  const switchWarning = timesSwitchWarning(data, typedTimes(timesText));

  return (
    <>
      <form
        className="adm-card adm-bulk"
        onSubmit={(event) => {
          setDone('');
          bulk.setFormError('');
          void bulk.submit(event);
        }}
        noValidate
      >
        <h2>まとめて変更</h2>
        {done && <output className="adm-success">{done}</output>}
        {/* What no field says: nothing to change (the stock's own rule), or the server's refusal. */}
        <FormAlert>{pending ? '' : bulk.formError || errors.stock?.message}</FormAlert>
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
        <button type="submit" className="adm-primary" disabled={reviewing} aria-busy={reviewing}>
          {reviewing ? '確認しています…' : '内容を確認する'}
        </button>
      </form>
      <BulkConfirm
        pending={pending}
        ageClasses={ageClasses}
        busy={sending}
        error={sendError}
        onClose={() => {
          setPending(null);
          setSendError('');
        }}
        onSubmit={() => void send()}
      />
    </>
  );
}
