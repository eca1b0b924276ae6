import type { CouponOption } from '@tabi/contract/coupon';
import { SafeHtml } from '../../../components/safe-html.tsx';
import styles from './coupon.module.css';

function mapEmbedUrl(lat: number, lon: number): string {
  return `https://maps.google.com/maps?q=${lat},${lon}&z=15&output=embed`;
}

/** The facility where the coupon is used: name, hours, address, phone, notes and the map. */
export function FacilityInfo({ coupon }: { coupon: CouponOption }) {
  return (
    <section className={`card ${styles.section}`} aria-labelledby="facility-title">
      <h2 id="facility-title" className="section-title">
        施設情報
      </h2>
      <dl className={styles.info}>
        <div>
          <dt>施設名</dt>
          <dd>{coupon.companyname || '－'}</dd>
        </div>
        <div>
          <dt>営業時間</dt>
          <dd>{coupon.hours || '－'}</dd>
        </div>
        <div>
          <dt>住所</dt>
          <dd>{coupon.address || '－'}</dd>
        </div>
        <div>
          <dt>電話番号</dt>
          <dd>{coupon.tel ? <a href={`tel:${coupon.tel.replace(/[^\d+]/g, '')}`}>{coupon.tel}</a> : '－'}</dd>
        </div>
      </dl>
      {coupon.companyattention && <SafeHtml html={coupon.companyattention} className={styles.attention} />}
      {coupon.lat !== null && coupon.lon !== null && (
        <iframe
          className={styles.map}
          title={`${coupon.companyname || coupon.webname}の地図`}
          src={mapEmbedUrl(coupon.lat, coupon.lon)}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      )}
    </section>
  );
}
