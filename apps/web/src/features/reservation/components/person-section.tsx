import type { Nationality } from '@tabi/contract/catalog';
import { AGE_CLASS_LABEL, GENDER_CODES, GENDER_LABEL } from '@tabi/contract/constants';
import type { Ymd } from '@tabi/contract/dates';
import { Msg, participantTitle } from '@tabi/contract/messages';
import { type ReactNode, useId } from 'react';
import { type FieldPath, get, useController, useFormContext, useWatch } from 'react-hook-form';
import type { LeaderFormValues, MemberFormValues, PersonFormValues } from '../lib/member-schema.ts';
import { BirthdayField } from './birthday-field.tsx';
import styles from './person-section.module.css';

type PersonPath = 'leader' | `members.${number}`;
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

function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<MemberFormValues>();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  return error?.message;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="error-text">
      {message}
    </p>
  );
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
  const id = useId();
  // Phone and e-mail exist on the applicant only; the caller passes them for path 'leader'.
  const name = `${path}.${field}` as FieldPath<MemberFormValues>;
  const error = useFieldError(name);
  const ownHint = hint ? `${id}-hint` : undefined;
  const common = {
    id,
    className: 'input',
    type,
    inputMode,
    placeholder,
    'aria-required': locked === undefined ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hintId, ownHint, error && `${id}-error`),
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {locked === undefined && (
          <span className="required" aria-hidden="true">
            必須
          </span>
        )}
      </label>
      {locked === undefined ? (
        <input {...common} autoComplete={autoComplete} {...register(name)} />
      ) : (
        <input {...common} autoComplete="off" value={locked} readOnly aria-readonly />
      )}
      {hint && (
        <p id={ownHint} className="hint">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
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
  const name = `${path}.birthday` as const;
  const error = useFieldError(name);
  if (locked !== undefined) {
    return (
      <BirthdayField
        label="生年月日"
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
  const { control } = useFormContext<MemberFormValues>();
  const { field } = useController({ control, name });
  return (
    <BirthdayField
      label="生年月日"
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
  const { register } = useFormContext<MemberFormValues>();
  const id = useId();
  const name = `${path}.sex` as const;
  const error = useFieldError(name);
  return (
    <fieldset className={`field ${styles.fieldset}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">
        性別
        {locked === undefined && (
          <span className="required" aria-hidden="true">
            必須
          </span>
        )}
      </legend>
      <div className={styles.radios}>
        {GENDER_CODES.map((code) => (
          <label key={code} className={styles.choice} htmlFor={`${id}-${code}`}>
            {locked === undefined ? (
              <input
                id={`${id}-${code}`}
                type="radio"
                value={code}
                aria-invalid={error ? true : undefined}
                {...register(name)}
              />
            ) : (
              <input id={`${id}-${code}`} type="radio" value={code} checked={locked === code} disabled readOnly />
            )}
            <span>{GENDER_LABEL[code]}</span>
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`} message={error} />
    </fieldset>
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
  const { register } = useFormContext<MemberFormValues>();
  const id = useId();
  const name = `${path}.nationalityId` as const;
  const error = useFieldError(name);
  const options = (
    <>
      <option value="">{nationalities ? '選択してください' : '読み込み中…'}</option>
      {nationalities?.map((n) => (
        <option key={n.id} value={String(n.id)}>
          {n.nationality_nm}
        </option>
      ))}
    </>
  );
  const common = {
    id,
    className: 'select',
    'aria-required': locked === undefined ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(error && `${id}-error`, failed && `${id}-failed`),
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        国籍
        {locked === undefined && (
          <span className="required" aria-hidden="true">
            必須
          </span>
        )}
      </label>
      {locked === undefined ? (
        <select {...common} {...register(name)}>
          {options}
        </select>
      ) : (
        <select {...common} value={locked} disabled>
          {options}
        </select>
      )}
      {failed && (
        <p id={`${id}-failed`} className="error-text">
          国籍の一覧を読み込めませんでした。ページを再読み込みしてください。
        </p>
      )}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function VegetarianField({ path, locked }: { path: PersonPath; locked: boolean | undefined }) {
  const { register } = useFormContext<MemberFormValues>();
  const id = useId();
  return (
    <fieldset className={`field ${styles.fieldset}`}>
      <legend className="field-label">ベジタリアン食</legend>
      <label className={styles.choice} htmlFor={id}>
        {locked === undefined ? (
          <input id={id} type="checkbox" {...register(`${path}.vegetarianMeals`)} />
        ) : (
          <input id={id} type="checkbox" checked={locked} disabled readOnly />
        )}
        <span>{Msg.vegetarianWanted}</span>
      </label>
    </fieldset>
  );
}

function SameAsLeader() {
  const { register } = useFormContext<MemberFormValues>();
  const id = useId();
  return (
    <div className={styles.same}>
      <label className={styles.choice} htmlFor={id}>
        <input id={id} type="checkbox" aria-describedby={`${id}-hint`} {...register('sameAsLeader')} />
        <span>{Msg.sameAsLeader}</span>
      </label>
      <p id={`${id}-hint`} className="hint">
        チェックすると、申込者の氏名・生年月日・性別・国籍などがこの参加者に入力されます。
      </p>
    </div>
  );
}

function useLockedValues(enabled: boolean): LeaderFormValues | undefined {
  const { control } = useFormContext<MemberFormValues>();
  const leader = useWatch({ control, name: 'leader' });
  return enabled ? leader : undefined;
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
  const isLeader = path === 'leader';
  const { control } = useFormContext<MemberFormValues>();
  const sameAsLeader = useWatch({ control, name: 'sameAsLeader' });
  const lockedValues = useLockedValues(number === 1 && sameAsLeader);
  const locked = <K extends PersonKey>(key: K): LeaderFormValues[K] | undefined => lockedValues?.[key];
  const titleId = useId();
  const nameHintId = useId();
  const title = isLeader ? Msg.leader : participantTitle(number);

  let body: ReactNode = (
    <>
      <p id={nameHintId} className={isLeader ? `hint ${styles.nameHint}` : `hint ${styles.nameHintPlain}`}>
        {isLeader
          ? 'お名前は、パスポートと同じ表記のローマ字（半角英字）で入力してください。（例：姓 YAMADA／名 TARO）'
          : 'お名前はパスポートと同じ表記のローマ字（半角英字）で入力してください。'}
      </p>
      <div className={styles.twoColumns}>
        <TextField
          path={path}
          field="lastName"
          label="姓"
          locked={locked('lastName')}
          hintId={nameHintId}
          autoComplete={isLeader ? 'family-name' : 'off'}
          placeholder="例：YAMADA"
        />
        <TextField
          path={path}
          field="firstName"
          label="名"
          locked={locked('firstName')}
          hintId={nameHintId}
          autoComplete={isLeader ? 'given-name' : 'off'}
          placeholder="例：TARO"
        />
      </div>
      <div className={styles.twoColumns}>
        <BirthdayInput path={path} locked={locked('birthday')} today={today} initialMonth={initialMonth} />
        <SexField path={path} locked={locked('sex')} />
      </div>
      {isLeader && (
        <div className={styles.twoColumns}>
          <TextField
            path={path}
            field="phoneNumber"
            label="電話番号"
            locked={undefined}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="例：090-1234-5678"
            hint="当日連絡のつく電話番号を入力してください。"
          />
          <TextField
            path={path}
            field="email"
            label="メールアドレス"
            locked={undefined}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="例：taro@example.com"
            hint="ご予約の確認メールをお送りします。"
          />
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
            label="パスポート番号"
            locked={locked('passportNumber')}
            placeholder="例：TK1234567"
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
        {!isLeader && <span className={styles.ageClass}>{AGE_CLASS_LABEL[ageClass]}</span>}
      </h2>
      {body}
    </section>
  );
}
