import type { CalendarDay, OptionDetail } from '@tabi/contract/catalog';
import { localDateToYmd, monthStart, parseYmd, type Ymd, ymdToLocalDate } from '@tabi/contract/dates';
import { stockMark } from '@tabi/contract/format';
import { createContext, useContext, useEffect, useRef } from 'react';
import { type DayButtonProps, DayPicker, type Matcher } from 'react-day-picker';
import { type Format, useFormat } from '../../../i18n/format.ts';
import { useLang } from '../../../i18n/lang.tsx';
import { calendarDay } from '../../../i18n/messages.ts';
import { useCalendarTexts, useSharedMessages } from '../../../i18n/shared.ts';
import { useAvailabilityMessages } from '../lib/messages.ts';
import styles from './availability-calendar.module.css';

type Texts = ReturnType<typeof useAvailabilityMessages>;

interface AvailabilityCalendarProps {
  /**
   * The option on show: its calendar days keyed by YYYYMMDD (GET /option/{opcd} valueList) and the last day it may be
   * used (no month after that one can be shown).
   */
  option: Pick<OptionDetail, 'valueList' | 'use_to'>;
  /** First day (YYYYMMDD) of the month on show. */
  month: Ymd;
  /** Today in Tokyo (YYYYMMDD): earlier days and months cannot be chosen. */
  today: Ymd;
  selected: Ymd | null;
  /** The month's days are being fetched. */
  loading?: boolean;
  onMonthChange(month: Ymd): void;
  onSelect(day: Ymd): void;
}

const DaysContext = createContext<Record<string, CalendarDay>>({});

