import { cancelLines, cancelLineText, cancelToday, cancelTodayText } from '@tabi/contract/cancel-policy';
import type { OptionDetail } from '@tabi/contract/catalog';
import { tokyoYmd, type Ymd } from '@tabi/contract/dates';
import { useCancelText } from '../../../i18n/shared.ts';
import { useReservationMessages } from '../lib/messages.ts';
import styles from './cancel-terms.module.css';

/**
 * The cancellation terms of this booking, said before the customer pays (旅行業法 第12条の4): what a cancellation
 * costs from today, then the tiers. The server charges by the same policy (packages/contract/src/cancel-policy.ts).
 */
export function CancelTerms({
  option,
  usedate,
  compact = false,
}: {
  option: Pick<OptionDetail, 'cancel_policy'>;
  usedate: Ymd;
  compact?: boolean;
}) {
  const t = useReservationMessages();
  const say = useCancelText();
  const policy = option.cancel_policy ?? [];
  const today = say(cancelTodayText(cancelToday(policy, usedate, tokyoYmd(new Date()))));
  if (compact) return <p className={styles.today}>{today}</p>;
  const lines = cancelLines(policy).map((line) => say(cancelLineText(line)));
  return (
    <section className={`card ${styles.terms}`} aria-labelledby="cancel-terms-heading">
      <h2 id="cancel-terms-heading" className={styles.heading}>
        {t('cancelTermsTitle')}
      </h2>
      <p className={styles.today}>{today}</p>
      {lines.length > 0 && (
        <>
          <p className={styles.caption}>{t('cancelTermsTiers')}</p>
          <ul className={styles.tiers}>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
