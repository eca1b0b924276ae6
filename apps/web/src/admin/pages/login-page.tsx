import type { StaffLoginStep } from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { ErrCd } from '@tabi/contract/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../components/form/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { FormAlert } from '../components/query-state.tsx';
import { adminCall, errorText } from '../lib/admin-api.ts';
import { useSetMe } from '../lib/staff-session.ts';
import { useAdminPage } from '../lib/use-page.ts';

/** Only a console path may be the destination after sign-in. */
export function safeRedirect(value: string | null): string {
  return value?.startsWith('/admin') && !value.startsWith('/admin/login') ? value : '/admin';
}

/** /admin/login: mail and password, then the 6-digit code where the account has a second factor. */
export function LoginPage() {
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const heading = useAdminPage(step === 'password' ? 'サインイン' : '確認コードの入力');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setMe = useSetMe();

  useEffect(() => {
    if (step === 'totp') codeInput.current?.focus();
  }, [step]);

  function proceed(result: StaffLoginStep) {
    if (result.next === 'totp') {
      setStep('totp');
      return;
    }
    if (result.next === 'enrol') {
      navigate(`/admin/totp?redirect=${encodeURIComponent(safeRedirect(params.get('redirect')))}`);
      return;
    }
    if (result.staff) setMe(result.staff);
    navigate(result.staff?.mustChangePassword ? '/admin/password' : safeRedirect(params.get('redirect')), {
      replace: true,
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>, send: () => Promise<StaffLoginStep>) {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      proceed(await send());
    } catch (e) {
      setError(errorText(e));
      // Back to the password only when the half-signed-in session has ended; a wrong code is typed again.
      if (e instanceof ApiError && e.errcd === ErrCd.sessionTimeout && step === 'totp') setStep('password');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="adm-auth">
      <div className="adm-auth-card">
        <p className="adm-brand">さくらトラベル スタッフ管理</p>
        <h1 ref={heading} tabIndex={-1}>
          {step === 'password' ? 'サインイン' : '確認コードの入力'}
        </h1>
        <FormAlert>{error}</FormAlert>
        {step === 'password' ? (
          <form
            onSubmit={(e) => {
              const data = new FormData(e.currentTarget);
              void submit(e, () =>
                adminCall(CONSOLE['POST /login'], {
                  body: { mail: String(data.get('mail')), password: String(data.get('password')) },
                }),
              );
            }}
          >
            <Field label="メールアドレス">
              {(c) => <input {...c} name="mail" type="email" autoComplete="username" required />}
            </Field>
            <Field label="パスワード">
              {(c) => <input {...c} name="password" type="password" autoComplete="current-password" required />}
            </Field>
            <button type="submit" className="adm-primary" disabled={busy}>
              サインイン
            </button>
          </form>
        ) : (
          <form
            onSubmit={(e) => {
              const data = new FormData(e.currentTarget);
              void submit(e, () =>
                adminCall(CONSOLE['POST /login/totp'], { body: { code: String(data.get('code')) } }),
              );
            }}
          >
            <Field
              label="確認コード（6桁）"
              hint="認証アプリ（Google Authenticator など）に表示されている6桁の数字を入力してください。"
            >
              {(c) => (
                <input
                  {...c}
                  ref={codeInput}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9０-９ ]{6,7}"
                  maxLength={7}
                  required
                />
              )}
            </Field>
            <button type="submit" className="adm-primary" disabled={busy}>
              確認する
            </button>
            <button type="button" className="adm-link-button" onClick={() => setStep('password')}>
              最初からやり直す
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
