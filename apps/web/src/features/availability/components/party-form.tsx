import { type AgeClass, INITIAL_ADULTS } from '@tabi/contract/constants';
import {
  type AgeRules,
  classUpperBound,
  emptyParty,
  headcount,
  infantsOnly,
  isPartyValid,
  offeredAgeClasses,
  type PartyCounts,
  type PartyLimits,
  type PartyPrices,
  partyBounds,
  partyTotal,
} from '@tabi/contract/party';
import { useEffect, useId, useRef, useState } from 'react';
import { useFormat } from '../../../i18n/format.ts';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { showAlert } from '../../../lib/alert.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { usePrice } from '../api/get-price.ts';
import { useAvailabilityMessages } from '../lib/messages.ts';
import styles from './party-form.module.css';

export type PartyOption = AgeRules & PartyLimits & { opcd: string };

export interface PartyFormState {
  classes: AgeClass[];
  counts: PartyCounts;
  setCount(ageClass: AgeClass, count: number): void;
  prices: PartyPrices | null;
  priceLoading: boolean;
  total: number;
  bounds: { min: number; max: number };
  errors: string[];
  valid: boolean;
}

function initialCounts(): PartyCounts {
  return { ...emptyParty(), adult: INITIAL_ADULTS };
}

/**
 * SPEC §2/§4/§5 party-count form: adults start at 1, others at 0; the price loads once on opening;
 * valid only with a price, a headcount within min..max and no more than the day's remaining stock.
 */
export function usePartyForm(
  option: PartyOption,
  usedate: string | null,
  zaikozan: number,
  /** Prices known already (a キャンセル待ち offer: the day is sold out to GET /price; a departure chosen). */
  knownPrices?: PartyPrices,
  /** An option with start times whose departure is not chosen yet: no price to load, and not valid. */
  awaitingDeparture = false,
): PartyFormState {
  const [counts, setCounts] = useState<PartyCounts>(initialCounts);
  const [initial] = useState(counts);
  const price = usePrice(
    { opcd: option.opcd, usedate: usedate ?? '', counts: initial },
    usedate !== null && knownPrices === undefined && !awaitingDeparture,
  );
  const alerted = useRef(false);
  const t = useAvailabilityMessages();

  const failure = failureMessage(price.error);
  useEffect(() => {
    if (failure !== null && !alerted.current) {
      alerted.current = true;
      showAlert(failure || t('nothingPrice'));
    }
  }, [failure, t]);

  const prices = knownPrices ?? price.data ?? null;
  const bounds = partyBounds(option);
  const n = headcount(counts);
  const errors: string[] = [];
  if (usedate === null) errors.push(t('selectDate'));
  if (awaitingDeparture) errors.push(t('selectStartTime'));
  if (n > zaikozan) errors.push(t('overStock'));
  if (n < bounds.min || n > bounds.max) errors.push(t('partyOutOfRange', { min: bounds.min, max: bounds.max }));
  if (infantsOnly(counts)) errors.push(t('infantsNeedCompanion'));

  return {
    classes: offeredAgeClasses(option),
    counts,
    setCount: (ageClass, count) => setCounts((c) => ({ ...c, [ageClass]: count })),
    prices,
    priceLoading: knownPrices === undefined && !awaitingDeparture && price.isPending && usedate !== null,
    total: partyTotal(counts, prices),
    bounds,
    errors,
    valid: usedate !== null && !awaitingDeparture && isPartyValid(counts, prices, option) && n <= zaikozan,
  };
}

function countChoices(top: number): number[] {
  return Array.from({ length: top + 1 }, (_, n) => n);
}

export function PartyForm({ form }: { form: PartyFormState }) {
  const baseId = useId();
  const errorId = `${baseId}-errors`;
  const t = useAvailabilityMessages();
  const shared = useSharedMessages();
  const format = useFormat();
  return (
    <div className={styles.form}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ageClassColumn')}</th>
            <th scope="col">{t('priceColumn')}</th>
            <th scope="col">{t('countColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {form.classes.map((ageClass) => {
            const selectId = `${baseId}-${ageClass}`;
            const upper = classUpperBound(ageClass, form.counts, form.bounds.max);
            const top = Math.max(upper, form.counts[ageClass]);
            return (
              <tr key={ageClass} data-age-class={ageClass}>
                <th scope="row" className={styles.label}>
                  <label htmlFor={selectId}>{shared(`ageClasses.${ageClass}`)}</label>
                </th>
                <td className={styles.price} data-testid={`price-${ageClass}`}>
                  {form.prices ? format.yen(form.prices[ageClass]) : form.priceLoading ? t('loading') : '―'}
                </td>
                <td className={styles.count}>
                  <select
                    id={selectId}
                    className={`select ${styles.select}`}
                    value={form.counts[ageClass]}
                    aria-describedby={form.errors.length > 0 ? errorId : undefined}
                    onChange={(e) => form.setCount(ageClass, Number(e.target.value))}
                  >
                    {countChoices(top).map((n) => (
                      <option key={n} value={n}>
                        {t('people', { n })}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className={styles.summary}>
        <p className={styles.total}>
          <span>{t('total')}</span>
          <output className={styles.amount} data-testid="party-total">
            {format.yen(form.total)}
          </output>
        </p>
        <p className={styles.note}>{t('partyRangeNote', { min: form.bounds.min, max: form.bounds.max })}</p>
      </div>
      <div id={errorId} aria-live="polite">
        {form.errors.map((message) => (
          <p key={message} className={`error-text ${styles.error}`}>
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}
