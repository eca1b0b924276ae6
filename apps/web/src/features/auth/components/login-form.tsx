import { RSVNO_LENGTH } from '@tabi/contract/constants';
import { type FormEvent, useId, useState } from 'react';
import { useLogin } from '../api/login.ts';
import styles from './login-form.module.css';

/** SPEC §2 Login / §5: booking number of exactly 8 characters and a phone number, both required. */
export function LoginForm({ onSuccess }: { onSuccess(session: string, rsvno: string): void }) {
  const [rsvno, setRsvno] = useState('');
  const [tel, setTel] = useState('');
  const [errMsg, setErrMsg] = useState('');
  const login = useLogin();
  const errorId = useId();
  const rsvnoHintId = useId();

  const trimmedRsvno = rsvno.trim();
  const canSubmit = trimmedRsvno.length === RSVNO_LENGTH && tel.trim() !== '' && !login.isPending;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setErrMsg('');
    try {
      const outcome = await login.mutateAsync({ rsvno: trimmedRsvno, tel: tel.trim() });
      if (outcome.ok) onSuccess(outcome.session, outcome.rsvno);
      else setErrMsg(outcome.errMsg);
    } catch {
      // SPEC §8: if the request throws, nothing is returned (the API client already alerted).
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={login.isPending}>
      <div className="field">
        <label htmlFor="login-rsvno">予約番号</label>
        <input
          id="login-rsvno"
          className={`input ${styles.code}`}
          name="rsvno"
          value={rsvno}
          onChange={(e) => setRsvno(e.currentTarget.value.toUpperCase())}
          maxLength={RSVNO_LENGTH}
          placeholder="XX000000"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-describedby={`${rsvnoHintId}${errMsg ? ` ${errorId}` : ''}`}
          aria-invalid={errMsg ? true : undefined}
        />
        <span id={rsvnoHintId} className="hint">
          ご予約完了メールに記載の{RSVNO_LENGTH}桁の予約番号
        </span>
      </div>
      <div className="field">
        <label htmlFor="login-tel">電話番号</label>
        <input
          id="login-tel"
          className="input"
          name="tel"
          type="tel"
          inputMode="tel"
          value={tel}
          onChange={(e) => setTel(e.currentTarget.value)}
          placeholder="090-1234-5678"
          autoComplete="tel"
          required
          aria-describedby={errMsg ? errorId : undefined}
          aria-invalid={errMsg ? true : undefined}
        />
        <span className="hint">お申し込み時にご登録いただいた電話番号</span>
      </div>
      {errMsg && (
        <p id={errorId} className={`error-text ${styles.error}`} role="alert">
          {errMsg}
        </p>
      )}
      <button type="submit" className="btn btn-secondary btn-block" disabled={!canSubmit}>
        {login.isPending ? (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            ログイン中…
          </>
        ) : (
          'ログイン'
        )}
      </button>
    </form>
  );
}
