import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { listPath } from '../lib/list-path.ts';
import { useReservationMessages } from '../lib/messages.ts';
import { continueStoredPurchase, tabOptionPath, usePurchaseStatus } from '../lib/purchase-status.ts';
import styles from './purchase-guard.module.css';

/**
 * A step of the flow (participants, rental, check) shown only while the stored purchase is this tab's. When
 * another tab has started another purchase, the step gives way to a plain message: the visitor goes on with that
 * purchase knowingly, or back to this tab's option; nothing of either is sent from here.
 */
export function PurchaseGuard({ children }: { children: ReactNode }) {
  const status = usePurchaseStatus();
  const t = useReservationMessages();
  const format = useFormat();
  const textLang = useTextLang();
  const navigate = useNavigate();
  const location = useLocation();
  // Where the visitor chose to continue the other purchase: this step is not shown with that purchase's data
  // (the check page would find no participants yet); its first step opens instead.
  const [continuedAt, setContinuedAt] = useState<string | null>(null);
  if (status.kind === 'own') return continuedAt === location.key ? null : children;

  const optionPath = tabOptionPath();
  const other = status.kind === 'other';
  const continueOther = () => {
    setContinuedAt(location.key);
    continueStoredPurchase();
    // Its first step, with whatever was entered there already.
    navigate('/reservation/member');
  };
  return (
    <div className="container page">
      <section className={`card ${styles.panel}`} aria-labelledby="purchase-elsewhere-title">
        <h1 id="purchase-elsewhere-title" className={`page-title ${styles.title}`}>
          {other ? t('otherPurchaseTitle') : t('purchaseEndedTitle')}
        </h1>
        <div role="alert" className={styles.message}>
          <p>{other ? t('otherPurchase') : t('purchaseEnded')}</p>
          {other && <p>{t('otherPurchaseChoice')}</p>}
        </div>
        {other && (status.webname || status.usedate) && (
          <dl className={styles.other}>
            <dt>{t('otherPurchaseName')}</dt>
            {status.webname && <dd lang={textLang(status.webname)}>{status.webname}</dd>}
            {status.usedate && <dd>{format.day(status.usedate, { weekday: true })}</dd>}
          </dl>
        )}
        <div className={styles.actions}>
          {other && (
            <button type="button" className="btn btn-primary" onClick={continueOther}>
              {t('continueOtherPurchase')}
            </button>
          )}
          <button
            type="button"
            className={`btn ${other ? 'btn-outline' : 'btn-primary'}`}
            onClick={() => navigate(optionPath ?? listPath(''))}
          >
            {optionPath ? t('backToOption') : t('backToList')}
          </button>
        </div>
      </section>
    </div>
  );
}
