import { addDays, formatYmd, type Ymd } from '@tabi/contract/dates';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../../components/form/field.tsx';
import { CalendarIcon } from '../../../components/icons.tsx';
import { useCatalogMessages } from '../lib/messages.ts';
import { parseTypedDate } from '../lib/typed-date.ts';
import styles from './date-field.module.css';

const DatePickerPanel = lazy(() => import('./date-picker-panel.tsx'));

interface DateFieldProps {
  label: string;
  /** The URL query parameter it sets when its form is sent natively (search-query.ts reads the typed text). */
  name?: string;
  value: Ymd | '';
  /** Today in Tokyo: days before yesterday cannot be chosen (SPEC §2). */
  today: Ymd;
  /** Told whether the typed text is a date that can be searched (the panel stays open while it is not). */
  onValidity?(valid: boolean): void;
  onChange(value: Ymd | ''): void;
}

/** 利用日: a text field that takes a typed date (2026/04/01, 20260401…), with a calendar (week from Sunday) beside it. */
export function DateField({ label, name, value, today, onChange, onValidity }: DateFieldProps) {
  const id = useId();
  const earliest = addDays(today, -1);
  // An example that is never in the past: a month from today.
  const example = addDays(today, 30);
  const [text, setText] = useState(value ? formatYmd(value) : '');
  const t = useCatalogMessages();
  const [error, setError] = useState(false);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-sync only when the value from outside changes
  useEffect(() => {
    setText(value ? formatYmd(value) : '');
    setError(false);
    onValidity?.(true);
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const commit = () => {
    if (text.trim() === '') {
      setError(false);
      onValidity?.(true);
      onChange('');
      return;
    }
    const day = parseTypedDate(text);
    if (day && day >= earliest) {
      setError(false);
      onValidity?.(true);
      setText(formatYmd(day));
      onChange(day);
    } else {
      setError(true);
      onValidity?.(false);
    }
  };

  return (
    <Field
      label={label}
      id={id}
      ref={wrapper}
      hint={t('dateHint', { slashed: formatYmd(example), digits: example })}
      hintAs="span"
      error={error ? t('invalidDate') : undefined}
      errorAs="span"
      errorRole="alert"
      after={
        open && (
          // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the calendar popover
          <div
            id={`${id}-picker`}
            className={styles.popover}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                setOpen(false);
                toggle.current?.focus();
              }
            }}
          >
            <Suspense fallback={<p className={styles.pickerLoading}>{t('loading')}</p>}>
              <DatePickerPanel
                value={value}
                earliest={earliest}
                today={today}
                onPick={(day) => {
                  onChange(day);
                  setOpen(false);
                  toggle.current?.focus();
                }}
              />
            </Suspense>
          </div>
        )
      }
    >
      {(control) => (
        <div className={styles.row}>
          <input
            {...control}
            name={name}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('datePlaceholder', { slashed: formatYmd(example) })}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                commit();
              }
            }}
          />
          <button
            ref={toggle}
            type="button"
            className={`calendar-toggle ${styles.calendarButton}`}
            aria-expanded={open}
            aria-controls={`${id}-picker`}
            aria-label={t('pickFromCalendar', { label })}
            onClick={() => setOpen((o) => !o)}
          >
            <CalendarIcon size={22} />
          </button>
          {value && (
            <button type="button" className={styles.clear} onClick={() => onChange('')}>
              {t('clear')}
            </button>
          )}
        </div>
      )}
    </Field>
  );
}
