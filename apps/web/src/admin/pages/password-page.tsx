import {
  type PasswordChangeRequest,
  passwordChangeRequest,
  STAFF_PASSWORD_MAX,
  STAFF_PASSWORD_MIN,
} from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { Msg } from '@tabi/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Field } from '../../components/form/field.tsx';
import { AdminPage } from '../components/page.tsx';
import { SchemaForm, useSchemaForm } from '../components/schema-form.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { meQueryKey, useMe } from '../lib/staff-session.ts';

/** What is typed, checked with the contract's rule for a new password, and sent without its confirmation. */
const passwordForm = z
  .object({
    current: z.string().min(1, '現在のパスワードを入力してください。'),
    next: z
      .string()
      .min(STAFF_PASSWORD_MIN, Msg.staffPasswordTooShort)
      .max(STAFF_PASSWORD_MAX, `パスワードは${STAFF_PASSWORD_MAX}文字以内で入力してください。`),
    confirm: z.string(),
  })
  .refine((v) => v.next === v.confirm, { path: ['confirm'], message: '確認用のパスワードが一致しません。' })
  .transform(({ current, next }): PasswordChangeRequest => ({ current, next }))
  .pipe(passwordChangeRequest);

type PasswordValues = z.input<typeof passwordForm>;
const EMPTY: PasswordValues = { current: '', next: '', confirm: '' };

/** /admin/password: required after an initial or reset password, available at any time. */
export function PasswordPage() {
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const mustChange = me.data?.mustChangePassword ?? false;
  const password = useSchemaForm(passwordForm, {
    defaultValues: EMPTY,
    async onSubmit(body) {
      setDone(false);
      await adminCall(CONSOLE['POST /password'], { body });
      password.reset(EMPTY);
      setDone(true);
      await client.invalidateQueries({ queryKey: meQueryKey });
      if (mustChange) navigate('/admin', { replace: true });
    },
  });
  const { form } = password;
  const { errors } = form.formState;

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
      <SchemaForm form={password} alertAt="start">
        <Field label="現在のパスワード" error={errors.current?.message}>
          {(c) => (
            <input {...c} type="password" autoComplete="current-password" required {...form.register('current')} />
          )}
        </Field>
        <Field
          label="新しいパスワード"
          hint={`${STAFF_PASSWORD_MIN}文字以上。ほかのサービスと同じものは避けてください。`}
          error={errors.next?.message}
        >
          {(c) => <input {...c} type="password" autoComplete="new-password" required {...form.register('next')} />}
        </Field>
        <Field label="新しいパスワード（確認）" error={errors.confirm?.message}>
          {(c) => <input {...c} type="password" autoComplete="new-password" required {...form.register('confirm')} />}
        </Field>
        <button type="submit" className="adm-primary" disabled={password.isSubmitting}>
          変更する
        </button>
      </SchemaForm>
    </AdminPage>
  );
}
