import type { Member } from '@tabi/contract/booking';
import type { RentalStockAnswer } from '@tabi/contract/catalog';
import type { GenderCode } from '@tabi/contract/constants';
import { rentalTypeOf } from '@tabi/contract/rental';
import { RentalSelects } from '../../../components/rental-selects.tsx';
import { useTextLang } from '../../../i18n/lang.tsx';
import { usePersonName } from '../../../i18n/person-name.ts';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { memberAgeClass, type RentalRow } from '../lib/rental-form.ts';
import styles from './rental-edit.module.css';

const ID_SUFFIX = { model: 'model', boots_size: 'boots', wear_size: 'wear' } as const;

/** One participant's rental selects (SPEC §2 Rental edit): type, boots size and wear size per rental code. */
export function RentalMemberFields({
  index,
  member,
  rentalcd,
  value,
  onChange,
  stock,
  kept,
}: {
  index: number;
  member: Member;
  rentalcd: string;
  value: RentalRow;
  onChange(value: RentalRow): void;
  /** What the shop has left that day, and the participant's values as booked (theirs whatever is left). */
  stock?: RentalStockAnswer;
  kept?: RentalRow;
}) {
  const textLang = useTextLang();
  const personName = usePersonName();
  const shared = useSharedMessages();
  const ageClass = memberAgeClass(member);
  return (
    <fieldset className={`card ${styles.member}`}>
      <legend className={styles.legend}>
        <span className={styles.memberNo}>{shared('participant', { n: index + 1 })}</span>
        <span className={styles.memberName} lang={textLang(`${member.sei}${member.mei}`)}>
          {personName(member.sei, member.mei)}
        </span>
        <span className={styles.memberMeta}>
          {shared(`genders.${member.sex as GenderCode}`) ?? ''}
          <span className="tag">{shared(`ageClasses.${ageClass}`)}</span>
        </span>
      </legend>
      <div className={styles.selects}>
        <RentalSelects
          rentalcd={rentalcd}
          ageClass={ageClass}
          required={false}
          idFor={(field) => `rental-${value.seq}-${ID_SUFFIX[field]}`}
          stock={stock}
          kept={kept}
          select={(field) => ({
            value: value[field],
            onChange: (e) => {
              const next = e.currentTarget.value;
              onChange({ ...value, [field]: next, model: field === 'model' ? rentalTypeOf(next) : value.model });
            },
          })}
        />
      </div>
    </fieldset>
  );
}
