import type { Nationality } from '@tabi/contract/catalog';
import type { GenderCode } from '@tabi/contract/constants';
import { ageOn, isValidYmd } from '@tabi/contract/dates';
import { rentalFields, rentalValueLabel } from '@tabi/contract/rental';
import type { ReactNode } from 'react';
import { type Format, useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { usePersonName } from '../../../i18n/person-name.ts';
import { useSharedMessages } from '../../../i18n/shared.ts';
import type { Leader, Person, ReservedOption } from '../../../stores/reservation-store.ts';
import { useReservationMessages } from '../lib/messages.ts';
import styles from './people-review.module.css';
import { ReviewCard } from './review-card.tsx';

interface Listed {
  passport: boolean;
  vegetarian: boolean;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type Texts = ReturnType<typeof useReservationMessages>;

function nationalityName(id: string, nationalities: Nationality[] | undefined): string {
  return nationalities?.find((n) => String(n.id) === id)?.nationality_nm ?? '—';
}

function birthdayWithAge(person: Person, usedate: string, t: Texts, format: Format): string {
  const ymd = person.birthday.replaceAll('-', '');
  if (!isValidYmd(ymd)) return '—';
  return t('birthdayWithAge', { day: format.day(ymd), age: ageOn(ymd, usedate) });
}

function PersonRows({
  person,
  usedate,
  nationalities,
  listed,
}: {
  person: Person;
  usedate: string;
  nationalities: Nationality[] | undefined;
  listed: Listed;
}) {
  const t = useReservationMessages();
  const shared = useSharedMessages();
  const format = useFormat();
  const textLang = useTextLang();
  const personName = usePersonName();
  return (
    <>
      <Row label={t('name')}>{personName(person.lastName, person.firstName)}</Row>
      <Row label={t('birthday')}>{birthdayWithAge(person, usedate, t, format)}</Row>
      <Row label={shared('sex')}>{person.sex ? shared(`genders.${person.sex as GenderCode}`) : '—'}</Row>
      <Row label={shared('nationality')}>
        <span lang={textLang(nationalityName(person.nationalityId, nationalities))}>
          {nationalityName(person.nationalityId, nationalities)}
        </span>
      </Row>
      {listed.passport && <Row label={shared('passport')}>{person.passportNumber || '—'}</Row>}
      {listed.vegetarian && (
        <Row label={shared('vegetarian')}>
          {person.vegetarianMeals ? shared('vegetarianWanted') : shared('vegetarianNotWanted')}
        </Row>
      )}
    </>
  );
}

function RentalRows({ person, rentalcd }: { person: Person; rentalcd: string }) {
  const shared = useSharedMessages();
  return (
    <>
      {rentalFields(rentalcd).map((field) => {
        const value = { model: person.rentalType, boots_size: person.bootsSize, wear_size: person.wearSize }[field];
        // An unchosen type reads なし (RENTAL_TYPE_LABEL), an unchosen size a dash.
        const shown =
          value || field === 'model' ? rentalValueLabel(field, value, (code) => shared(`rentalTypes.${code}`)) : '—';
        return (
          <Row key={field} label={shared(`rentalFields.${field}`)}>
            {shown}
          </Row>
        );
      })}
    </>
  );
}

/** The applicant, each participant numbered with its age class, and rental details (SPEC §2 Confirm). */
export function PeopleReview({
  option,
  usedate,
  leader,
  members,
  nationalities,
}: {
  option: ReservedOption;
  usedate: string;
  leader: Leader;
  members: Person[];
  nationalities: Nationality[] | undefined;
}) {
  const t = useReservationMessages();
  const shared = useSharedMessages();
  const listed: Listed = {
    passport: option.extended_fields.includes('passport_number'),
    vegetarian: option.extended_fields.includes('vegetarian_meals'),
  };
  return (
    <>
      <ReviewCard title={t('leader')}>
        <dl className={styles.list}>
          <PersonRows person={leader} usedate={usedate} nationalities={nationalities} listed={listed} />
          <Row label={t('tel')}>{leader.phoneNumber}</Row>
          <Row label={t('email')}>
            <span className={styles.breakAll}>{leader.email}</span>
          </Row>
        </dl>
      </ReviewCard>
      <ReviewCard title={t('participants')}>
        <ol className={styles.members}>
          {members.map((member, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the party is fixed for the whole flow
            <li key={i} className={styles.member}>
              <h3 className={styles.memberTitle}>
                {shared('participant', { n: i + 1 })}
                <span className="tag">{shared(`ageClasses.${member.ageClass}`)}</span>
              </h3>
              <dl className={styles.list}>
                <PersonRows person={member} usedate={usedate} nationalities={nationalities} listed={listed} />
              </dl>
              {option.rentalcd && (
                <div className={styles.rental}>
                  <h4 className={styles.rentalTitle}>{t('rental')}</h4>
                  <dl className={styles.list}>
                    <RentalRows person={member} rentalcd={option.rentalcd} />
                  </dl>
                </div>
              )}
            </li>
          ))}
        </ol>
      </ReviewCard>
    </>
  );
}
