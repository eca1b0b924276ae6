import { type BookingDetail, type RentalsRequest, rentalsRequest } from '@tabi/contract/admin-bookings';
import { AGE_CLASS_LABEL, ageClassFromCode } from '@tabi/contract/constants';
import {
  RENTAL_FIELD_LABEL,
  type RentalChoice,
  type RentalField,
  rentalChoices,
  rentalFields,
  rentalTypeOf,
  rentalValueLabel,
} from '@tabi/contract/rental';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/form/field.tsx';
import { bookingActions } from '../../lib/booking-api.ts';

import { type DialogProps, MembersDialog, useMembersForm } from './shared.tsx';

interface RentalsValues {
  rentskiList: (RentalChoice & { seq: string })[];
}
/** The console's labels: the boots' sizes are listed bare, so their label says the unit. */
const RENTAL_LABEL: Record<RentalField, string> = { ...RENTAL_FIELD_LABEL, boots_size: 'ブーツ（cm）' };

function rentalValues(detail: BookingDetail): RentalsValues {
  return {
    rentskiList: detail.booking.memberList.map((m) => {
      const r = detail.booking.rentskiList.find((x) => x.seq === m.seq);
      return {
        seq: m.seq,
        model: rentalTypeOf(r?.model ?? ''),
        boots_size: r?.boots_size ?? '',
        wear_size: r?.wear_size ?? '',
      };
    }),
  };
}

/** The rentals read into the contract's rentalsRequest, and checked by it. */
const rentalsForm = z
  .custom<RentalsValues>()
  .transform(
    (v): RentalsRequest => ({
      rentskiList: v.rentskiList.map((r) => ({ ...r, model: rentalTypeOf(r.model), accessory: '' })),
    }),
  )
  .pipe(rentalsRequest);

export function RentalsDialog(props: DialogProps) {
  const { detail } = props;
  const { form, dialog } = useMembersForm(
    props,
    rentalsForm,
    rentalValues,
    bookingActions.rentals,
    'レンタル内容を変更しました。',
  );
  const { errors } = form.formState;
  return (
    <MembersDialog
      {...dialog}
      title="レンタル内容を変更"
      intro={<p>レンタルの種類とサイズを変更します（マイページのレンタル変更と同じ規則で確認します）。</p>}
    >
      {detail.booking.memberList.map((member, i) => {
        const ageClass = ageClassFromCode(member.ageclass) ?? 'adult';
        return (
          <fieldset key={member.seq} className="adm-member">
            <legend>
              参加者{member.seq}：{member.sei} {member.mei}（{AGE_CLASS_LABEL[ageClass]}）
            </legend>
            {rentalFields(detail.option.rentalcd).map((name) => (
              <Field key={name} label={RENTAL_LABEL[name]} error={errors.rentskiList?.[i]?.[name]?.message}>
                {(c) => (
                  // Kept by the form rather than the select: 「選択してください」 is offered only while nothing is.
                  <Controller
                    control={form.control}
                    name={`rentskiList.${i}.${name}`}
                    render={({ field }) => (
                      <select {...c} {...field}>
                        {field.value === '' && <option value="">選択してください</option>}
                        {rentalChoices(name, ageClass).map((value) => (
                          <option key={value} value={value}>
                            {name === 'model' ? rentalValueLabel(name, value) : value}
                          </option>
                        ))}
                      </select>
                    )}
                  />
                )}
              </Field>
            ))}
          </fieldset>
        );
      })}
    </MembersDialog>
  );
}

/** 連絡先の訂正: the applicant's phone and mail, checked by the server with the booking form's rules. */
