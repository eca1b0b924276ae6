import type { Nationality } from '@tabi/contract/catalog';
import { GENDER_CODES } from '@tabi/contract/constants';
import type { Ymd } from '@tabi/contract/dates';
import { type ReactNode, useEffect, useId } from 'react';
import { type FieldPath, get, useController, useFormContext, useWatch } from 'react-hook-form';
import { Choice, Field, FieldSet } from '../../../components/form/field.tsx';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useSharedMessages } from '../../../i18n/shared.ts';
import type { LeaderFormValues, MemberFormValues, PersonFormValues } from '../lib/member-schema.ts';
import { useReservationMessages } from '../lib/messages.ts';
import { BirthdayField } from './birthday-field.tsx';
import styles from './person-section.module.css';

export type PersonPath = 'leader' | `members.${number}`;
type PersonKey = keyof LeaderFormValues;

interface PersonSectionProps {
  path: PersonPath;
  /** 0 for the applicant, n for 参加者n. */
  number: number;
  ageClass: PersonFormValues['ageClass'];
  nationalities: Nationality[] | undefined;
  nationalitiesFailed: boolean;
  needsPassport: boolean;
  needsVegetarian: boolean;
  today: Ymd;
  initialMonth: Ymd;
}

export function personSectionId(path: PersonPath): string {
  return `person-${path.replace('.', '-')}`;
}

/** Family name, then given name, as a passport writes them. */
const NAME_PARTS = [
  { field: 'lastName', label: 'lastName', autoComplete: 'family-name', placeholder: 'lastNamePlaceholder' },
  { field: 'firstName', label: 'firstName', autoComplete: 'given-name', placeholder: 'firstNamePlaceholder' },
] as const;

/** The applicant's phone and e-mail: each input's type, keyboard and autofill are the same word. */
const CONTACT_PARTS = [
  { field: 'phoneNumber', kind: 'tel', label: 'tel', placeholder: 'telPlaceholder', hint: 'telHint' },
  { field: 'email', kind: 'email', label: 'email', placeholder: 'emailPlaceholder', hint: 'emailHint' },
] as const;

function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<MemberFormValues>();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  return error?.message;
}

interface TextFieldProps {
  path: PersonPath;
  field: 'lastName' | 'firstName' | 'phoneNumber' | 'email' | 'passportNumber';
  label: string;
  locked: string | undefined;
  hint?: string;
  hintId?: string;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  placeholder?: string;
}

function TextField({
  path,
  field,
  label,
  locked,
  hint,
  hintId,
  type = 'text',
  autoComplete = 'off',
  inputMode,
  placeholder,
}: TextFieldProps) {
  const { register } = useFormContext<MemberFormValues>();
  // Phone and e-mail exist on the applicant only; the caller passes them for path 'leader'.
  const name = `${path}.${field}` as FieldPath<MemberFormValues>;
  const error = useFieldError(name);
  return (
    <Field label={label} required={locked === undefined} hint={hint} describedBy={hintId} error={error}>
      {(control) => {
        const common = { ...control, className: 'input', type, inputMode, placeholder };
        return locked === undefined ? (
          <input {...common} autoComplete={autoComplete} {...register(name)} />
        ) : (
          <input {...common} autoComplete="off" value={locked} readOnly aria-readonly />
        );
      }}
    </Field>
  );
}

function BirthdayInput({
  path,
  locked,
  today,
  initialMonth,
}: {
  path: PersonPath;
  locked: string | undefined;
  today: Ymd;
  initialMonth: Ymd;
}) {
  const t = useReservationMessages();
  const name = `${path}.birthday` as const;
  const error = useFieldError(name);
  if (locked !== undefined) {
    return (
      <BirthdayField
        label={t('birthday')}
        value={locked}
        onChange={() => {}}
        onBlur={() => {}}
        error={error}
        today={today}
        initialMonth={initialMonth}
        locked
      />
    );
  }
  return <ControlledBirthday name={name} error={error} today={today} initialMonth={initialMonth} />;
}

