/** A labelled select of a console form, its choices drawn with `Options`. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/form/field.tsx';
import { type Choice, Options } from './filters.tsx';

/** A field as its form holds it: react-hook-form's registration and the message of its error. */
export interface Registered {
  input: UseFormRegisterReturn;
  error: string | undefined;
}

/**
 * A select bound to its form. `empty` is a first choice of nothing ("選択してください") for a field that starts
 * unchosen; without it the form's default is one of `choices`.
 */
export function SelectField({
  label,
  id,
  required,
  field,
  choices,
  empty,
}: {
  label: string;
  /** A fixed id for the select (focused from elsewhere); otherwise one is made. */
  id?: string;
  required?: boolean;
  field: Registered;
  choices: readonly Choice[];
  empty?: string;
}) {
  return (
    <Field label={label} id={id} required={required} error={field.error}>
      {(control) => (
        <select {...control} {...field.input}>
          {empty !== undefined && <option value="">{empty}</option>}
          <Options options={choices} />
        </select>
      )}
    </Field>
  );
}
