/** 商品編集's 予約の条件: request or instant, party size, when it runs and when sales close, the age classes. */
import { EXTENDED_FIELD_LABEL, RENTAL_CODE_LABEL, TRAVEL_KUBUN_LABEL } from '@tabi/contract/admin-catalog';
import { EXTENDED_FIELD_NAMES, RENTAL_CODES } from '@tabi/contract/constants';
import { useWatch } from 'react-hook-form';
import type { OptionBinding, OptionControl } from './binding.ts';
import { Check, Checks, RichText, Select, TextInput } from './fields.tsx';
import { salesCutoffSummary } from './sales-cutoff-summary.ts';

/** The age table's two bounds: the draft's `…AgeMin`/`…AgeMax` fields and their column heads. */
const AGE_BOUNDS = [
  { key: 'Min', head: '下限年齢' },
  { key: 'Max', head: '上限年齢' },
] as const;

const AGE_ROWS = [
  ['adult', '大人'],
  ['middle', '中人'],
  ['child', '小人'],
  ['infant', '幼児'],
] as const;

export function ConditionsFieldset({ bind }: { bind: OptionBinding }) {
  const { form, field, text } = bind;
  return (
    <fieldset>
      <legend>予約の条件</legend>
      <Check label="リクエスト商品（手配後に確定）" input={form.register('option.flgRequestItem')} />
      <div className="adm-filter-grid">
        <Select
          label="旅行区分"
          field={field('option.travelkubun')}
          options={(['0', '1'] as const).map((v) => ({ value: v, label: TRAVEL_KUBUN_LABEL[Number(v) as 0 | 1] }))}
        />
        <Select
          label="レンタル"
          field={field('option.rentalcd')}
          options={RENTAL_CODES.filter((c) => c !== '').map((c) => ({ value: c, label: RENTAL_CODE_LABEL[c] }))}
          empty={RENTAL_CODE_LABEL['']}
        />
        <TextInput label="最小人数" inputMode="numeric" field={field('option.minPeople')} />
        <TextInput label="最大人数" inputMode="numeric" field={field('option.maxPeople')} />
      </div>
      <div className="adm-filter-grid">
        <TextInput
          label="最少催行人員（空欄：人数によらず催行）"
          inputMode="numeric"
          field={field('option.minTravellers')}
        />
        {deadlineInputs(field, 'decision')}
      </div>
      <div className="adm-filter-grid">
        {deadlineInputs(field, 'salesCutoff')}
        <SalesCutoffSummary control={form.control} />
      </div>
      <table className="adm-table adm-age-table">
        <caption>年齢区分（上限を空欄にした区分は受け付けません。大人は上限なしにできます）</caption>
        <thead>
          <tr>
            <th scope="col">区分</th>
            {AGE_BOUNDS.map((b) => (
              <th key={b.key} scope="col">
                {b.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {AGE_ROWS.map(([c, label]) => (
            <tr key={c}>
              <th scope="row">{label}</th>
              {AGE_BOUNDS.map((b) => (
                <td key={b.key}>
                  <TextInput
                    label={`${label}の${b.head}`}
                    hideLabel
                    inputMode="numeric"
                    field={field(`option.${c}Age${b.key}`)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <RichText label="年齢の注意書き" {...text('option.ageNote')} rows={2} />
      <Checks
        legend="追加の入力項目（参加者ごと）"
        field={field('option.extendedFields')}
        options={EXTENDED_FIELD_NAMES.map((n) => ({ value: n, label: EXTENDED_FIELD_LABEL[n] }))}
      />
    </fieldset>
  );
}

/**
 * The deadlines typed as a number of days before the use date and a time of that day: the draft's `…DaysBefore` and
 * `…Time` fields, their name, and what the days' label adds after 利用日の何日前.
 */
const DEADLINES = {
  decision: { name: '催行の決定', daysNote: '' },
  salesCutoff: { name: '申込締切', daysNote: '、0：当日' },
} as const;

/**
 * One deadline's two inputs, labelled alike for both. Called as the fieldset renders (not a component of its own), so
 * that its fields are registered in the form's order, which decides the refused field focused first.
 */
function deadlineInputs(field: OptionBinding['field'], deadline: keyof typeof DEADLINES) {
  const { name, daysNote } = DEADLINES[deadline];
  return (
    <>
      <TextInput
        label={`${name}（利用日の何日前${daysNote}）`}
        inputMode="numeric"
        field={field(`option.${deadline}DaysBefore`)}
      />
      <TextInput label={`${name}（時刻、例 17:00）`} inputMode="numeric" field={field(`option.${deadline}Time`)} />
    </>
  );
}

/** The cutoff as the detail page says it to customers, while the clerk types it. */
function SalesCutoffSummary({ control }: { control: OptionControl }) {
  const [days, time] = useWatch({ control, name: ['option.salesCutoffDaysBefore', 'option.salesCutoffTime'] });
  return (
    <p className="adm-muted" aria-live="polite">
      {salesCutoffSummary(days, time)}
    </p>
  );
}