function ControlledBirthday({
  name,
  error,
  today,
  initialMonth,
}: {
  name: `${PersonPath}.birthday`;
  error: string | undefined;
  today: Ymd;
  initialMonth: Ymd;
}) {
  const t = useReservationMessages();
  const { control } = useFormContext<MemberFormValues>();
  const { field } = useController({ control, name });
  return (
    <BirthdayField
      label={t('birthday')}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error}
      today={today}
      initialMonth={initialMonth}
    />
  );
}

function SexField({ path, locked }: { path: PersonPath; locked: string | undefined }) {
  const shared = useSharedMessages();
  const { register } = useFormContext<MemberFormValues>();
  const name = `${path}.sex` as const;
  const error = useFieldError(name);
  return (
    <FieldSet
      legend={shared('sex')}
      required={locked === undefined}
      className={`field ${styles.fieldset}`}
      error={error}
    >
      {(control) => (
        <div className={styles.radios}>
          {GENDER_CODES.map((code) => (
            <Choice
              key={code}
              type="radio"
              look="option"
              label={shared(`genders.${code}`)}
              input={
                locked === undefined
                  ? {
                      id: `${control.id}-${code}`,
                      value: code,
                      'aria-invalid': control['aria-invalid'],
                      ...register(name),
                    }
                  : {
                      id: `${control.id}-${code}`,
                      value: code,
                      checked: locked === code,
                      disabled: true,
                      readOnly: true,
                    }
              }
            />
          ))}
        </div>
      )}
    </FieldSet>
  );
}

function NationalityField({
  path,
  locked,
  nationalities,
  failed,
}: {
  path: PersonPath;
  locked: string | undefined;
  nationalities: Nationality[] | undefined;
  failed: boolean;
}) {
  const t = useReservationMessages();
  const shared = useSharedMessages();
  const textLang = useTextLang();
  const { register, getValues, setValue } = useFormContext<MemberFormValues>();
  const name = `${path}.nationalityId` as const;
  const error = useFieldError(name);
  useEffect(() => {
    // A form restored after a reload holds a nationality before the list has loaded: the select could not show an
    // option it did not have yet, so the value is put back once the options are there.
    const value = getValues(name);
    if (nationalities && value) setValue(name, value);
  }, [nationalities, name, getValues, setValue]);
  const options = (
    <>
      <option value="">{nationalities ? shared('choose') : t('loading')}</option>
      {nationalities?.map((n) => (
        <option key={n.id} value={String(n.id)} lang={textLang(n.nationality_nm)}>
          {n.nationality_nm}
        </option>
      ))}
    </>
  );
  return (
    <Field
      label={shared('nationality')}
      required={locked === undefined}
      hint={failed ? t('nationalitiesFailed') : undefined}
      hintClassName="error-text"
      error={error}
    >
      {(control) =>
        locked === undefined ? (
          <select {...control} className="select" {...register(name)}>
            {options}
          </select>
        ) : (
          <select {...control} className="select" value={locked} disabled>
            {options}
          </select>
        )
      }
    </Field>
  );
}

function VegetarianField({ path, locked }: { path: PersonPath; locked: boolean | undefined }) {
  const shared = useSharedMessages();
  const { register } = useFormContext<MemberFormValues>();
  return (
    <FieldSet legend={shared('vegetarian')} className={`field ${styles.fieldset}`}>
      {(control) => (
        <Choice
          look="option"
          label={shared('vegetarianWanted')}
          input={
            locked === undefined
              ? { id: control.id, ...register(`${path}.vegetarianMeals`) }
              : { id: control.id, checked: locked, disabled: true, readOnly: true }
          }
        />
      )}
    </FieldSet>
  );
}

