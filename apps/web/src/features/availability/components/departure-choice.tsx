import type { Departure } from '@tabi/contract/catalog';
import { useId } from 'react';
import { useFormat } from '../../../i18n/format.ts';
import { useAvailabilityMessages } from '../lib/messages.ts';
import styles from './departure-choice.module.css';

/** From this many seats left a departure shows 空きあり rather than its number (the calendar's ○, SPEC §2). */
const MANY_SEATS = 10;

interface DepartureChoiceProps {
  departures: Departure[];
  chosen: string | null;
  onChoose(startTime: string): void;
}

/**
 * A day's departures of an option with start times (ADR 0196): one radio per start time with its seats left and its
 * adult price; a full one stays listed, disabled. Arrow keys move between them, as radios do.
 */
export function DepartureChoice({ departures, chosen, onChoose }: DepartureChoiceProps) {
  const t = useAvailabilityMessages();
  const format = useFormat();
  const name = useId();
  return (
    <fieldset className={styles.choice} data-testid="departures">
      <legend className={styles.legend}>{t('departuresLegend')}</legend>
      <div className={styles.list}>
        {departures.map((d) => {
          const full = d.closed || d.zaikozan <= 0;
          const seats = d.closed
            ? t('salesEnded')
            : d.zaikozan <= 0
              ? t('soldOut')
              : d.zaikozan >= MANY_SEATS
                ? t('seatsMany')
                : t('seatsLeft', { n: d.zaikozan });
          return (
            <label key={d.start_time} className={styles.item} data-full={full || undefined}>
              <input
                type="radio"
                name={name}
                value={d.start_time}
                checked={chosen === d.start_time}
                disabled={full}
                onChange={() => onChoose(d.start_time)}
              />
              <span className={styles.time}>{format.times(d.start_time, d.end_time)}</span>
              <span className={styles.seats}>{seats}</span>
              <span className={styles.price}>{t('adultFrom', { price: format.yen(d.adultbaika) })}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
