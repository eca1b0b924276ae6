import type { Member } from '@tabi/contract/booking';
import {
  AGE_CLASS_LABEL,
  GENDER_LABEL,
  type GenderCode,
  RENTAL_TYPE_LABEL,
  RENTAL_TYPES,
  type RentalTypeCode,
  rentalNeedsBoots,
  rentalNeedsType,
  rentalNeedsWear,
  SHOE_SIZES,
  wearSizesFor,
} from '@tabi/contract/constants';
import { participantTitle } from '@tabi/contract/messages';
import { Field } from '../../../components/form/field.tsx';
import { memberAgeClass, type RentalRow } from '../lib/rental-form.ts';
import styles from './rental-edit.module.css';

/** One participant's rental selects (SPEC §2 Rental edit): type, boots size and wear size per rental code. */
export function RentalMemberFields({
  index,
  member,
  rentalcd,
  value,
  onChange,
}: {
  index: number;
  member: Member;
  rentalcd: string;
  value: RentalRow;
  onChange(value: RentalRow): void;
}) {
  const ageClass = memberAgeClass(member);
  const id = (field: string) => `rental-${value.seq}-${field}`;
  return (
    <fieldset className={`card ${styles.member}`}>
      <legend className={styles.legend}>
        <span className={styles.memberNo}>{participantTitle(index + 1)}</span>
        <span className={styles.memberName}>
          {member.sei} {member.mei}
        </span>
        <span className={styles.memberMeta}>
          {GENDER_LABEL[member.sex as GenderCode] ?? ''}
          <span className="tag">{AGE_CLASS_LABEL[ageClass]}</span>
        </span>
      </legend>
      <div className={styles.selects}>
        {rentalNeedsType(rentalcd) && (
          <Field label="レンタル" id={id('model')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={value.model}
                onChange={(e) => onChange({ ...value, model: e.currentTarget.value as RentalTypeCode })}
              >
                {RENTAL_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {RENTAL_TYPE_LABEL[t]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {rentalNeedsBoots(rentalcd) && (
          <Field label="ブーツ" id={id('boots')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={value.boots_size}
                onChange={(e) => onChange({ ...value, boots_size: e.currentTarget.value })}
              >
                <option value="">なし</option>
                {SHOE_SIZES.map((s) => (
                  <option key={s} value={s}>
                    {s}cm
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {rentalNeedsWear(rentalcd) && (
          <Field label="ウェア" id={id('wear')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={value.wear_size}
                onChange={(e) => onChange({ ...value, wear_size: e.currentTarget.value })}
              >
                <option value="">なし</option>
                {wearSizesFor(ageClass).map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
    </fieldset>
  );
}
