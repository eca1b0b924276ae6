import { localDateToYmd, type Ymd, ymdToLocalDate } from '@tabi/contract/dates';
import { useEffect, useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { ja } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { Field } from '../../../components/form/field.tsx';
import { CalendarIcon } from '../../../components/icons.tsx';
import { birthdayText, parseBirthdayText } from '../lib/birthday-text.ts';
import { useReservationMessages } from '../lib/messages.ts';
import styles from './person-section.module.css';

interface BirthdayFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  inputRef?: (element: HTMLInputElement | null) => void;
  error?: string | undefined;
  /** Tokyo today: later days cannot be picked (SPEC §2). */
  today: Ymd;
  /** The month the calendar opens on when nothing is entered yet. */
  initialMonth: Ymd;
  locked?: boolean;
}

const OLDEST_YEAR = 1900;

/**
 * A birth date typed as text or picked from a react-day-picker calendar (Japanese locale,
 * year and month drop-downs, future days disabled). The calendar is a disclosure below the input.
 */
export function BirthdayField({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  today,
  initialMonth,
  locked = false,
}: BirthdayFieldProps) {
  const t = useReservationMessages();
  const id = useId();
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const picked = parseBirthdayText(value);
  const todayDate = ymdToLocalDate(today);
  const [month, setMonth] = useState(() => ymdToLocalDate(picked ?? initialMonth));

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !panel.current?.parentElement?.contains(target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      input.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const toggle = () => {
    if (!open) setMonth(ymdToLocalDate(picked ?? initialMonth));
    setOpen(!open);
  };

  return (
    <Field
      label={label}
      required={!locked}
      id={`${id}-input`}
      hint={locked ? t('birthdayLocked') : t('birthdayHint')}
      error={error}
    >
      {(control) => (
        <div className={styles.dateRow}>
          <input
            {...control}
            ref={(element) => {
              input.current = element;
              inputRef?.(element);
            }}
            className="input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('birthdayPlaceholder')}
            value={value}
            readOnly={locked}
            aria-readonly={locked || undefined}
            onChange={(event) => onChange(event.currentTarget.value)}
            onBlur={() => {
              const day = parseBirthdayText(value);
              if (day && birthdayText(day) !== value) onChange(birthdayText(day));
              onBlur();
            }}
          />
          {!locked && (
            <button
              type="button"
              className={`calendar-toggle ${styles.calendarButton}`}
              aria-expanded={open}
              aria-controls={`${id}-calendar`}
              onClick={toggle}
            >
              <CalendarIcon />
              <span className="visually-hidden">{t('pickBirthday', { label })}</span>
            </button>
          )}
          {open && !locked && (
            <fieldset ref={panel} id={`${id}-calendar`} className={styles.calendar}>
              <legend className="visually-hidden">{t('birthdayCalendar', { label })}</legend>
              <DayPicker
                mode="single"
                locale={ja}
                captionLayout="dropdown"
                startMonth={new Date(OLDEST_YEAR, 0)}
                endMonth={todayDate}
                month={month}
                onMonthChange={setMonth}
                selected={picked ? ymdToLocalDate(picked) : undefined}
                disabled={{ after: todayDate }}
                onSelect={(date) => {
                  if (!date) return;
                  onChange(birthdayText(localDateToYmd(date)));
                  setOpen(false);
                  input.current?.focus();
                }}
              />
            </fieldset>
          )}
        </div>
      )}
    </Field>
  );
}
