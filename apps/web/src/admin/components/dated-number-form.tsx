/** The add form of dated numbers (a resource's capacity, a rental size's pairs on a date): a date and a number. */
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Field } from '../../components/form/field.tsx';
import { SchemaForm, type SchemaFormApi } from './schema-form.tsx';
import type { Registered } from './select-field.tsx';

/**
 * A number on a date, added or, when the date already has one, changed: the date, then `what` (the fields saying
 * what the number is of), the number, then `after` (a note), and the submit button.
 */
export function DatedNumberForm<In extends FieldValues, Out>({
  form,
  label,
  date,
  number,
  what,
  after,
}: {
  form: SchemaFormApi<In, Out>;
  /** The form's accessible name. */
  label: string;
  /** The date field, with the fixed id a removed row's button gives focus to. */
  date: Registered & { id: string };
  number: Registered & { label: string };
  what?: ReactNode;
  after?: ReactNode;
}) {
  const { isSubmitting } = form;
  return (
    <SchemaForm form={form} className="adm-reseller-add" aria-label={label}>
      <div className="adm-staff-add-fields">
        <Field label="日付" id={date.id} required error={date.error}>
          {(control) => <input {...control} type="date" {...date.input} />}
        </Field>
        {what}
        <Field label={number.label} required error={number.error}>
          {(control) => <input {...control} inputMode="numeric" autoComplete="off" {...number.input} />}
        </Field>
        {after}
        <button type="submit" className="adm-button" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? '処理中…' : '日付を追加・変更'}
        </button>
      </div>
    </SchemaForm>
  );
}
