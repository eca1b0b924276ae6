import type { Booking } from '@tabi/contract/booking';
import { AGE_CLASS_LABEL, ageClassFromCode, GENDER_LABEL, type GenderCode } from '@tabi/contract/constants';
import { ageOn, isValidYmd } from '@tabi/contract/dates';
import { Msg, participantTitle } from '@tabi/contract/messages';
import styles from './mypage.module.css';

function ageClassLabel(code: string): string {
  const ageClass = ageClassFromCode(code);
  return ageClass ? AGE_CLASS_LABEL[ageClass] : '';
}

/** SPEC §2 My page, participants: class, name, age at the start date, gender, nationality, passport, vegetarian. */
export function Participants({ booking }: { booking: Booking }) {
  return (
    <section className={`card ${styles.section}`} aria-labelledby="participants-title">
      <h2 id="participants-title" className="section-title">
        参加者
      </h2>
      <ol className={styles.members}>
        {booking.memberList.map((m, i) => {
          const extra = m.extended_datas.extended_participant_fields;
          const age = isValidYmd(m.birthday) ? ageOn(m.birthday, booking.fromdate) : null;
          return (
            <li key={m.seq || i} className={styles.member}>
              <p className={styles.memberHead}>
                <span className={styles.memberNo}>{participantTitle(i + 1)}</span>
                <span className="tag">{ageClassLabel(m.ageclass)}</span>
              </p>
              <p className={styles.memberName}>
                {m.sei} {m.mei}
              </p>
              <dl className={styles.memberInfo}>
                <div>
                  <dt>年齢</dt>
                  <dd>{age === null ? '－' : `${age}歳`}</dd>
                </div>
                <div>
                  <dt>性別</dt>
                  <dd>{GENDER_LABEL[m.sex as GenderCode] ?? '－'}</dd>
                </div>
                <div>
                  <dt>国籍</dt>
                  <dd>{m.nationality_nm || '－'}</dd>
                </div>
                {extra.passport_number && (
                  <div>
                    <dt>パスポート番号</dt>
                    <dd>{extra.passport_number}</dd>
                  </div>
                )}
                {extra.vegetarian_meals !== undefined && (
                  <div>
                    <dt>ベジタリアン食</dt>
                    <dd>{extra.vegetarian_meals ? Msg.vegetarianWanted : '希望しない'}</dd>
                  </div>
                )}
              </dl>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
