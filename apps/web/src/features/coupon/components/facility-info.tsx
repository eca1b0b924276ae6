import type { CouponOption } from '@tabi/contract/coupon';
import { FacilityDetails } from '../../../components/facility-details.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import styles from './coupon.module.css';

/** The facility where the coupon is used: name, hours, address, phone, notes and the map. */
export function FacilityInfo({ coupon }: { coupon: CouponOption }) {
  return (
    <section className={`card ${styles.section}`} aria-labelledby="facility-title">
      <h2 id="facility-title" className="section-title">
        施設情報
      </h2>
      <FacilityDetails facility={coupon} listClassName={styles.info}>
        {coupon.companyattention && <SafeHtml html={coupon.companyattention} className={styles.attention} />}
      </FacilityDetails>
    </section>
  );
}
