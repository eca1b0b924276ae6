import { useFormat } from '../../../i18n/format.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useCoupons } from '../api/get-coupons.ts';
import { todayInTokyo, usableToday } from '../lib/coupon-rules.ts';
import { useCouponMessages } from '../lib/messages.ts';
import styles from './coupon.module.css';
import { CouponCard } from './coupon-card.tsx';
import { CouponPage, useLeaveForMyPage } from './coupon-page.tsx';

/** SPEC §2 Coupon list; coupons are for their use date only, so any other day goes back to my page. */
export function CouponListPage() {
  const t = useCouponMessages();
  const format = useFormat();
  const rsvno = useAuthStore((s) => s.rsvno) ?? '';
  const query = useCoupons(rsvno);
  const options = query.data ?? null;
  const failure = failureMessage(query.error);
  const leaving = failure !== null || (options !== null && !usableToday(options, todayInTokyo()));
  useLeaveForMyPage(leaving, failure, options?.[0]?.usedate);

  return (
    <CouponPage backTo="/mypage" backLabel={t('backToMyPage')}>
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
    </CouponPage>
  );
}
