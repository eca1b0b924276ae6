import type { CouponOption } from '@tabi/contract/coupon';
import { FacilityDetails } from '../../../components/facility-details.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useCouponMessages } from '../lib/messages.ts';
import styles from './coupon.module.css';

/** The facility where the coupon is used: name, hours, address, phone, notes and the map. */
export function FacilityInfo({ coupon }: { coupon: CouponOption }) {
  const t = useCouponMessages();
  const textLang = useTextLang();
  return (
    <section className={`card ${styles.section}`} aria-labelledby="facility-title">
      <h2 id="facility-title" className="section-title">
        {t('facility')}
      </h2>
      <FacilityDetails facility={coupon} listClassName={styles.info}>
        {coupon.companyattention && (
          <SafeHtml
            html={coupon.companyattention}
            className={styles.attention}
            lang={textLang(coupon.companyattention)}
          />
        )}
      </FacilityDetails>
    </section>
  );
}
