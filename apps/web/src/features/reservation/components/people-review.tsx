import type { Nationality } from '@tabi/contract/catalog';
import { AGE_CLASS_LABEL, GENDER_LABEL, type GenderCode } from '@tabi/contract/constants';
import { ageOn, formatYmd, isValidYmd } from '@tabi/contract/dates';
import { Msg, participantTitle } from '@tabi/contract/messages';
import { RENTAL_FIELD_LABEL, rentalFields, rentalValueLabel } from '@tabi/contract/rental';
import type { ReactNode } from 'react';
import type { Leader, Person, ReservedOption } from '../../../stores/reservation-store.ts';
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

function nationalityName(id: string, nationalities: Nationality[] | undefined): string {
  return nationalities?.find((n) => String(n.id) === id)?.nationality_nm ?? '—';
}

function birthdayWithAge(person: Person, usedate: string): string {
  const ymd = person.birthday.replaceAll('-', '');
  if (!isValidYmd(ymd)) return '—';
  return `${formatYmd(ymd)}（ご利用日時点 ${ageOn(ymd, usedate)}歳）`;
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
  return (
    <>
      <Row label="氏名">{`${person.lastName} ${person.firstName}`}</Row>
      <Row label="生年月日">{birthdayWithAge(person, usedate)}</Row>
      <Row label="性別">{person.sex ? GENDER_LABEL[person.sex as GenderCode] : '—'}</Row>
      <Row label="国籍">{nationalityName(person.nationalityId, nationalities)}</Row>
      {listed.passport && <Row label="パスポート番号">{person.passportNumber || '—'}</Row>}
      {listed.vegetarian && (
        <Row label="ベジタリアン食">{person.vegetarianMeals ? Msg.vegetarianWanted : '希望しない'}</Row>
      )}
    </>
  );
}

function RentalRows({ person, rentalcd }: { person: Person; rentalcd: string }) {
  return (
    <>
      {rentalFields(rentalcd).map((field) => {
        const value = { model: person.rentalType, boots_size: person.bootsSize, wear_size: person.wearSize }[field];
        // An unchosen type reads なし (RENTAL_TYPE_LABEL), an unchosen size a dash.
        const shown = value || field === 'model' ? rentalValueLabel(field, value) : '—';
        return (
          <Row key={field} label={RENTAL_FIELD_LABEL[field]}>
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
  const listed: Listed = {
    passport: option.extended_fields.includes('passport_number'),
    vegetarian: option.extended_fields.includes('vegetarian_meals'),
  };
  return (
    <>
      <ReviewCard title={Msg.leader}>
        <dl className={styles.list}>
          <PersonRows person={leader} usedate={usedate} nationalities={nationalities} listed={listed} />
          <Row label="電話番号">{leader.phoneNumber}</Row>
          <Row label="メールアドレス">
            <span className={styles.breakAll}>{leader.email}</span>
          </Row>
        </dl>
      </ReviewCard>
      <ReviewCard title="参加者">
        <ol className={styles.members}>
          {members.map((member, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the party is fixed for the whole flow
            <li key={i} className={styles.member}>
              <h3 className={styles.memberTitle}>
                {participantTitle(i + 1)}
                <span className="tag">{AGE_CLASS_LABEL[member.ageClass]}</span>
              </h3>
              <dl className={styles.list}>
                <PersonRows person={member} usedate={usedate} nationalities={nationalities} listed={listed} />
              </dl>
              {option.rentalcd && (
                <div className={styles.rental}>
                  <h4 className={styles.rentalTitle}>レンタル情報</h4>
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
