import type { RentalStockAnswer } from '@tabi/contract/catalog';
import { rentalLeft } from '@tabi/contract/catalog-rules';
import type { AgeClass } from '@tabi/contract/constants';
import { type RentalField, rentalChoices, rentalFields, rentalValueLabel } from '@tabi/contract/rental';
import type { Ref, SelectHTMLAttributes } from 'react';
import { useSharedMessages } from '../i18n/shared.ts';
import { Field } from './form/field.tsx';

/** What a select needs from its form: react-hook-form's `register(…)`, or a value with its onChange. */
export type RentalSelectProps = Pick<
  SelectHTMLAttributes<HTMLSelectElement>,
  'name' | 'value' | 'onChange' | 'onBlur'
> & {
  ref?: Ref<HTMLSelectElement>;
};

interface RentalSelectsProps {
  rentalcd: string;
  ageClass: AgeClass;
  /**
   * The purchase asks for every select ("選択してください", 必須); the my-page edit lets a participant
   * keep "なし".
   */
  required: boolean;
  select(field: RentalField): RentalSelectProps;
  errors?: Partial<Record<RentalField, string | undefined>>;
  /** Fixed ids for the selects; otherwise each field makes its own. */
  idFor?(field: RentalField): string;
  /**
   * What the rental shop has left that day (ADR 0209): a value without stock stays listed, disabled and marked
   * 在庫なし, unless it is the participant's own already (`kept`, the my-page edit), which their booking holds.
   */
  stock?: RentalStockAnswer;
  kept?: Partial<Record<RentalField, string>>;
}

/**
 * One participant's rental selects (SPEC §2 Rental entry and Rental edit): the ones the option's rental
 * code needs, each offering what fits the participant's age class (the contract's rental rule).
 */
export function RentalSelects({
  rentalcd,
  ageClass,
  required,
  select,
  errors,
  idFor,
  stock,
  kept,
}: RentalSelectsProps) {
  const t = useSharedMessages();
  return rentalFields(rentalcd).map((field) => (
    <Field
      key={field}
      label={t(`rentalFields.${field}`)}
      required={required}
      id={idFor?.(field)}
      error={errors?.[field]}
    >
      {(control) => (
        <select {...control} className="select" {...select(field)}>
          <option value="">{required ? t('choose') : t('none')}</option>
          {rentalChoices(field, ageClass).map((value) => {
            const label = rentalValueLabel(field, value, (code) => t(`rentalTypes.${code}`));
            const soldOut = rentalLeft(stock, field, value) === 0 && kept?.[field] !== value;
            return (
              <option key={value} value={value} disabled={soldOut}>
                {soldOut ? t('soldOutValue', { value: label }) : label}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  ));
}
