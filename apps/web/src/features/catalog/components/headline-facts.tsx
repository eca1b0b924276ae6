import { freeCancelDaysBefore } from '@tabi/contract/cancel-policy';
import type { OptionDetail } from '@tabi/contract/catalog';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { useDetailMessages } from '../lib/detail-messages.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import styles from './headline-facts.module.css';

const HH_MM = /^\s*(\d{1,2})[:：](\d{2})/;

function minutesOf(time: string | null | undefined): number | null {
  const m = time ? HH_MM.exec(time.normalize('NFKC')) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** 所要時間 from the meeting and end times, when the option gives both: hours and minutes. */
function duration(departure: string | null | undefined, arrival: string | null | undefined) {
  const from = minutesOf(departure);
  const to = minutesOf(arrival);
  if (from === null || to === null || to <= from) return null;
  const total = to - from;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** The facts a traveller decides on, near the top of the detail page. */
export function HeadlineFacts({ option }: { option: OptionDetail }) {
  const t = useCatalogMessages();
  const d = useDetailMessages();
  const shared = useSharedMessages();
  const textLang = useTextLang();
  const time = duration(option.departure_time, option.arrival_time);
  const contentPlace = option.meetpoint?.trim() || option.fromspot;
  const place = contentPlace || t('localMeeting');
  const meeting = option.departure_time ? `${option.departure_time}　${place}` : place;
  const freeDays = option.cancel_policy ? freeCancelDaysBefore(option.cancel_policy) : null;
  const freeCancel = freeDays === null ? null : shared('cancelFreeUntil', { days: freeDays });
  // [label, value, the value is the option's own text]
  const facts: [string, string, boolean][] = [
    ...(time
      ? [
          [d('duration'), d('durationText', { hours: time.hours, minutes: time.minutes }), false] as [
            string,
            string,
            boolean,
          ],
        ]
      : []),
    [d('meeting'), meeting, Boolean(contentPlace)],
    [d('bookingMethod'), option.flg_request_item === 1 ? d('bookingByRequest') : d('bookingInstant'), false],
    ...(freeCancel ? [[d('freeCancel'), freeCancel, false] as [string, string, boolean]] : []),
  ];
  return (
    <dl className={styles.facts} data-testid="headline-facts">
      {facts.map(([label, value, content]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd lang={content ? textLang(String(value)) : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
