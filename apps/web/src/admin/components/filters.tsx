import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';

export interface Choice {
  value: string;
  label: string;
}

/** The `<option>`s of a select, from value/label pairs. */
export function Options({ options }: { options: readonly Choice[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

/** A record of labels by code as choices (`{ sent: '送信済み' }` → `[{ value: 'sent', label: '送信済み' }]`). */
export const choicesOf = (labels: Record<string, string>): Choice[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The options of the catalog as choices: `AB1234 商品名`. */
export const optionChoices = (options: { opcd: string; webname: string }[] | undefined): Choice[] =>
  (options ?? []).map((o) => ({ value: o.opcd, label: `${o.opcd} ${o.webname}` }));

/** One select of a filter form; the form puts it into the URL on submit. */
export function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly Choice[];
}) {
  return (
    <label>
      {label}
      {/* Drawn again when the choices arrive, so that a value from the URL (a reload, a link) is selected. */}
      <select key={options.length} name={name} defaultValue={value}>
        <Options options={options} />
      </select>
    </label>
  );
}

/**
 * A filter form's submit: its filled-in fields (trimmed, `convert`ed) become the URL's query, so that a filter
 * survives a reload and can be linked to; the page reads it back from the URL.
 */
export function useFilterSubmit(convert: (key: string, value: string) => string = (_key, value) => value) {
  const [, setParams] = useSearchParams();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, raw] of new FormData(event.currentTarget).entries()) {
      const value = String(raw).trim();
      if (value) next.set(key, convert(key, value));
    }
    setParams(next);
  };
}
