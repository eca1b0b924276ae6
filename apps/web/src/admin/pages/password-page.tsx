import { STAFF_PASSWORD_MIN } from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { Msg } from '@tabi/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../components/form/field.tsx';
import { AdminPage } from '../components/page.tsx';
import { FormAlert } from '../components/query-state.tsx';
import { adminCall, errorText } from '../lib/admin-api.ts';
import { meQueryKey, useMe } from '../lib/staff-session.ts';

/** /admin/password: required after an initial or reset password, available at any time. */
export function PasswordPage() {
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
      await adminCall(CONSOLE['POST /password'], { body: { current, next } });
      form.reset();
      setDone(true);
      await client.invalidateQueries({ queryKey: meQueryKey });
      if (mustChange) navigate('/admin', { replace: true });
    } catch (e) {
      setErrors({ form: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminPage title="パスワード変更" className="adm-narrow">
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
        <Field label="現在のパスワード">
          {(c) => <input {...c} name="current" type="password" autoComplete="current-password" required />}
        </Field>
        <Field
          label="新しいパスワード"
          hint={`${STAFF_PASSWORD_MIN}文字以上。ほかのサービスと同じものは避けてください。`}
          error={errors.next}
        >
          {(c) => <input {...c} name="next" type="password" autoComplete="new-password" required />}
        </Field>
        <Field label="新しいパスワード（確認）" error={errors.confirm}>
          {(c) => <input {...c} name="confirm" type="password" autoComplete="new-password" required />}
        </Field>
        <button type="submit" className="adm-primary" disabled={busy}>
          変更する
        </button>
      </form>
    </AdminPage>
  );
}
