import type { KonbiniSlip as Slip } from '@tabi/contract/booking';
import { useId } from 'react';
import { useFormat } from '../i18n/format.ts';
import { useSharedMessages } from '../i18n/shared.ts';
import styles from './konbini-slip.module.css';

/** The provider's page of the slip, when it is a web address (never a script URL from a bad answer). */
function voucherHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * A konbini slip (ADR 0213): what the customer tells the store, per store, and until when, in Tokyo time. The
 * numbers are large, monospaced and selected whole at a tap, to be read out at the till or copied into the store's
 * terminal from a phone.
 */
export function KonbiniSlip({ slip, className }: { slip: Slip; className?: string }) {
  const t = useSharedMessages();
  const format = useFormat();
  const titleId = useId();
  const voucher = voucherHref(slip.voucher_url);
  return (
    <section
      className={className ? `${styles.slip} ${className}` : styles.slip}
      aria-labelledby={titleId}
      data-testid="konbini-slip"
    >
      <h2 id={titleId} className="section-title">
        {t('konbini.title')}
      </h2>
      <div className={styles.deadline}>
        <dl>
          <dt>{t('konbini.deadline')}</dt>
          <dd data-testid="konbini-deadline">
            <time dateTime={slip.expires_at}>{format.dateTime(slip.expires_at)}</time>
          </dd>
        </dl>
        <p className={styles.warning}>{t('konbini.expiryWarning')}</p>
      </div>
      <ul className={styles.stores}>
        {slip.codes.map((code) => (
          <li key={code.store} className="panel" data-testid={`konbini-${code.store}`}>
            <h3 className={styles.storeName}>{t(`konbini.stores.${code.store}`)}</h3>
            <dl className={styles.codes}>
              <div>
                <dt>{t('konbini.paymentCode')}</dt>
                <dd className={styles.number} translate="no">
                  {code.payment_code}
                </dd>
              </div>
              {code.confirmation_number !== null && (
                <div>
                  <dt>{t('konbini.confirmationNumber')}</dt>
                  <dd className={styles.number} translate="no">
                    {code.confirmation_number}
                  </dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <p className={styles.howTo}>{t('konbini.howTo')}</p>
      {voucher && (
        <a className={`btn btn-outline ${styles.voucher}`} href={voucher} target="_blank" rel="noopener noreferrer">
          {t('konbini.voucher')}
        </a>
      )}
    </section>
  );
}
