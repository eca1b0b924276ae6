import { zodResolver } from '@hookform/resolvers/zod';
import { RSVNO_LENGTH } from '@tabi/contract/constants';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { canSubmitLogin, type LoginFormOutput, type LoginFormValues, loginFormSchema } from '../lib/login-schema.ts';
import { useAuthMessages } from '../lib/messages.ts';
import styles from './login-form.module.css';

/** SPEC §2 Login / §5: booking number of exactly 8 characters and a phone number, both required. */
export function LoginForm({ onSuccess }: { onSuccess(session: string, rsvno: string): void }) {
  const login = useLogin();
  const t = useAuthMessages();
  // SPEC §8: a refusal's errMsg is shown in red; a call that throws shows nothing here (the client alerted).
  const errMsg = (login.isPending ? null : failureMessage(login.error)) ?? '';
  const errorId = useId();
  const { register, handleSubmit, control, getValues, setValue } = useForm<LoginFormValues, unknown, LoginFormOutput>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { rsvno: '', tel: '' },
  });
  useEffect(() => {
    // The server renders this form: a booking number typed before the page came alive (react-hook-form keeps it)
    // missed the upper-casing of onChange below.
    const typed = getValues('rsvno');
    if (typed) setValue('rsvno', typed.toUpperCase());
  }, [getValues, setValue]);
  const values = useWatch({ control });
  const canSubmit = canSubmitLogin({ rsvno: values.rsvno ?? '', tel: values.tel ?? '' }) && !login.isPending;
  const rsvnoField = register('rsvno');

  async function submit(input: LoginFormOutput) {
    if (login.isPending) return;
    try {
      const { session, rsvno } = await login.mutateAsync(input);
      onSuccess(session, rsvno);
    } catch {
      // Shown from the mutation's error state below.
    }
  }

  // The one message below speaks for both fields.
  const sharedError = { hintAs: 'span', invalid: errMsg !== '', describedBy: errMsg ? errorId : undefined } as const;
  return (
    <form className={styles.form} onSubmit={handleSubmit(submit)} noValidate aria-busy={login.isPending}>
      <Field label={t('rsvno')} id="login-rsvno" hint={t('rsvnoHint')} {...sharedError}>
        {(control) => (
          <input
            {...control}
            className={`input ${styles.code}`}
            {...rsvnoField}
            onChange={(e) => {
              e.currentTarget.value = e.currentTarget.value.toUpperCase();
              return rsvnoField.onChange(e);
            }}
            maxLength={RSVNO_LENGTH}
            placeholder="XX000000"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
          />
        )}
      </Field>
      <Field label={t('tel')} id="login-tel" hint={t('telHint')} {...sharedError}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="tel"
            inputMode="tel"
            {...register('tel')}
            placeholder="090-1234-5678"
            autoComplete="tel"
            required
          />
        )}
      </Field>
      {errMsg && (
        <p id={errorId} className={`error-text ${styles.error}`} role="alert">
          {errMsg}
        </p>
      )}
      <button type="submit" className="btn btn-secondary btn-block" disabled={!canSubmit}>
        {login.isPending ? (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            {t('submitting')}
          </>
        ) : (
          t('submit')
        )}
      </button>
    </form>
  );
}
