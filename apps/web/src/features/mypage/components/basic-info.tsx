import type { Booking } from '@tabi/contract/booking';
import type { BookingState } from '@tabi/contract/booking-rules';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { usePersonName } from '../../../i18n/person-name.ts';
import { receptionYmd, stayDays } from '../lib/booking-view.ts';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';
import { StatusBadge } from './status-badge.tsx';

/** SPEC §2 My page, basic info. */
export function BasicInfo({
  booking,
  code,
  state,
  productName,
}: {
  booking: Booking;
  code: string;
  state: BookingState;
  productName: string;
}) {
  const t = useMypageMessages();
  const common = useCommonMessages();
  const format = useFormat();
  const textLang = useTextLang();
  const personName = usePersonName();
  const people = booking.memberList.length;
  // The departure's times, when the option starts at a set time (ADR 0196).
  const departure = booking.optionList.find((o) => o.start_time !== '');
  return (
    <section className={`card ${styles.section}`} aria-labelledby="basic-info-title">
      <h2 id="basic-info-title" className="section-title">
        {t('basicInfo')}
      </h2>
      <div className={styles.basicHead}>
        <StatusBadge state={state} />
        <span className={styles.code}>
          {t('optionCode')}
          <span data-testid="product-code">{code}</span>
        </span>
      </div>
      <p className={styles.productName} lang={textLang(productName)}>
        {productName}
      </p>
      <dl className={`info-list ${styles.info}`}>
        <div>
          <dt>{t('rsvno')}</dt>
          <dd className={styles.rsvno}>{booking.rsvno}</dd>
        </div>
        <div>
          <dt>{t('usedate')}</dt>
          <dd>
            {booking.todate !== booking.fromdate
              ? common('range', { from: format.day(booking.fromdate), to: format.day(booking.todate) })
              : format.day(booking.fromdate)}
          </dd>
        </div>
        {departure && (
          <div>
            <dt>{t('startTime')}</dt>
            <dd data-testid="mypage-start-time">{format.times(departure.start_time, departure.end_time)}</dd>
          </div>
        )}
        <div>
          <dt>{t('days')}</dt>
          <dd>{t('dayCount', { n: stayDays(booking.fromdate, booking.todate) })}</dd>
        </div>
        <div>
          <dt>{t('received')}</dt>
          <dd>{format.day(receptionYmd(booking.rsvdate))}</dd>
        </div>
        <div>
          <dt>{t('leaderName')}</dt>
          <dd lang={textLang(`${booking.sei}${booking.mei}`)}>
            {t('honorific', { name: personName(booking.sei, booking.mei) })}
          </dd>
        </div>
        <div>
          <dt>{t('people')}</dt>
          <dd>{t('peopleCount', { n: people })}</dd>
        </div>
        {booking.meetpoint && (
          <div className={styles.wide}>
            <dt>{t('meetpoint')}</dt>
            <dd lang={textLang(booking.meetpoint)}>{booking.meetpoint}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
