/**
 * Texts several pages share but the frame does not (age classes, rentals, a facility, the consent form): apart
 * from the common catalog, which every page's first script carries.
 */

import { type CancelText, writeCancelText } from '@tabi/contract/cancel-policy';
import type { Formatters, Labels } from 'react-day-picker';
import ja from '../messages/ja/shared.json';
import { useLang } from './lang.tsx';
import { calendarDay, defineMessages } from './messages.ts';

export const useSharedMessages = defineMessages('shared', ja);

/** A cancellation policy's text (the contract's rule, ADR 0205) in the page's language. */
export function useCancelText(): (text: CancelText) => string {
  const lang = useLang();
  const shared = useSharedMessages();
  // The rule names keys of this catalog with the values their messages take (cancel-policy.ts's CancelText).
  const format = shared as (key: string, values?: Record<string, string | number>) => string;
  return (text) => writeCancelText(text, lang, format);
}

/**
 * What a calendar of react-day-picker says, in the page's language, from our messages rather than a date-fns locale:
 * its month caption and weekdays, and for a calendar that picks a day its navigation and day buttons.
 */
export function useCalendarTexts(): {
  formatters: Pick<Formatters, 'formatCaption' | 'formatWeekdayName'>;
  labels: Pick<Labels, 'labelPrevious' | 'labelNext' | 'labelNav' | 'labelGrid' | 'labelDayButton'>;
} {
  const shared = useSharedMessages();
  const month = (date: Date) => shared('monthCaption', { month: calendarDay(date) });
  return {
    formatters: {
      formatCaption: month,
      formatWeekdayName: (date) => shared('weekday', { day: calendarDay(date) }),
    },
    labels: {
      labelPrevious: () => shared('previousMonth'),
      labelNext: () => shared('nextMonth'),
      labelNav: () => shared('monthNav'),
      labelGrid: month,
      labelDayButton: (date, modifiers) =>
        shared('dayButton', {
          day: calendarDay(date),
          today: Boolean(modifiers.today),
          selected: Boolean(modifiers.selected),
        }),
    },
  };
}
