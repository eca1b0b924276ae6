import type { Booking } from '@tabi/contract/booking';
import { RENTAL_FIELDS, type RentalField, rentalFields, rentalValueLabel } from '@tabi/contract/rental';
import { useTextLang } from '../../../i18n/lang.tsx';
import { usePersonName } from '../../../i18n/person-name.ts';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';

/**
 * The fields a rental booking shows: its rental code's (SPEC §2 Rental edit), or — while the option is not known —
 * those any participant has a value in.
 */
function shownFields(booking: Booking, rentalcd: string | undefined): RentalField[] {
  if (rentalcd) return rentalFields(rentalcd);
  return RENTAL_FIELDS.filter((field) => booking.rentskiList.some((r) => r[field] !== ''));
}

/**
 * A rental booking's sizes per participant, read only, from the moment it is booked (the detail page promises
 * them on my page). Changing them stays SPEC §2's レンタル詳細・変更, offered from the day after the start date;
 * until then the section of a live booking says so.
 */
export function RentalSizes({
  booking,
  rentalcd,
  changeLater,
}: {
  booking: Booking;
  rentalcd: string | undefined;
  /** A live booking whose change link is not offered yet: say from when it is. */
  changeLater: boolean;
}) {
  const textLang = useTextLang();
  const personName = usePersonName();
  const t = useMypageMessages();
  const shared = useSharedMessages();
  const fields = shownFields(booking, rentalcd);
  if (booking.rentskiList.length === 0 || fields.length === 0) return null;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="rentals-title">
      <h2 id="rentals-title" className="section-title">
        {t('rentals')}
      </h2>
      <ol className={styles.members}>
        {booking.memberList.map((m, i) => {
          const rental = booking.rentskiList.find((r) => r.seq === m.seq);
          return (
            <li key={m.seq || i} className={styles.member}>
              <p className={styles.memberHead}>
                <span className={styles.memberNo}>{shared('participant', { n: i + 1 })}</span>
              </p>
              <p className={styles.memberName} lang={textLang(`${m.sei}${m.mei}`)}>
                {personName(m.sei, m.mei)}
              </p>
              <dl className={styles.memberInfo}>
                {fields.map((field) => {
                  const value = rental?.[field] ?? '';
                  return (
                    <div key={field}>
                      <dt>{shared(`rentalFields.${field}`)}</dt>
                      <dd>
                        {value
                          ? rentalValueLabel(field, value, (code) => shared(`rentalTypes.${code}`))
                          : shared('none')}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          );
        })}
      </ol>
      {changeLater && <p className="hint">{t('changeSizesLater')}</p>}
    </section>
  );
}