function SameAsLeader() {
  const t = useReservationMessages();
  const { register } = useFormContext<MemberFormValues>();
  const id = useId();
  return (
    <div className={styles.same}>
      <Choice
        look="option"
        label={t('sameAsLeader')}
        input={{ id, 'aria-describedby': `${id}-hint`, ...register('sameAsLeader') }}
      />
      <p id={`${id}-hint`} className="hint">
        {t('sameAsLeaderHint')}
      </p>
    </div>
  );
}

function useLockedValues(enabled: boolean): LeaderFormValues | undefined {
  const { control, getValues } = useFormContext<MemberFormValues>();
  // Subscribed to the applicant only while locked to them: otherwise every person's section rendered again at each
  // key typed into the applicant's fields. The values are read at render, so they are current from the first render
  // after the lock (what useWatch returns may date from before it).
  useWatch({ control, name: 'leader', disabled: !enabled });
  return enabled ? getValues('leader') : undefined;
}

/** One person of the participant screen: the applicant (申込者) or 参加者n with its age class. */
export function PersonSection({
  path,
  number,
  ageClass,
  nationalities,
  nationalitiesFailed,
  needsPassport,
  needsVegetarian,
  today,
  initialMonth,
}: PersonSectionProps) {
  const t = useReservationMessages();
  const shared = useSharedMessages();
  const isLeader = path === 'leader';
  const { control } = useFormContext<MemberFormValues>();
  const sameAsLeader = useWatch({ control, name: 'sameAsLeader' });
  const lockedValues = useLockedValues(number === 1 && sameAsLeader);
  const locked = <K extends PersonKey>(key: K): LeaderFormValues[K] | undefined => lockedValues?.[key];
  const titleId = useId();
  const nameHintId = useId();
  const title = isLeader ? t('leader') : shared('participant', { n: number });

  let body: ReactNode = (
    <>
      <p id={nameHintId} className={isLeader ? `hint ${styles.nameHint}` : `hint ${styles.nameHintPlain}`}>
        {isLeader ? t('nameNoteLeader') : t('nameNote')}
      </p>
      <div className={styles.twoColumns}>
        {NAME_PARTS.map((part) => (
          <TextField
            key={part.field}
            path={path}
            field={part.field}
            label={t(part.label)}
            locked={locked(part.field)}
            hintId={nameHintId}
            autoComplete={isLeader ? part.autoComplete : 'off'}
            placeholder={t(part.placeholder)}
          />
        ))}
      </div>
      <div className={styles.twoColumns}>
        <BirthdayInput path={path} locked={locked('birthday')} today={today} initialMonth={initialMonth} />
        <SexField path={path} locked={locked('sex')} />
      </div>
      {isLeader && (
        <div className={styles.twoColumns}>
          {CONTACT_PARTS.map((part) => (
            <TextField
              key={part.field}
              path={path}
              field={part.field}
              label={t(part.label)}
              locked={undefined}
              type={part.kind}
              inputMode={part.kind}
              autoComplete={part.kind}
              placeholder={t(part.placeholder)}
              hint={t(part.hint)}
            />
          ))}
        </div>
      )}
      <div className={styles.twoColumns}>
        <NationalityField
          path={path}
          locked={locked('nationalityId')}
          nationalities={nationalities}
          failed={nationalitiesFailed}
        />
        {needsPassport && (
          <TextField
            path={path}
            field="passportNumber"
            label={shared('passport')}
            locked={locked('passportNumber')}
            placeholder={t('passportPlaceholder')}
          />
        )}
      </div>
      {needsVegetarian && <VegetarianField path={path} locked={locked('vegetarianMeals')} />}
    </>
  );
  if (number === 1) {
    body = (
      <>
        <SameAsLeader />
        {body}
      </>
    );
  }

  return (
    <section id={personSectionId(path)} className={`card ${styles.section}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        <span>{title}</span>
        {!isLeader && <span className="tag">{shared(`ageClasses.${ageClass}`)}</span>}
      </h2>
      {body}
    </section>
  );
}
