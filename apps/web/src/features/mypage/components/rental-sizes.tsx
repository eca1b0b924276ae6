import type { Booking } from '@tabi/contract/booking';
import { participantTitle } from '@tabi/contract/messages';
import {
  RENTAL_FIELD_LABEL,
  RENTAL_FIELDS,
  type RentalField,
  rentalFields,
  rentalValueLabel,
} from '@tabi/contract/rental';
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
  const fields = shownFields(booking, rentalcd);
  if (booking.rentskiList.length === 0 || fields.length === 0) return null;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="rentals-title">
      <h2 id="rentals-title" className="section-title">
        レンタル
      </h2>
      <ol className={styles.members}>
        {booking.memberList.map((m, i) => {
          const rental = booking.rentskiList.find((r) => r.seq === m.seq);
          return (
            <li key={m.seq || i} className={styles.member}>
              <p className={styles.memberHead}>
                <span className={styles.memberNo}>{participantTitle(i + 1)}</span>
              </p>
              <p className={styles.memberName}>
                {m.sei} {m.mei}
              </p>
              <dl className={styles.memberInfo}>
                {fields.map((field) => {
                  const value = rental?.[field] ?? '';
                  return (
                    <div key={field}>
                      <dt>{RENTAL_FIELD_LABEL[field]}</dt>
                      <dd>{value ? rentalValueLabel(field, value) : 'なし'}</dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          );
        })}
      </ol>
      {changeLater && <p className="hint">サイズの変更は、ご利用開始日の翌日から「レンタル詳細・変更」で承ります。</p>}
    </section>
  );
}
