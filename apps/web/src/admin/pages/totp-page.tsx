import { type StaffTotpRequest, staffTotpRequest } from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage } from '../components/page.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { SchemaForm, useSchemaForm } from '../components/schema-form.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { meQueryKey, useMe } from '../lib/staff-session.ts';
import { AuthCard, TotpCodeField, useEnterConsole } from './login-page.tsx';

function groups(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** The QR code, the secret for typing in by hand, and the code that proves the app has it. */
function Enrolment({ onDone }: { onDone: (result: Awaited<ReturnType<typeof enable>>) => void }) {
  const setup = useQuery({
    queryKey: ['admin', 'totp-setup'],
    queryFn: () => adminCall(CONSOLE['GET /totp/setup']),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const code = useSchemaForm(staffTotpRequest, {
    defaultValues: { code: '' },
    async onSubmit(body) {
      onDone(await enable(body));
    },
  });
  if (setup.isPending) return <Loading />;
  if (setup.isError) return <QueryError error={setup.error} />;
  const { qrSvg, secret } = setup.data;

  return (
    <div className="adm-enrol">
      <ol className="adm-steps">
        <li>スマートフォンに認証アプリ（Google Authenticator、Microsoft Authenticator など）を用意します。</li>
        <li>アプリで次のQRコードを読み取ります。読み取れない場合は、下のキーを手入力してください。</li>
        <li>アプリに表示された6桁の確認コードを入力して「登録する」を押します。</li>
      </ol>
      <img
        className="adm-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt="認証アプリで読み取る2段階認証の登録用QRコード"
        width={200}
        height={200}
      />
      <p>
        手入力用のキー：<code className="adm-secret">{groups(secret)}</code>
      </p>
      <SchemaForm form={code} alertAt="start">
        <TotpCodeField form={code.form} />
        <button type="submit" className="adm-primary" disabled={code.isSubmitting}>
          登録する
        </button>
      </SchemaForm>
    </div>
  );
}

function enable(body: StaffTotpRequest) {
  return adminCall(CONSOLE['POST /totp/enable'], { body });
}

/** /admin/totp: an admin without a second factor enrols one during sign-in (no console around it yet). */
export function TotpSignInPage() {
  const enterConsole = useEnterConsole();
  return (
    <AuthCard title="2段階認証の登録" wide>
      <p>管理者のアカウントは、パスワードに加えて認証アプリの確認コードでサインインします。</p>
      <Enrolment onDone={enterConsole} />
    </AuthCard>
  );
}

/** /admin/security: the second factor from inside the console (optional for operators). */
export function SecurityPage() {
  const me = useMe();
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  return (
    <AdminPage title="2段階認証">
      {done && (
        <output className="adm-success">
          2段階認証を登録しました。次回のサインインから確認コードの入力が必要です。
        </output>
      )}
      {me.data?.totpEnabled ? (
        !done && <p>2段階認証は設定済みです。サインインのたびに認証アプリの確認コードを入力します。</p>
      ) : (
        <Enrolment
          onDone={() => {
            setDone(true);
            void client.invalidateQueries({ queryKey: meQueryKey });
          }}
        />
      )}
    </AdminPage>
  );
}
