import { type BookingDetail, type ParticipantsRequest, participantsRequest } from '@tabi/contract/admin-bookings';
import { AGE_CLASS_LABEL, ageClassFromCode, GENDER_LABEL } from '@tabi/contract/constants';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/form/field.tsx';
import { choose } from '../../../features/reservation/lib/member-schema.ts';
import { bookingActions, useNationalities } from '../../lib/booking-api.ts';
import { inputToYmd, ymdToInput } from '../../lib/format.ts';
import { choicesOf, Options } from '../filters.tsx';

import { type DialogProps, MembersDialog, useMembersForm } from './shared.tsx';

interface MemberValues {
  seq: string;
  sei: string;
  mei: string;
  birthday: string;
  sex: string;
  ageclass: string;
  nationality_id: string;
  extended_fields: { extended_participant_fields: { passport_number: string; vegetarian_meals: boolean } };
}
interface ParticipantsValues {
  memberList: MemberValues[];
}

function participantValues(detail: BookingDetail): ParticipantsValues {
  return {
    memberList: detail.booking.memberList.map((m) => ({
      seq: m.seq,
      sei: m.sei,
      mei: m.mei,
      birthday: ymdToInput(m.birthday),
      sex: m.sex,
      ageclass: m.ageclass,
      nationality_id: String(m.nationality_id),
      extended_fields: {
        extended_participant_fields: {
          passport_number: m.extended_datas.extended_participant_fields.passport_number ?? '',
          vegetarian_meals: m.extended_datas.extended_participant_fields.vegetarian_meals ?? false,
        },
      },
    })),
  };
}

/**
 * The participants read into the contract's participantsRequest, and checked by it (the booking form's rules, its
 * messages at the fields' own paths): the birthday as YYYYMMDD, only the extended fields the option asks for.
 */
function participantsForm(asked: { passport: boolean; vegetarian: boolean; erased: boolean }) {
  return z
    .custom<ParticipantsValues>()
    .superRefine((v, ctx) => {
      // An empty date picker is asked for as the booking form asks, before the request's YYYYMMDD check.
      v.memberList.forEach((m, i) => {
        if (!m.birthday && !asked.erased) {
          ctx.addIssue({ code: 'custom', path: ['memberList', i, 'birthday'], message: choose('birthday') });
        }
      });
    })
    .transform(
      (v): ParticipantsRequest => ({
        memberList: v.memberList.map(({ extended_fields: { extended_participant_fields: x }, ...m }) => ({
          ...m,
          // Erased after the stay: none of it is sent again (the server refuses it).
          birthday: asked.erased ? '' : inputToYmd(m.birthday),
          extended_fields: {
            extended_participant_fields: {
              ...(asked.passport ? { passport_number: x.passport_number } : {}),
              ...(asked.vegetarian ? { vegetarian_meals: x.vegetarian_meals } : {}),
            },
          },
        })),
      }),
    )
    .pipe(participantsRequest);
}

const GENDER_CHOICES = choicesOf(GENDER_LABEL);

export function ParticipantsDialog(props: DialogProps) {
  const { detail, open } = props;
  const nationalities = useNationalities(open);
  // The booking's passport numbers, birthdays and diet choices were erased after the stay: names etc. only.
  const erased = detail.events.some((e) => e.action === 'personal_data_erased');
  const passport = detail.option.extendedFields.includes('passport_number') && !erased;
  const vegetarian = detail.option.extendedFields.includes('vegetarian_meals') && !erased;
  const schema = useMemo(() => participantsForm({ passport, vegetarian, erased }), [passport, vegetarian, erased]);
  const { form, dialog } = useMembersForm(
    props,
    schema,
    participantValues,
    bookingActions.participants,
    '参加者の情報を変更しました。',
  );
  const { errors } = form.formState;
  return (
    <MembersDialog
      {...dialog}
      title="参加者の情報を修正"
      intro={
        erased ? (
          <p>
            氏名・性別・国籍を修正します。生年月日・パスポート番号・食事のご希望は保存期間を過ぎて消去済みのため、入力できません。人数と年齢区分は料金と座席に関わるため変更できません。
          </p>
        ) : (
          <p>
            氏名・生年月日・性別・国籍{passport ? '・パスポート番号' : ''}
            {vegetarian ? '・ベジタリアン' : ''}
            を修正します（お申し込みフォームと同じ規則で確認します）。人数と年齢区分は料金と座席に関わるため変更できません。
          </p>
        )
      }
    >
      {detail.booking.memberList.map((member, i) => {
        const ageClass = ageClassFromCode(member.ageclass);
        const error = errors.memberList?.[i];
        return (
          <fieldset key={member.seq} className="adm-member">
            <legend>
              参加者{member.seq}（{ageClass ? AGE_CLASS_LABEL[ageClass] : member.ageclass}）
            </legend>
            <Field label="姓" error={error?.sei?.message}>
              {(c) => <input {...c} maxLength={30} {...form.register(`memberList.${i}.sei`)} />}
            </Field>
            <Field label="名" error={error?.mei?.message}>
              {(c) => <input {...c} maxLength={30} {...form.register(`memberList.${i}.mei`)} />}
            </Field>
            {!erased && (
              <Field label="生年月日" error={error?.birthday?.message}>
                {(c) => <input {...c} type="date" {...form.register(`memberList.${i}.birthday`)} />}
              </Field>
            )}
            <Field label="性別" error={error?.sex?.message}>
              {(c) => (
                <select {...c} {...form.register(`memberList.${i}.sex`)}>
                  <Options options={GENDER_CHOICES} />
                </select>
              )}
            </Field>
            <Field label="国籍" error={error?.nationality_id?.message}>
              {(c) => (
                // Kept by the form rather than the select: the list arrives after the dialog opens.
                <Controller
                  control={form.control}
                  name={`memberList.${i}.nationality_id`}
                  render={({ field }) => (
                    <select {...c} {...field}>
                      <option value="0">未選択</option>
                      {(nationalities.data ?? []).map((n) => (
                        <option key={n.id} value={String(n.id)}>
                          {n.nationality_nm}
                        </option>
                      ))}
                      {!nationalities.data && field.value !== '0' && (
                        <option value={field.value}>{member.nationality_nm}</option>
                      )}
                    </select>
                  )}
                />
              )}
            </Field>
            {passport && (
              <Field
                label="パスポート番号"
                error={error?.extended_fields?.extended_participant_fields?.passport_number?.message}
              >
                {(c) => (
                  <input
                    {...c}
                    maxLength={20}
                    {...form.register(`memberList.${i}.extended_fields.extended_participant_fields.passport_number`)}
                  />
                )}
              </Field>
            )}
            {vegetarian && (
              <label className="adm-check">
                <input
                  type="checkbox"
                  {...form.register(`memberList.${i}.extended_fields.extended_participant_fields.vegetarian_meals`)}
                />
                ベジタリアン食を希望する
              </label>
            )}
          </fieldset>
        );
      })}
    </MembersDialog>
  );
}
