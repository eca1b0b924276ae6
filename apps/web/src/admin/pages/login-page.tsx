import {
  type StaffLoginRequest,
  type StaffLoginStep,
  type StaffTotpRequest,
  staffLoginRequest,
  staffTotpRequest,
} from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { ErrCd } from '@tabi/contract/constants';
import { type ReactNode, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Field } from '../../components/form/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { SchemaForm, useSchemaForm } from '../components/schema-form.tsx';
import { adminCall, errorText } from '../lib/admin-api.ts';
import { useSetMe } from '../lib/staff-session.ts';
import { useAdminPage } from '../lib/use-page.ts';

/** The contract's sign-in request, with the words the console says of an empty field (the contract has none). */
const signInForm = z
  .object({
    mail: z.string().trim().min(1, 'メールアドレスを入力してください。'),
    password: z.string().min(1, 'パスワードを入力してください。'),
  })
  .transform((typed): StaffLoginRequest => typed)
  .pipe(staffLoginRequest);

/** Only a console path may be the destination after sign-in. */
export function safeRedirect(value: string | null): string {
  return value?.startsWith('/admin') && !value.startsWith('/admin/login') ? value : '/admin';
}

/**
 * Signed in (with the second factor where the account has one): the console knows who it is, then opens the page the
 * sign-in was asked for, or the password change the account still owes.
 */
export function useEnterConsole(): (result: StaffLoginStep) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setMe = useSetMe();
  return (result) => {
    if (result.staff) setMe(result.staff);
    navigate(result.staff?.mustChangePassword ? '/admin/password' : safeRedirect(params.get('redirect')), {
      replace: true,
    });
  };
}

/** The card a sign-in step stands in, before there is a console around it: the brand, then the step's heading. */
export function AuthCard({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const heading = useAdminPage(title);
  return (
    <div className="adm-auth">
      <div className={wide ? 'adm-auth-card adm-auth-wide' : 'adm-auth-card'}>
        <p className="adm-brand">さくらトラベル スタッフ管理</p>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

/** The authenticator app's 6-digit code, as sign-in and enrolment both ask for it (full-width digits and a space pass). */
export function TotpCodeField<Out>({
  form,
  hint,
}: {
  form: UseFormReturn<StaffTotpRequest, unknown, Out>;
  hint?: string;
}) {
  return (
    <Field label="確認コード（6桁）" hint={hint} error={form.formState.errors.code?.message}>
      {(c) => (
        <input
          {...c}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9０-９ ]{6,7}"
          maxLength={7}
          required
          {...form.register('code')}
        />
      )}
    </Field>
  );
}

/** /admin/login: mail and password, then the 6-digit code where the account has a second factor. */
export function LoginPage() {
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const enterConsole = useEnterConsole();

  const signIn = useSchemaForm(signInForm, {
    defaultValues: { mail: '', password: '' },
    async onSubmit(body) {
      proceed(await adminCall(CONSOLE['POST /login'], { body }));
    },
  });
  const totp = useSchemaForm(staffTotpRequest, {
    defaultValues: { code: '' },
    async onSubmit(body) {
      try {
        proceed(await adminCall(CONSOLE['POST /login/totp'], { body }));
      } catch (e) {
        // Back to the password only when the half-signed-in session has ended; a wrong code is typed again.
        if (!(e instanceof ApiError && e.errcd === ErrCd.sessionTimeout)) throw e;
        backToPassword(errorText(e));
      }
    },
  });

  const { setFocus } = totp.form;
  useEffect(() => {
    if (step === 'totp') setFocus('code');
  }, [step, setFocus]);

  /** Each step starts empty, as its form was when first shown. */
  function backToPassword(message = '') {
    signIn.reset();
    signIn.setFormError(message);
    setStep('password');
  }

  function proceed(result: StaffLoginStep) {
    if (result.next === 'totp') {
      totp.reset();
      setStep('totp');
      return;
    }
    if (result.next === 'enrol') {
      navigate(`/admin/totp?redirect=${encodeURIComponent(safeRedirect(params.get('redirect')))}`);
      return;
    }
    enterConsole(result);
  }

  return (
    <AuthCard title={step === 'password' ? 'サインイン' : '確認コードの入力'}>
      {step === 'password' ? (
        <SchemaForm form={signIn} alertAt="start">
          <Field label="メールアドレス" error={signIn.form.formState.errors.mail?.message}>
            {(c) => <input {...c} type="email" autoComplete="username" required {...signIn.form.register('mail')} />}
          </Field>
          <Field label="パスワード" error={signIn.form.formState.errors.password?.message}>
            {(c) => (
              <input
                {...c}
                type="password"
                autoComplete="current-password"
                required
                {...signIn.form.register('password')}
              />
            )}
          </Field>
          <button type="submit" className="adm-primary" disabled={signIn.isSubmitting}>
            サインイン
          </button>
        </SchemaForm>
      ) : (
        <SchemaForm form={totp} alertAt="start">
          <TotpCodeField
            form={totp.form}
            hint="認証アプリ（Google Authenticator など）に表示されている6桁の数字を入力してください。"
          />
          <button type="submit" className="adm-primary" disabled={totp.isSubmitting}>
            確認する
          </button>
          <button type="button" className="adm-link-button" onClick={() => backToPassword()}>
            最初からやり直す
          </button>
        </SchemaForm>
      )}
    </AuthCard>
  );
}
