import { zodResolver } from '@hookform/resolvers/zod';
import { tokyoYmd } from '@tabi/contract/dates';
import { useEffect, useMemo, useState } from 'react';
import { type FieldErrors, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCommonMessages } from '../../../i18n/common.ts';
import { draftFits, type Leader, type Person, useReservationStore } from '../../../stores/reservation-store.ts';
import { useNationalities } from '../api/get-nationalities.ts';
import {
  type MemberFormValues,
  memberFormSchema,
  type PersonFormValues,
  requiredFieldsFilled,
  SHARED_WITH_LEADER,
} from '../lib/member-schema.ts';
import { useReservationMessages } from '../lib/messages.ts';
import { calendarStart, leaderFromForm, leaderToForm, personFromForm, personToForm } from '../lib/person-form.ts';
import { useDraftSaver } from '../lib/use-draft-saver.ts';
import styles from './member-form.module.css';
import { type PersonPath, PersonSection, personSectionId } from './person-section.tsx';

/** Scrolls to the first person whose section holds an error, then focuses its first invalid control. */
function revealFirstError(errors: FieldErrors<MemberFormValues>): void {
  const index = errors.members?.findIndex?.((e) => e !== undefined) ?? -1;
  const path = errors.leader ? 'leader' : index >= 0 ? (`members.${index}` as const) : null;
  if (!path) return;
  // The error messages render after this callback; look for the invalid control once they have.
  window.requestAnimationFrame(() =>
    window.requestAnimationFrame(() => {
      const section = document.getElementById(personSectionId(path));
      if (!section) return;
      section.scrollIntoView({ behavior: 'smooth', block: 'start' });
      const control = section.querySelector<HTMLElement>('[aria-invalid="true"]');
      control?.focus({ preventScroll: true });
    }),
  );
}

function saveDraft(values: MemberFormValues): void {
  useReservationStore.getState().setMemberDraft(values);
}

/** SPEC §2 Participant entry: the applicant and one section per participant, validated by SPEC §5. */
export function MemberForm({ submitLabel, nextPath }: { submitLabel: string; nextPath: string }) {
  const t = useReservationMessages();
  const common = useCommonMessages();
  const navigate = useNavigate();
  const optionDetail = useReservationStore((s) => s.optionDetail);
  const usedate = useReservationStore((s) => s.usedate);
  const nationalities = useNationalities();

  const listed = {
    needsPassport: optionDetail?.extended_fields.includes('passport_number') ?? false,
    needsVegetarian: optionDetail?.extended_fields.includes('vegetarian_meals') ?? false,
  };
  const today = useMemo(() => tokyoYmd(new Date()), []);
  const useDay = usedate ?? today;

  const schema = useMemo(
    () =>
      optionDetail
        ? memberFormSchema({ rules: optionDetail, usedate: useDay, today, needsPassport: listed.needsPassport })
        : null,
    [optionDetail, useDay, today, listed.needsPassport],
  );

  const [defaultValues] = useState<MemberFormValues>(() => {
    const state = useReservationStore.getState();
    // What was being typed before a reload or a language switch, else what was sent last time.
    if (draftFits(state.memberDraft, state.members)) return state.memberDraft;
    return {
      leader: leaderToForm(state.leader),
      sameAsLeader: state.sameAsLeader,
      members: state.members.map(personToForm),
    };
  });
  const form = useForm<z.input<NonNullable<typeof schema>>, unknown, z.output<NonNullable<typeof schema>>>({
    ...(schema ? { resolver: zodResolver(schema) } : {}),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues,
  });
  const { control, getValues, setValue, handleSubmit, formState, subscribe } = form;
  const sameAsLeader = useWatch({ control, name: 'sameAsLeader' });
  const draft = useDraftSaver(saveDraft);

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => draft.schedule(values as MemberFormValues),
      }),
    [subscribe, draft],
  );

  // 申込者と同じ: participant 1 follows the applicant for as long as the box stays ticked.
  useEffect(() => {
    if (!sameAsLeader) return;
    const copy = () => {
      const leader = getValues('leader');
      for (const key of SHARED_WITH_LEADER) {
        setValue(`members.0.${key}`, leader[key], { shouldValidate: formState.isSubmitted });
      }
    };
    copy();
    return subscribe({
      name: 'leader',
      formState: { values: true },
      callback: copy,
    });
  }, [sameAsLeader, getValues, setValue, subscribe, formState.isSubmitted]);

  if (!optionDetail || !schema) return null;
  // The party is chosen before this page: its people are the form's from the start, and a keystroke re-renders the
  // field typed in and the submit button (MemberSubmit), not every person's section.
  const members = defaultValues.members ?? [];
  const ready = members.length > 0 && defaultValues.leader !== undefined;
  /** The applicant (an adult), then each participant in the party's order. */
  const people: { path: PersonPath; ageClass: PersonFormValues['ageClass'] }[] = [
    { path: 'leader', ageClass: 'adult' },
    ...members.map((member, i) => ({ path: `members.${i}` as const, ageClass: member.ageClass ?? 'adult' })),
  ];

  const onValid = (data: MemberFormValues) => {
    // The answers are stored as the flow's own data below; the draft is done with.
    draft.cancel();
    const state = useReservationStore.getState();
    const leader: Leader = leaderFromForm(data.leader, state.leader, listed);
    const people: Person[] = data.members.map((m, i) =>
      personFromForm(m, state.members[i] ?? { ...leader, ageClass: m.ageClass }, listed),
    );
    state.setPeople(leader, people, data.sameAsLeader);
    navigate(nextPath);
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(onValid, revealFirstError)} aria-describedby="member-form-note">
        <p id="member-form-note" className={styles.note}>
          {t('requiredBefore')}
          <span className="required">{common('required')}</span>
          {t('requiredAfter')}
        </p>
        {ready &&
          people.map((person, number) => (
            <PersonSection
              key={person.path}
              path={person.path}
              number={number}
              ageClass={person.ageClass}
              nationalities={nationalities.data}
              nationalitiesFailed={nationalities.isError}
              needsPassport={listed.needsPassport}
              needsVegetarian={listed.needsVegetarian}
              today={today}
              initialMonth={calendarStart(person.ageClass, optionDetail, useDay)}
            />
          ))}
        <MemberSubmit label={submitLabel} enabled={ready} needsPassport={listed.needsPassport} />
      </form>
    </FormProvider>
  );
}

/** The submit button, enabled once every required field is filled: the one part of the form that follows each key. */
function MemberSubmit({ label, enabled, needsPassport }: { label: string; enabled: boolean; needsPassport: boolean }) {
  const t = useReservationMessages();
  const values = useWatch() as MemberFormValues;
  const canSubmit = enabled && requiredFieldsFilled(values, needsPassport);
  return (
    <div className={styles.actions}>
      <button type="submit" className="btn btn-primary" disabled={!canSubmit} aria-describedby="member-submit-hint">
        {label}
      </button>
      <p id="member-submit-hint" className="hint">
        {canSubmit ? t('canSubmit') : t('cannotSubmit')}
      </p>
    </div>
  );
}
