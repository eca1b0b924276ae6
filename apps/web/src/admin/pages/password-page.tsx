import { okResponse, STAFF_PASSWORD_MIN } from '@tabi/contract/admin';
import { Msg } from '@tabi/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Field, FormAlert } from '../components/field.tsx';
import { AdminApiError, adminPost } from '../lib/admin-api.ts';
import { meQueryKey, useMe } from '../lib/staff-session.ts';
import { useAdminPage } from '../lib/use-page.ts';

/** /admin/password: required after an initial or reset password, available at any time. */
export function PasswordPage() {
  const heading = useAdminPage('パスワード変更');
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<{ next?: string; confirm?: string; form?: string }>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const mustChange = me.data?.mustChangePassword ?? false;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('current'));
    const next = String(data.get('next'));
    const confirm = String(data.get('confirm'));
    const found: typeof errors = {};
    if (next.length < STAFF_PASSWORD_MIN) found.next = Msg.staffPasswordTooShort;
    if (next !== confirm) found.confirm = '確認用のパスワードが一致しません。';
    setErrors(found);
    setDone(false);
    if (found.next || found.confirm) return;
    setBusy(true);
    try {
      await adminPost('/password', { current, next }, okResponse);
      form.reset();
      setDone(true);
      await client.invalidateQueries({ queryKey: meQueryKey });
      if (mustChange) navigate('/admin', { replace: true });
    } catch (e) {
      setErrors({ form: e instanceof AdminApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="adm-page adm-narrow">
      <h1 ref={heading} tabIndex={-1}>
        パスワード変更
      </h1>
      {mustChange && (
        <p className="adm-notice">
          初期パスワードでサインインしています。続けるには新しいパスワードを設定してください。
        </p>
      )}
      {done && (
        <output className="adm-success">パスワードを変更しました。ほかの端末のサインインは終了しました。</output>
      )}
      <FormAlert>{errors.form}</FormAlert>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field label="現在のパスワード" name="current" type="password" autoComplete="current-password" required />
        <Field
          label="新しいパスワード"
          name="next"
          type="password"
          autoComplete="new-password"
          hint={`${STAFF_PASSWORD_MIN}文字以上。ほかのサービスと同じものは避けてください。`}
          error={errors.next}
          required
        />
        <Field
          label="新しいパスワード（確認）"
          name="confirm"
          type="password"
          autoComplete="new-password"
          error={errors.confirm}
          required
        />
        <button type="submit" className="adm-primary" disabled={busy}>
          変更する
        </button>
      </form>
    </section>
  );
}
