import type { Booking } from '@tabi/contract/booking';
import { type AgeClass, ageClassFromCode, type GenderCode } from '@tabi/contract/constants';
import { ageOn, isValidYmd } from '@tabi/contract/dates';
import { useTextLang } from '../../../i18n/lang.tsx';
import { usePersonName } from '../../../i18n/person-name.ts';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';

function ageClassLabel(code: string, label: (ageClass: AgeClass) => string): string {
  const ageClass = ageClassFromCode(code);
  return ageClass ? label(ageClass) : '';
}

/** SPEC §2 My page, participants: class, name, age at the start date, gender, nationality, passport, vegetarian. */
export function Participants({ booking }: { booking: Booking }) {
  const t = useMypageMessages();
  const shared = useSharedMessages();
  const textLang = useTextLang();
  const personName = usePersonName();
  return (
    <section className={`card ${styles.section}`} aria-labelledby="participants-title">
      <h2 id="participants-title" className="section-title">
        {t('participants')}
      </h2>
      <ol className={styles.members}>
        {booking.memberList.map((m, i) => {
          const extra = m.extended_datas.extended_participant_fields;
          const age = isValidYmd(m.birthday) ? ageOn(m.birthday, booking.fromdate) : null;
          return (
            <li key={m.seq || i} className={styles.member}>
              <p className={styles.memberHead}>
                <span className={styles.memberNo}>{shared('participant', { n: i + 1 })}</span>
                <span className="tag">{ageClassLabel(m.ageclass, (ageClass) => shared(`ageClasses.${ageClass}`))}</span>
              </p>
              <p className={styles.memberName} lang={textLang(`${m.sei}${m.mei}`)}>
                {personName(m.sei, m.mei)}
              </p>
              <dl className={styles.memberInfo}>
                <div>
                  <dt>{t('age')}</dt>
                  <dd>{age === null ? '－' : t('years', { n: age })}</dd>
                </div>
                <div>
                  <dt>{shared('sex')}</dt>
                  <dd>{shared(`genders.${m.sex as GenderCode}`) ?? '－'}</dd>
                </div>
                <div>
                  <dt>{shared('nationality')}</dt>
                  <dd lang={textLang(m.nationality_nm)}>{m.nationality_nm || '－'}</dd>
                </div>
                {extra.passport_number && (
                  <div>
                    <dt>{shared('passport')}</dt>
                    <dd>{extra.passport_number}</dd>
                  </div>
                )}
                {extra.vegetarian_meals !== undefined && (
                  <div>
                    <dt>{shared('vegetarian')}</dt>
                    <dd>{extra.vegetarian_meals ? shared('vegetarianWanted') : shared('vegetarianNotWanted')}</dd>
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
