import { localDateToYmd, type Ymd, ymdToLocalDate } from '@tabi/contract/dates';
import { DayPicker } from 'react-day-picker';
import { useLang } from '../../../i18n/lang.tsx';
import { useCalendarTexts } from '../../../i18n/shared.ts';
import styles from './date-field.module.css';

interface DatePickerPanelProps {
  value: Ymd | '';
  /** Earliest day that may be chosen. */
  earliest: Ymd;
  /**
   * The month shown first when no day is chosen: today's, even when the earliest day is yesterday in the month before
   * (on the 1st, the calendar opened on last month, with one day to choose and today not on it).
   */
  today: Ymd;
  onPick(day: Ymd): void;
}

/** The calendar of the 利用日 field; loaded only when opened, to keep the list page light. */
export default function DatePickerPanel({ value, earliest, today, onPick }: DatePickerPanelProps) {
  const first = ymdToLocalDate(earliest);
  const selected = value ? ymdToLocalDate(value) : undefined;
  const calendar = useCalendarTexts();
  // Every text the calendar shows is one of our messages (useCalendarTexts), so it needs no date-fns locale: only
  // its `lang`.
  const lang = useLang();
  return (
    <DayPicker
      mode="single"
      lang={lang}
      weekStartsOn={0}
      autoFocus
      selected={selected}
      defaultMonth={selected ?? ymdToLocalDate(today)}
      startMonth={first}
      disabled={{ before: first }}
      onSelect={(date) => {
        if (date) onPick(localDateToYmd(date));
      }}
      formatters={calendar.formatters}
      labels={calendar.labels}
      classNames={{
        root: styles.picker,
        month: styles.pickerMonth,
        month_caption: styles.pickerCaption,
        nav: styles.pickerNav,
        button_previous: styles.pickerNavButton,
        button_next: styles.pickerNavButton,
        chevron: styles.pickerChevron,
        month_grid: styles.pickerGrid,
        weekday: styles.pickerWeekday,
        day: styles.pickerDay,
        day_button: styles.pickerDayButton,
        selected: styles.pickerSelected,
        disabled: styles.pickerDisabled,
        today: styles.pickerToday,
        outside: styles.pickerOutside,
      }}
    />
  );
}
