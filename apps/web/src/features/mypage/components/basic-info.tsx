import type { Booking } from '@tabi/contract/booking';
import { formatYmd } from '@tabi/contract/dates';
import { receptionYmd, stayDays } from '../lib/booking-view.ts';
import styles from './mypage.module.css';
import { StatusBadge } from './status-badge.tsx';

/** SPEC §2 My page, basic info. */
export function BasicInfo({
  booking,
  code,
  statusLabel,
  productName,
}: {
  booking: Booking;
  code: string;
  statusLabel: string;
  productName: string;
}) {
  const people = booking.memberList.length;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="basic-info-title">
      <h2 id="basic-info-title" className="section-title">
        基本情報
      </h2>
      <div className={styles.basicHead}>
        <StatusBadge label={statusLabel} />
        <span className={styles.code}>
          商品コード：<span data-testid="product-code">{code}</span>
        </span>
      </div>
      <p className={styles.productName}>{productName}</p>
      <dl className={`info-list ${styles.info}`}>
        <div>
          <dt>予約番号</dt>
          <dd className={styles.rsvno}>{booking.rsvno}</dd>
        </div>
        <div>
          <dt>利用日</dt>
          <dd>
            {formatYmd(booking.fromdate)}
            {booking.todate !== booking.fromdate && <>～{formatYmd(booking.todate)}</>}
          </dd>
        </div>
        <div>
          <dt>日数</dt>
          <dd>{stayDays(booking.fromdate, booking.todate)}日間</dd>
        </div>
        <div>
          <dt>受付日</dt>
          <dd>{formatYmd(receptionYmd(booking.rsvdate))}</dd>
        </div>
        <div>
          <dt>申込者名</dt>
          <dd>
            {booking.sei} {booking.mei} 様
          </dd>
        </div>
        <div>
          <dt>参加人数</dt>
          <dd>{people}名</dd>
        </div>
        {booking.meetpoint && (
          <div className={styles.wide}>
            <dt>集合場所</dt>
            <dd>{booking.meetpoint}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
