import { zodResolver } from '@hookform/resolvers/zod';
import type { GenderCode } from '@tabi/contract/constants';
import { useEffect, useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Field } from '../../../components/form/field.tsx';
import { RentalSelects } from '../../../components/rental-selects.tsx';
import { soldOutFields, useRentalStock } from '../../../components/use-rental-stock.ts';
import { usePersonName } from '../../../i18n/person-name.ts';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { type Person, useReservationStore } from '../../../stores/reservation-store.ts';
import { useReservationMessages } from '../lib/messages.ts';
import { type RentalFormValues, rentalFormSchema } from '../lib/rental-schema.ts';
import { useDraftSaver } from '../lib/use-draft-saver.ts';
import styles from './rental-form.module.css';

function personFacts(person: Person, shared: ReturnType<typeof useSharedMessages>, join: string): string {
  const sex = person.sex ? shared(`genders.${person.sex as GenderCode}`) : '';
  return [sex, shared(`ageClasses.${person.ageClass}`)].filter(Boolean).join(join);
}

function toForm(members: Person[]): RentalFormValues {
  return {
    members: members.map((m) => ({ model: m.rentalType, boots_size: m.bootsSize, wear_size: m.wearSize })),
  };
}

/** The choices being made before a reload or a language switch, if they are this party's. */
function savedChoices(draft: RentalFormValues | null, members: Person[]): RentalFormValues | null {
  return draft && Array.isArray(draft.members) && draft.members.length === members.length ? draft : null;
}

function saveDraft(values: RentalFormValues): void {
  useReservationStore.getState().setRentalDraft(values);
}

function withRentals(members: Person[], values: RentalFormValues): Person[] {
  return members.map((m, i) => {
    const r = values.members[i];
    return r ? { ...m, rentalType: r.model, bootsSize: r.boots_size, wearSize: r.wear_size } : m;
  });
}

function memberErrors(errors: FieldErrors<RentalFormValues>, index: number) {
  const member = errors.members?.[index];
  return {
    model: member?.model?.message,
    boots_size: member?.boots_size?.message,
    wear_size: member?.wear_size?.message,
  };
}

/** SPEC §2 Rental entry (purchase): per participant the selects the option's rental code needs. */
export function RentalForm({ rentalcd }: { rentalcd: string }) {
  const t = useReservationMessages();
  const shared = useSharedMessages();
  const personName = usePersonName();
  const navigate = useNavigate();
  const members = useReservationStore((s) => s.members);
  const schema = useMemo(() => rentalFormSchema(rentalcd), [rentalcd]);
  const [defaultValues] = useState(() => {
    const state = useReservationStore.getState();
    return savedChoices(state.rentalDraft, state.members) ?? toForm(state.members);
  });
  const { optionDetail, usedate } = useReservationStore.getState();
  const stock = useRentalStock(optionDetail?.opcd, usedate);
  const { register, handleSubmit, getValues, formState, subscribe, setError, setFocus } = useForm<RentalFormValues>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
  const { errors } = formState;
  const draft = useDraftSaver(saveDraft);

  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => draft.schedule(values) }),
    [subscribe, draft],
  );

  const save = (values: RentalFormValues) => {
    // Stored with the members below, which also forgets the draft.
    draft.cancel();
    const state = useReservationStore.getState();
    state.setMembers(withRentals(state.members, values));
  };
  const goBack = () => {
    // Choices made so far are kept for the return trip.
    save(getValues());
    navigate('/reservation/member');
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => {
        // A value the shop has run out of since the form opened (ADR 0209): said at its select, before the server would.
        const gone = values.members.flatMap((choice, i) =>
          soldOutFields(stock, choice).map((field) => `members.${i}.${field}` as const),
        );
        for (const name of gone) setError(name, { message: shared('soldOutChosen') });
        if (gone[0]) {
          setFocus(gone[0]);
          return;
        }
        save(values);
        navigate('/reservation/check');
      })}
    >
      <p className={`hint ${styles.guide}`}>{t('rentalSizesNote')}</p>
      {members.map((member, i) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: the party is fixed for the whole flow
          key={i}
          className={`card ${styles.person}`}
          aria-labelledby={`rental-person-${i}`}
        >
          <h2 id={`rental-person-${i}`} className={styles.heading}>
            <span className={styles.number}>{shared('participant', { n: i + 1 })}</span>
            <span className={styles.name}>{personName(member.lastName, member.firstName)}</span>
            <span className={styles.facts}>{personFacts(member, shared, t('partyJoin'))}</span>
          </h2>
          <div className={styles.grid}>
            <RentalSelects
              rentalcd={rentalcd}
              ageClass={member.ageClass}
              required
              select={(field) => register(`members.${i}.${field}`)}
              errors={memberErrors(errors, i)}
              stock={stock}
            />
            {/* SPEC §2: the accessories row exists but is hidden; accessories are always sent empty. */}
            <Field label={t('accessory')} id={`rental-accessory-${i}`} className={styles.accessory} hidden>
              {(control) => (
                <select {...control} className="select" value="" disabled onChange={() => {}}>
                  <option value="">{shared('none')}</option>
                </select>
              )}
            </Field>
          </div>
        </section>
      ))}
      <div className={styles.actions}>
        <button type="button" className="btn btn-outline" onClick={goBack}>
          {t('backToPrevious')}
        </button>
        <button type="submit" className="btn btn-primary">
          {t('toCheck')}
        </button>
      </div>
    </form>
  );
}
