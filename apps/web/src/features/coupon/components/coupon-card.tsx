import type { CouponOption } from '@tabi/contract/coupon';
import { Link } from 'react-router';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { couponCounts } from '../lib/coupon-rules.ts';
import { useCouponMessages } from '../lib/messages.ts';
import styles from './coupon.module.css';
import { CouponImage } from './coupon-image.tsx';
import { RemainingCounts } from './remaining-counts.tsx';

export function couponPath(c: Pick<CouponOption, 'opcd' | 'pkcd'>): string {
  return `/coopon/${encodeURIComponent(c.opcd)}/${encodeURIComponent(c.pkcd)}`;
}

/** SPEC §2 Coupon list card: name, use date, remaining, image (stamped when used up), introduction, links. */
export function CouponCard({ coupon }: { coupon: CouponOption }) {
  const t = useCouponMessages();
  const format = useFormat();
  const textLang = useTextLang();
  const { left } = couponCounts(coupon);
  const titleId = `coupon-${coupon.opcd}-${coupon.pkcd}`;
  return (
    <article className={`card ${styles.card}`} aria-labelledby={titleId} data-testid={`coupon-${coupon.opcd}`}>
      <CouponImage src={coupon.image} name={coupon.webname} usedUp={left === 0} />
      <div className={styles.cardBody}>
        <h2 id={titleId} className={styles.cardTitle} lang={textLang(coupon.webname)}>
          {coupon.webname}
        </h2>
        <p className={styles.useDate}>{t('dateOfUse', { day: format.day(coupon.usedate) })}</p>
        <RemainingCounts coupon={coupon} />
        {coupon.introduction && (
          <SafeHtml html={coupon.introduction} className={styles.intro} lang={textLang(coupon.introduction)} />
        )}
        <div className={styles.cardActions}>
          <Link to={couponPath(coupon)} className="btn btn-outline" aria-describedby={titleId}>
            {t('detailLink')}
          </Link>
          {left > 0 && !coupon.facility_stopped && (
            <Link to={`${couponPath(coupon)}#use-coopon`} className="btn btn-primary" aria-describedby={titleId}>
              {t('use')}
            </Link>
          )}
        </div>
        {left > 0 && coupon.facility_stopped && <p className={styles.stoppedNote}>{t('facilityStopped')}</p>}
      </div>
    </article>
  );
}
