import { localDateToYmd, type Ymd, ymdToLocalDate } from '@tabi/contract/dates';
import { ja } from 'date-fns/locale/ja';
import { DayPicker } from 'react-day-picker';
import styles from './date-field.module.css';

interface DatePickerPanelProps {
  value: Ymd | '';
  /** Earliest day that may be chosen. */
  earliest: Ymd;
  onPick(day: Ymd): void;
}

/** The calendar of the 利用日 field; loaded only when opened, to keep the list page light. */
export default function DatePickerPanel({ value, earliest, onPick }: DatePickerPanelProps) {
  const first = ymdToLocalDate(earliest);
  const selected = value ? ymdToLocalDate(value) : undefined;
  return (
    <DayPicker
      mode="single"
      locale={ja}
      weekStartsOn={0}
      autoFocus
      selected={selected}
      defaultMonth={selected ?? first}
      startMonth={first}
      disabled={{ before: first }}
      onSelect={(date) => {
        if (date) onPick(localDateToYmd(date));
      }}
      formatters={{
        formatCaption: (date) => `${date.getFullYear()}年${date.getMonth() + 1}月`,
        formatWeekdayName: (date) => ['日', '月', '火', '水', '木', '金', '土'][date.getDay()] ?? '',
      }}
      labels={{
        labelPrevious: () => '前の月',
        labelNext: () => '次の月',
        labelNav: () => '月の切り替え',
        labelGrid: (date) => `${date.getFullYear()}年${date.getMonth() + 1}月`,
        // The library's default says "Today" and "selected" in English.
        labelDayButton: (date, modifiers) =>
          `${modifiers.today ? '今日、' : ''}${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日${modifiers.selected ? '（選択中）' : ''}`,
      }}
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
