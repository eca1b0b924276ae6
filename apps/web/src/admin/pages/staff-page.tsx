import {
  type StaffAction,
  type StaffChange,
  type StaffRole,
  type StaffRow,
  staffCreateRequest,
} from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Field } from '../../components/form/field.tsx';
import { ActionDialog } from '../components/action-dialog.tsx';
import { dateTimeCell } from '../components/cells.tsx';
import { CopySecret } from '../components/copy-secret.tsx';
import { DataTable } from '../components/data-table.tsx';
import { AdminPage } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { SchemaForm, useSchemaForm } from '../components/schema-form.tsx';
import { Status } from '../components/status.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { useConsoleAction } from '../lib/booking-api.ts';
import { useMe } from '../lib/staff-session.ts';

const ROLE_LABEL: Record<StaffRole, string> = { admin: '管理者', operator: 'オペレーター' };

/** What a change did, said once on the page; a new password is shown here and nowhere else, ever. */
interface Outcome {
  message: string;
  password?: string | null;
}
type Say = (outcome: Outcome) => void;

/** One change of an account: what the button says, what the confirmation says, and what is sent. */
interface Change {
  label: string;
  title: string;
  effect: string;
  danger?: boolean;
  send(): Promise<StaffChange>;
  done: string;
}

function changesOf(row: StaffRow): Change[] {
  const params = { id: row.id };
  const act = (action: StaffAction) => () =>
    adminCall(CONSOLE['POST /staff/{id}/{action}'], { params: { ...params, action } });
  const other: StaffRole = row.role === 'admin' ? 'operator' : 'admin';
  const role: Change = {
    label: `${ROLE_LABEL[other]}にする`,
    title: `権限を${ROLE_LABEL[other]}に変更`,
    effect:
      other === 'admin'
        ? `${row.mail} に管理者の権限を与えます。商品・在庫・施設・スタッフの管理ができるようになり、次回のサインインで2段階認証の登録を求められます。`
        : `${row.mail} の管理者の権限を外します。予約の対応のみができるようになります。`,
    send: () => adminCall(CONSOLE['POST /staff/{id}/role'], { params, body: { role: other } }),
    done: `${row.mail} の権限を${ROLE_LABEL[other]}に変更しました。`,
  };
  const access: Change = row.disabled
    ? {
        label: '有効にする',
        title: 'アカウントを有効にする',
        effect: `${row.mail} が再びサインインできるようにします。`,
        send: act('enable'),
        done: `${row.mail} を有効にしました。`,
      }
    : {
        label: '無効にする',
        title: 'アカウントを無効にする',
        effect: `${row.mail} はサインインできなくなり、サインイン中の画面もすぐに閉じられます。記録は残ります。`,
        danger: true,
        send: act('disable'),
        done: `${row.mail} を無効にしました。`,
      };
  const password: Change = {
    label: 'パスワード再発行',
    title: 'パスワードを再発行',
    effect: `${row.mail} の新しい初期パスワードを発行します。今のパスワードは使えなくなり、サインイン中の画面は閉じられます。新しいパスワードはこの画面に一度だけ表示されます。`,
    danger: true,
    send: act('reset-password'),
    done: `${row.mail} のパスワードを再発行しました。`,
  };
  const totp: Change = {
    label: '認証アプリをリセット',
    title: '認証アプリの登録をリセット',
    effect: `${row.mail} の認証アプリ（2段階認証）の登録を解除します。次回のサインインで新しく登録していただきます。スマートフォンを紛失したときなどに使います。`,
    danger: true,
    send: act('reset-totp'),
    done: `${row.mail} の認証アプリをリセットしました。次回のサインインで再登録が必要です。`,
  };
  return row.totpEnabled ? [role, access, password, totp] : [role, access, password];
}

function ChangeButton({ change, say }: { change: Change; say: Say }) {
  const [open, setOpen] = useState(false);
  const action = useConsoleAction(change.send, (result) => {
    setOpen(false);
    say({ message: change.done, password: result.password });
  });
  return (
    <>
      <button type="button" className="adm-button" onClick={() => setOpen(true)}>
        {change.label}
      </button>
      <ActionDialog
        open={open}
        title={change.title}
        submitLabel={change.label}
        danger={change.danger}
        action={action}
        onClose={() => setOpen(false)}
        onSubmit={() => action.mutate(undefined)}
      >
        <p>{change.effect}</p>
      </ActionDialog>
    </>
  );
}

