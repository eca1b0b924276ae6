import { localDateToYmd, type Ymd, ymdToLocalDate } from '@tabi/contract/dates';
import { useEffect, useId, useRef, useState } from 'react';
import { DayPicker, defaultLocale, type Locale } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { Lang } from '@tabi/contract/i18n';
import { Field } from '../../../components/form/field.tsx';
import { CalendarIcon } from '../../../components/icons.tsx';
import { useLang } from '../../../i18n/lang.tsx';
import { calendarDay } from '../../../i18n/messages.ts';
import { useCalendarTexts, useSharedMessages } from '../../../i18n/shared.ts';
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
 * Every text the calendar shows is one of our messages, in the page's language, so it needs no date-fns locale. Its
 * locale's code alone still decides the order of the drop-downs: the year first where dates are written so (react-day-
 * picker's list of such locales, which names Chinese by region).
 */
const DROPDOWN_ORDER: Record<Lang, Locale> = {
  ja: { ...defaultLocale, code: 'ja' },
  en: defaultLocale,
  ko: { ...defaultLocale, code: 'ko' },
  'zh-Hant': { ...defaultLocale, code: 'zh-TW' },
  'zh-Hans': { ...defaultLocale, code: 'zh-CN' },
};

/**
 * A birth date typed as text or picked from a react-day-picker calendar (in the page's language, year and month
 * drop-downs, future days disabled). The calendar is a disclosure below the input.
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
  const shared = useSharedMessages();
  const calendar = useCalendarTexts();
  const lang = useLang();
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
                lang={lang}
                locale={DROPDOWN_ORDER[lang]}
                formatters={{
                  ...calendar.formatters,
                  formatMonthDropdown: (date) => shared('monthOption', { month: calendarDay(date) }),
                }}
                labels={{
                  ...calendar.labels,
                  labelMonthDropdown: () => shared('monthDropdown'),
                  labelYearDropdown: () => shared('yearDropdown'),
                }}
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
