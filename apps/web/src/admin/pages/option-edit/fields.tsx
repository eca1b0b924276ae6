/** 商品編集's inputs: a line, a note, a choice, a checkbox and a list of them, and an HTML text with its preview. */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { Options } from '../../components/filters.tsx';
import type { FieldBinding, TextBinding } from './binding.ts';

interface TextInputProps {
  label: string;
  field: FieldBinding;
  hint?: string;
  hideLabel?: boolean;
  required?: boolean;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
  /** The language of the text typed (an English text's input). */
  lang?: string;
  /** Marked invalid with its message elsewhere (a cancellation tier's, under the table). */
  invalid?: boolean;
  describedBy?: string | undefined;
}

export function TextInput({
  label,
  field,
  hint,
  hideLabel,
  required,
  type,
  inputMode,
  lang,
  invalid,
  describedBy,
}: TextInputProps) {
  return (
    <Field
      label={hideLabel ? <span className="visually-hidden">{label}</span> : label}
      required={required}
      hint={hint}
      error={field.error}
      invalid={invalid}
      describedBy={describedBy}
    >
      {(c) => <input {...c} type={type ?? 'text'} inputMode={inputMode} lang={lang} {...field.input} />}
    </Field>
  );
}

/** A plain text of several lines (the day-before note, in Japanese and in English). */
export function Note(props: {
  label: string;
  hint: string;
  field: FieldBinding;
  rows?: number | undefined;
  lang?: string;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.field.error}>
      {(c) => <textarea {...c} lang={props.lang} rows={props.rows ?? 3} {...props.field.input} />}
    </Field>
  );
}

export function Select(props: {
  label: string;
  field: FieldBinding;
  options: { value: string; label: string }[];
  empty?: string;
}) {
  return (
    <Field label={props.label} error={props.field.error}>
      {(c) => (
        <select {...c} {...props.field.input}>
          <option value="">{props.empty ?? '選択してください'}</option>
          <Options options={props.options} />
        </select>
      )}
    </Field>
  );
}

type CheckInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> };

export function Check({ label, input }: { label: string; input: CheckInput }) {
  return (
    <label className="adm-check">
      <input type="checkbox" {...input} /> {label}
    </label>
  );
}

/** Checkboxes that make a list (the keywords, the extended fields): each checked one's value is in it. */
export function Checks(props: { legend: string; field: FieldBinding; options: { value: string; label: string }[] }) {
  return (
    <fieldset className="adm-checks">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <Check key={o.value} label={o.label} input={{ ...props.field.input, value: o.value }} />
      ))}
      {props.field.error && <p className="adm-error-text">{props.field.error}</p>}
    </fieldset>
  );
}

/** A rich text field: HTML typed as text, shown beside it through the public page's own sanitiser. */
export function RichText(
  props: TextBinding & {
    label: string;
    rows: number;
    /** The language of the text typed (an English text's field and its preview). */
    lang?: string;
  },
): ReactNode {
  const value = useWatch({ control: props.control, name: props.name });
  return (
    <div className="adm-rich">
      <Field label={props.label} error={props.error}>
        {(c) => <textarea {...c} lang={props.lang} rows={props.rows} {...props.input} />}
      </Field>
      <section className="adm-rich-preview" aria-label={`${props.label}のプレビュー`}>
        {value.trim() === '' ? <p className="adm-muted">（未入力）</p> : <SafeHtml html={value} lang={props.lang} />}
      </section>
    </div>
  );
}
