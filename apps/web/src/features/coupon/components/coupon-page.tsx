/** What the coupon list and a coupon's detail share: they serve the coupons' use date only, and open with a way back. */
import { say } from '@tabi/contract/said';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFormat } from '../../../i18n/format.ts';
import { showAlert } from '../../../lib/alert.ts';
import styles from './coupon.module.css';

/**
 * Coupons are for their use date only: once the page is `leaving` (its coupons failed to load, or are for another
 * day), it says why, once, and goes back to my page. `usedate` is the coupons' day, said when it is not today.
 */
export function useLeaveForMyPage(leaving: boolean, failure: string | null, usedate: string | undefined): void {
  const format = useFormat();
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (!leaving || left.current) return;
    left.current = true;
    // A bounce says why (my page says it too, beside a disabled button).
    if (failure !== null) showAlert(failure);
    else if (usedate !== undefined) showAlert(say('couponNotToday', { day: format.day(usedate) }));
    navigate('/mypage', { replace: true });
  }, [failure, leaving, navigate, usedate, format]);
}

/** A coupon page: the way back (`backTo`, said as `backLabel`), then the page itself. */
export function CouponPage({
  backTo,
  backLabel,
  children,
}: {
  backTo: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="container page">
      <p className={styles.topBack}>
        <Link to={backTo} className="back-link">
          {backLabel}
        </Link>
      </p>
      {children}
    </div>
  );
}