function stockOf(day: CalendarDay | undefined): number {
  const n = Number(day?.zaikozan ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** SPEC §5: only days with stock above 0 (and not before today) can be chosen. */
export function isSelectableDay(valueList: Record<string, CalendarDay>, day: Ymd, today: Ymd): boolean {
  return day >= today && stockOf(valueList[day]) > 0;
}

function priceText(format: Format, day: CalendarDay | undefined): string {
  const price = Number(day?.adultbaika ?? 0);
  return price > 0 ? format.yen(price) : '';
}

function stockLabel(t: Texts, day: CalendarDay | undefined): string {
  const n = stockOf(day);
  if (n <= 0) return t('closed');
  const mark = stockMark(n);
  return mark === '○' ? t('available') : t('left', { mark });
}

function CalendarDayButton({ day, modifiers, children, className, ...buttonProps }: DayButtonProps) {
  const days = useContext(DaysContext);
  const format = useFormat();
  const entry = days[localDateToYmd(day.date)];
  const mark = modifiers.disabled ? '' : stockMark(entry?.zaikozan ?? 0);
  const price = modifiers.disabled ? '' : priceText(format, entry);
  // As react-day-picker's own DayButton: follow its keyboard focus (arrow keys, Home/End, PageUp/PageDown).
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return (
    <button ref={ref} {...buttonProps} className={className}>
      <span className={styles.date}>{children}</span>
      <span className={styles.mark} data-testid="stock-mark">
        {mark}
      </span>
      <span className={styles.price} data-testid="day-price">
        {price}
      </span>
    </button>
  );
}

function MonthButton({
  direction,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { direction: 'previous' | 'next' }) {
  const shared = useSharedMessages();
  const unavailable = props['aria-disabled'] === true || props['aria-disabled'] === 'true';
  return (
    <button {...props} disabled={unavailable}>
      {direction === 'previous' ? (
        <>
          <span aria-hidden="true">‹</span> <span className={styles.navWord}>{shared('previousMonth')}</span>
        </>
      ) : (
        <>
          <span className={styles.navWord}>{shared('nextMonth')}</span> <span aria-hidden="true">›</span>
        </>
      )}
    </button>
  );
}

function PreviousMonthButton(props: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return <MonthButton {...props} direction="previous" />;
}

function NextMonthButton(props: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return <MonthButton {...props} direction="next" />;
}

/** Puts the keyboard back on a day, e.g. after the dialog it opened has closed. */
export function focusCalendarDay(day: Ymd): void {
  const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
  document
    .querySelector<HTMLButtonElement>(`[data-testid="availability-calendar"] td[data-day="${iso}"] button`)
    ?.focus({ preventScroll: true });
}

/**
 * SPEC §2 Availability calendar: one month in Japanese, Sunday first, no outside days and no forced six
 * weeks; each day shows its stock mark and the adult price; months before the current one cannot be shown.
 */
export function AvailabilityCalendar({
  option: { valueList, use_to: lastMonth },
  month,
  today,
  selected,
  loading = false,
  onMonthChange,
  onSelect,
}: AvailabilityCalendarProps) {
  // The caption, weekdays and navigation say what every calendar of the site says; the day buttons and the grid's
  // name add this calendar's stock and prices.
  const calendar = useCalendarTexts();
  const firstMonth = ymdToLocalDate(monthStart(today));
  const endMonth =
    lastMonth && parseYmd(lastMonth) && lastMonth >= today ? ymdToLocalDate(monthStart(lastMonth)) : undefined;
  const disabled: Matcher = (date: Date) => !isSelectableDay(valueList, localDateToYmd(date), today);
  const t = useAvailabilityMessages();
  const format = useFormat();
  // Every text the calendar shows is one of our messages (below), so it needs no date-fns locale: only its `lang`.
  const lang = useLang();
  const monthDay = (date: Date) => t('monthDay', { day: calendarDay(date) });

  return (
    <div className={styles.calendar} aria-busy={loading} data-testid="availability-calendar">
      <DaysContext.Provider value={valueList}>
        <DayPicker
          mode="single"
          required={false}
          lang={lang}
          weekStartsOn={0}
          showOutsideDays={false}
          fixedWeeks={false}
          navLayout="around"
          month={ymdToLocalDate(month)}
          startMonth={firstMonth}
          endMonth={endMonth}
          onMonthChange={(date) => onMonthChange(localDateToYmd(date))}
          selected={selected ? ymdToLocalDate(selected) : undefined}
          onSelect={(date) => {
            if (date) onSelect(localDateToYmd(date));
          }}
          onDayClick={(date, modifiers) => {
            // Clicking the chosen day again opens the form again rather than clearing the choice.
            if (modifiers.selected && !modifiers.disabled) onSelect(localDateToYmd(date));
          }}
          disabled={disabled}
          modifiers={{ sunday: { dayOfWeek: [0] }, saturday: { dayOfWeek: [6] } }}
          modifiersClassNames={{ sunday: styles.sunday ?? '', saturday: styles.saturday ?? '' }}
          formatters={calendar.formatters}
          labels={{
            ...calendar.labels,
            labelDayButton: (date) => {
              const ymd = localDateToYmd(date);
              const entry = valueList[ymd];
              if (!isSelectableDay(valueList, ymd, today)) return t('dayClosed', { day: monthDay(date) });
              return t('dayOpen', {
                day: monthDay(date),
                stock: stockLabel(t, entry),
                adultPrice: priceText(format, entry),
              });
            },
            labelGrid: (date) => t('monthGrid', { month: calendarDay(date) }),
          }}
          components={{ DayButton: CalendarDayButton, PreviousMonthButton, NextMonthButton }}
          classNames={{
            root: styles.root,
            months: styles.months,
            month: styles.month,
            month_caption: styles.caption,
            caption_label: styles.captionLabel,
            nav: styles.nav,
            button_previous: `btn btn-outline ${styles.navButton}`,
            button_next: `btn btn-outline ${styles.navButton}`,
            month_grid: styles.grid,
            weekdays: styles.weekdays,
            weekday: styles.weekday,
            weeks: styles.weeks,
            week: styles.week,
            day: styles.day,
            day_button: styles.dayButton,
            selected: styles.selected,
            disabled: styles.disabled,
            today: styles.today,
            outside: styles.outside,
            hidden: styles.hidden,
            focused: styles.focused,
          }}
        />
      </DaysContext.Provider>
    </div>
  );
}