const column = createColumnHelper<StaffRow>();
const columnsFor = (meId: number | undefined, say: Say) =>
  [
    column.accessor('mail', {
      header: 'メールアドレス',
      meta: { rowHeader: true },
      cell: (c) => (c.row.original.id === meId ? `${c.getValue()}（あなた）` : c.getValue()),
    }),
    column.accessor('role', { header: '権限', cell: (c) => ROLE_LABEL[c.getValue()] }),
    column.accessor('totpEnabled', { header: '2段階認証', cell: (c) => (c.getValue() ? '設定済み' : '未設定') }),
    column.accessor('disabled', {
      header: '状態',
      cell: (c) => (c.getValue() ? <Status tone="alarm">無効</Status> : '有効'),
    }),
    column.accessor('lastLoginAt', { header: '最終サインイン', cell: dateTimeCell }),
    column.accessor('createdAt', { header: '登録日時', cell: dateTimeCell }),
    column.display({
      id: 'actions',
      header: '操作',
      // No admin demotes or disables themselves (the server refuses it too); their own password and authenticator
      // are changed from the menu at the top, where the current password is asked.
      cell: (c) =>
        c.row.original.id === meId ? (
          <span className="adm-muted">ご自身の設定は画面上部の「パスワード変更」「2段階認証」から</span>
        ) : (
          <div className="adm-row-actions">
            {changesOf(c.row.original).map((change) => (
              <ChangeButton key={change.label} change={change} say={say} />
            ))}
          </div>
        ),
    }),
  ] as ColumnDef<StaffRow, unknown>[];

/** スタッフを追加: mail and role; the server makes the one-time password, shown once above the list. */
function AddStaff({ say }: { say: Say }) {
  const client = useQueryClient();
  const add = useSchemaForm(staffCreateRequest, {
    defaultValues: { mail: '', role: 'operator' },
    async onSubmit(body) {
      const result = await adminCall(CONSOLE['POST /staff'], { body });
      add.reset({ mail: '', role: body.role });
      say({
        message: `${result.staff.mail} を${ROLE_LABEL[result.staff.role]}として追加しました。`,
        password: result.password,
      });
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const { form, isSubmitting } = add;
  return (
    <SchemaForm form={add} className="adm-card adm-staff-add">
      <h2>スタッフを追加</h2>
      <div className="adm-staff-add-fields">
        <Field label="メールアドレス" required error={form.formState.errors.mail?.message}>
          {(control) => <input {...control} type="email" autoComplete="off" {...form.register('mail')} />}
        </Field>
        <Field label="権限">
          {(control) => (
            <select {...control} {...form.register('role')}>
              <option value="operator">オペレーター（予約の対応）</option>
              <option value="admin">管理者（商品・在庫・施設・スタッフも）</option>
            </select>
          )}
        </Field>
        <button type="submit" className="adm-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? '処理中…' : '追加する'}
        </button>
      </div>
    </SchemaForm>
  );
}

/** スタッフ (admin only): who can sign in, and every change of an account, each audited on the server. */
export function StaffPage() {
  const me = useMe();
  const query = useQuery({ queryKey: ['admin', 'staff'], queryFn: () => adminCall(CONSOLE['GET /staff']) });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const columns = useMemo(() => columnsFor(me.data?.id, setOutcome), [me.data?.id]);
  return (
    <AdminPage title="スタッフ">
      {outcome && <output className="adm-success">{outcome.message}</output>}
      {outcome?.password && (
        <div className="adm-once">
          <p>
            初期パスワード（この画面を離れると二度と表示されません。本人に安全な方法で伝えてください。最初のサインインで変更していただきます）：
          </p>
          <CopySecret label="初期パスワード" value={outcome.password} />
        </div>
      )}
      <AddStaff say={setOutcome} />
      <QueryView query={query}>
        {(rows) => <DataTable caption="スタッフ一覧" columns={columns} data={rows} />}
      </QueryView>
      <p className="adm-muted">
        管理者がサインインできなくなったときは、サーバーで <code>npm run ops -- staff:reset-password MAIL</code> や{' '}
        <code>npm run ops -- staff:reset-totp MAIL</code> を実行します。
      </p>
    </AdminPage>
  );
}
