/**
 * What 参加者名簿 and レンタル準備表 share: a day's sheet printed on A4 or downloaded as CSV, chosen by its day (tomorrow
 * by default) and one more filter of each page's own.
 */
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ymdToInput } from '../lib/format.ts';
import { FilterSelect } from './filters.tsx';

/** 印刷 and CSVダウンロード of the day shown. */
export function DaySheetActions({ csvHref }: { csvHref: string }) {
  return (
    <div className="adm-head-actions adm-no-print">
      <button type="button" onClick={() => window.print()}>
        印刷
      </button>
      <a className="adm-button" href={csvHref} download>
        CSVダウンロード
      </a>
    </div>
  );
}

/** The day and the page's own filter (`children`), sent into the URL; 明日に戻す goes back to the page's default. */
export function DaySheetFilters({
  sheet,
  formKey,
  day,
  home,
  onSubmit,
  children,
}: {
  /** The sheet's name, for the form's label. */
  sheet: string;
  /** Redraws the form (its fields are uncontrolled) when the URL or the day shown changes. */
  formKey: string;
  day: string;
  home: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}) {
  return (
    <form
      className="adm-filters adm-filters-inline adm-no-print"
      onSubmit={onSubmit}
      key={formKey}
      aria-label={`${sheet}の条件`}
    >
      <label>
        利用日
        <input name="date" type="date" defaultValue={ymdToInput(day)} required />
      </label>
      {children}
      <button type="submit" className="adm-primary">
        表示
      </button>
      <Link to={home}>明日に戻す</Link>
    </form>
  );
}

/**
 * A day sheet's 便 filter (ADR 0196): for options sold at start times, one departure alone or all of the day's; the
 * choice is the `start` parameter.
 */
export function DepartureFilter({
  value,
  departures,
}: {
  value: string;
  departures: { startTime: string; label: string }[];
}) {
  return (
    <FilterSelect
      label="便"
      name="start"
      value={value}
      options={[
        { value: '', label: 'この日のすべての便' },
        ...departures.map((d) => ({ value: d.startTime, label: d.label })),
      ]}
    />
  );
}
