import { say } from '@tabi/contract/said';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFormat } from '../../../i18n/format.ts';
import { showAlert } from '../../../lib/alert.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useCoupons } from '../api/get-coupons.ts';
import { todayInTokyo, usableToday } from '../lib/coupon-rules.ts';
import { useCouponMessages } from '../lib/messages.ts';
import styles from './coupon.module.css';
import { CouponCard } from './coupon-card.tsx';

/** SPEC §2 Coupon list; coupons are for their use date only, so any other day goes back to my page. */
export function CouponListPage() {
  const t = useCouponMessages();
  const format = useFormat();
  const rsvno = useAuthStore((s) => s.rsvno) ?? '';
  const navigate = useNavigate();
  const query = useCoupons(rsvno);
  const options = query.data ?? null;
  const failure = failureMessage(query.error);
  const leaving = failure !== null || (options !== null && !usableToday(options, todayInTokyo()));
  const left = useRef(false);

  useEffect(() => {
    if (!leaving || left.current) return;
    left.current = true;
    // A bounce says why (my page says it too, beside a disabled button).
    if (failure !== null) showAlert(failure);
    else if (options?.[0]) showAlert(say('couponNotToday', { day: format.day(options[0].usedate) }));
    navigate('/mypage', { replace: true });
  }, [failure, leaving, navigate, options, format]);

  return (
    <div className="container page">
      <p className={styles.topBack}>
        <Link to="/mypage" className="back-link">
          {t('backToMyPage')}
        </Link>
      </p>
      <h1 className="page-title">{t('listTitle')}</h1>
      {options && !leaving ? (
        <>
          <p className={styles.lead}>
            {t('forDayBefore')}
            <strong>{format.day(options[0]?.usedate ?? '')}</strong>
            {t('forDayAfter')}
          </p>
          <ul className={styles.grid}>
            {options.map((c) => (
              <li key={`${c.opcd}-${c.pkcd}`}>
                <CouponCard coupon={c} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="hint" aria-live="polite">
          {query.isError ? t('loadFailed') : t('loading')}
        </p>
      )}
    </div>
  );
}
