/** The dialog that changes one departure alone: its seats, a close, or its prices. */
import { type StockDeparture, WEEKDAY_LABEL } from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { AgeClass } from '@tabi/contract/constants';
import { weekdayOf } from '@tabi/contract/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field.tsx';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Facts } from '../../components/page.tsx';
import { useSchemaForm } from '../../components/schema-form.tsx';
import { adminCall } from '../../lib/admin-api.ts';
import { departureDefaults, departureForm, type OneMode } from './departure-form.ts';
import styles from './option-stock.module.css';
import { priceFields } from './stock-form.ts';
import { capacityOf, formatDay, priceTexts, timesOf } from './stock-text.ts';

/** The departure a clerk is changing alone, with its day. */
export interface Chosen {
  date: string;
  stopped: boolean;
  departure: StockDeparture;
}

const MODES: [OneMode, string][] = [
  ['set', '定員を変更（予約済みの席を含む総数）'],
  ['close', '販売を終了'],
  ['none', '変更しない'],
];

/**
 * One departure alone: its capacity (never below what is held: the server says so), closing it, or its prices.
 * Closing removes it when nothing is on it, or leaves it listed with no seat left for the bookings it has.
 */
export function DepartureDialog({
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
  const departure = useSchemaForm(schema, {
    defaultValues: departureDefaults(dep, stopped, ageClasses),
    async onSubmit(request) {
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
    },
  });
  const { form } = departure;
  const { errors } = form.formState;
  const [mode, withPrices] = useWatch({ control: form.control, name: ['stock.mode', 'withPrices'] });
  const taken = dep.held + dep.sold;

  return (
    <ActionDialog
      open
      title={`${name}の便を変更`}
      onClose={onClose}
      onSubmit={() => void departure.submit()}
      submitLabel="変更する"
      busy={departure.isSubmitting}
      error={departure.formError || errors.stock?.message || null}
    >
      <Facts
        className="adm-effect"
        rows={[
          ['いまの席', `定員${capacityOf(dep)}席（残席${dep.left}・仮押さえ${dep.held}・販売済${dep.sold}）`],
          ['いまの料金', priceTexts(ageClasses, dep).join('・')],
        ]}
      />
      {stopped && <p>催行中止のため、席数は変更できません。料金だけ変更できます。</p>}
      <fieldset className="adm-checks" disabled={stopped}>
        <legend>在庫</legend>
        {MODES.map(([value, label]) => (
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
