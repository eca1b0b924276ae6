import { CONSOLE } from '@tabi/contract/console-endpoints';
import {
  bpToPercent,
  type IssuedKey,
  issueKeyRequest,
  RESELLER_RATE_DEFAULT,
  type Reseller,
  type ResellerKey,
  resellerRequest,
} from '@tabi/contract/resellers';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../components/form/field.tsx';
import { ActionDialog } from '../components/action-dialog.tsx';
import { CopySecret } from '../components/copy-secret.tsx';
import { AdminPage, Facts } from '../components/page.tsx';
import { FormAlert, QueryView } from '../components/query-state.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { useConsoleAction } from '../lib/booking-api.ts';
import { tokyoDateTime } from '../lib/format.ts';
import { commissionLabel } from '../lib/reseller-api.ts';

/** What a change did, said once above the list; a new key is shown in its own dialog, never on the page. */
type Say = (message: string) => void;
type ShowKey = (issued: IssuedKey) => void;

/** The first problem of each field, as the contract's schema finds it (the server checks the same). */
function problemsOf(name: string, commission: string): { name?: string; commission?: string } {
  const parsed = resellerRequest.safeParse({ name, commission });
  if (parsed.success) return {};
  const problems: { name?: string; commission?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'commission') && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/** The name and commission fields, in the add form and the edit dialog. */
function ResellerFields({
  name,
  commission,
  setName,
  setCommission,
  problems,
}: {
  name: string;
  commission: string;
  setName(value: string): void;
  setCommission(value: string): void;
  problems: { name?: string; commission?: string };
}) {
  return (
    <>
      <Field label="代理店名" required error={problems.name}>
        {(control) => <input {...control} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="手数料率（%）" required error={problems.commission} hint="小数点以下2桁まで（例：15、12.5）">
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            className="adm-percent"
            value={commission}
            onChange={(e) => setCommission(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/** 販売代理店を追加: a name and a commission; keys are issued afterwards, each with its own limit. */
function AddReseller({ say }: { say: Say }) {
  const [name, setName] = useState('');
  const [commission, setCommission] = useState('');
  const [problems, setProblems] = useState<{ name?: string; commission?: string }>({});
  const action = useConsoleAction(
    () => adminCall(CONSOLE['POST /resellers'], { body: { name, commission } }),
    (made) => {
      setName('');
      setCommission('');
      say(
        `${made.name}を追加しました（手数料率 ${commissionLabel(made.commissionBp)}）。接続には「APIキーを発行」からキーを発行してください。`,
      );
    },
  );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problemsOf(name, commission);
    setProblems(found);
    if (!found.name && !found.commission) action.mutate(undefined);
  }
  return (
    <form className="adm-card adm-reseller-add" onSubmit={submit} noValidate aria-labelledby="reseller-add-heading">
      <h2 id="reseller-add-heading">販売代理店を追加</h2>
      <div className="adm-staff-add-fields">
        <ResellerFields
          name={name}
          commission={commission}
          setName={setName}
          setCommission={setCommission}
          problems={problems}
        />
        <button type="submit" className="adm-primary" disabled={action.isPending} aria-busy={action.isPending}>
          {action.isPending ? '処理中…' : '追加する'}
        </button>
      </div>
      <FormAlert>{action.error?.errMsg}</FormAlert>
    </form>
  );
}

function EditReseller({ reseller, say }: { reseller: Reseller; say: Say }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(reseller.name);
  const [commission, setCommission] = useState(bpToPercent(reseller.commissionBp));
  const [problems, setProblems] = useState<{ name?: string; commission?: string }>({});
  const action = useConsoleAction(
    () => adminCall(CONSOLE['POST /resellers/{id}'], { params: { id: reseller.id }, body: { name, commission } }),
    (saved) => {
      setOpen(false);
      say(`${saved.name}の内容を保存しました（手数料率 ${commissionLabel(saved.commissionBp)}）。`);
    },
  );
  function start() {
    setName(reseller.name);
    setCommission(bpToPercent(reseller.commissionBp));
    setProblems({});
    setOpen(true);
  }
  function submit() {
    const found = problemsOf(name, commission);
    setProblems(found);
    if (!found.name && !found.commission) action.mutate(undefined);
  }
  return (
    <>
      <button type="button" className="adm-button" onClick={start}>
        編集
      </button>
      <ActionDialog
        open={open}
        title={`${reseller.name}の編集`}
        submitLabel="保存する"
        action={action}
        onClose={() => setOpen(false)}
        onSubmit={submit}
      >
        <ResellerFields
          name={name}
          commission={commission}
          setName={setName}
          setCommission={setCommission}
          problems={problems}
        />
        <p className="adm-muted">
          手数料率を変えても、販売済みの予約の精算額は変わりません（販売した時点の手数料率で確定しています）。
        </p>
      </ActionDialog>
    </>
  );
}

function SwitchReseller({ reseller, say }: { reseller: Reseller; say: Say }) {
  const [open, setOpen] = useState(false);
  const disabling = reseller.enabled;
  const action = useConsoleAction(
    () =>
      adminCall(CONSOLE['POST /resellers/{id}/{action}'], {
        params: { id: reseller.id, action: disabling ? 'disable' : 'enable' },
      }),
    () => {
      setOpen(false);
      say(
        disabling
          ? `${reseller.name}を停止しました。この代理店のAPIキーは拒否されます。`
          : `${reseller.name}を再開しました。失効していないAPIキーで接続できます。`,
      );
    },
  );
  const label = disabling ? '停止する' : '再開する';
  return (
    <>
      <button
        type="button"
        className={disabling ? 'adm-button adm-danger-outline' : 'adm-button'}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <ActionDialog
        open={open}
        title={disabling ? `${reseller.name}を停止する` : `${reseller.name}を再開する`}
        submitLabel={label}
        danger={disabling}
        action={action}
        onClose={() => setOpen(false)}
        onSubmit={() => action.mutate(undefined)}
      >
        {disabling ? (
          <p>
            停止すると、{reseller.name}
            のAPIキーはすべて拒否され、OCTO経由での空き状況の確認・予約・キャンセルができなくなります。販売済みの予約はそのまま残ります。キーは失効しないため、再開すれば同じキーで接続できます。
          </p>
        ) : (
          <p>{reseller.name}の失効していないAPIキーで、再びOCTO経由の空き状況の確認・予約を受け付けます。</p>
        )}
      </ActionDialog>
    </>
  );
}

function IssueKey({ reseller, showKey }: { reseller: Reseller; showKey: ShowKey }) {
  const [open, setOpen] = useState(false);
  const [rate, setRate] = useState(String(RESELLER_RATE_DEFAULT));
  const [problem, setProblem] = useState<string | undefined>();
  const action = useConsoleAction(
    () =>
      adminCall(CONSOLE['POST /resellers/{id}/keys'], { params: { id: reseller.id }, body: { ratePerMinute: rate } }),
    (issued) => {
      setOpen(false);
      showKey(issued);
    },
  );
  function submit() {
    const parsed = issueKeyRequest.safeParse({ ratePerMinute: rate });
    setProblem(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) action.mutate(undefined);
  }
  return (
    <>
      <button
        type="button"
        className="adm-button"
        onClick={() => {
          setRate(String(RESELLER_RATE_DEFAULT));
          setProblem(undefined);
          setOpen(true);
        }}
      >
        APIキーを発行
      </button>
      <ActionDialog
        open={open}
        title={`${reseller.name}のAPIキーを発行`}
        submitLabel="発行する"
        action={action}
        onClose={() => setOpen(false)}
        onSubmit={submit}
      >
        <p>
          新しいAPIキーを発行します。キーは発行直後に一度だけ表示され、当社には照合用のハッシュしか残りません。
          {!reseller.enabled && '（この代理店は停止中のため、再開するまでキーは拒否されます）'}
        </p>
        <Field
          label="1分あたりの上限回数"
          required
          error={problem}
          hint="このキーでAPIを呼び出せる1分あたりの回数です。"
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              className="adm-rate"
              value={rate}
              onChange={(e) => setRate(e.target.value)}
            />
          )}
        </Field>
      </ActionDialog>
    </>
  );
}

function RevokeKey({ reseller, apiKey, say }: { reseller: Reseller; apiKey: ResellerKey; say: Say }) {
  const [open, setOpen] = useState(false);
  const action = useConsoleAction(
    () =>
      adminCall(CONSOLE['POST /resellers/{id}/keys/{keyId}/revoke'], { params: { id: reseller.id, keyId: apiKey.id } }),
    () => {
      setOpen(false);
      say(`${reseller.name}のAPIキー ${apiKey.prefix}… を失効させました。`);
    },
  );
  return (
    <>
      <button type="button" className="adm-button adm-danger-outline" onClick={() => setOpen(true)}>
        失効させる
      </button>
      <ActionDialog
        open={open}
        title="APIキーを失効させる"
        submitLabel="失効させる"
        danger
        returnFocus="heading"
        action={action}
        onClose={() => setOpen(false)}
        onSubmit={() => action.mutate(undefined)}
      >
        <p>
          {reseller.name}のAPIキー <code>{apiKey.prefix}…</code>{' '}
          を失効させます。このキーによる接続はすぐに拒否されます。元に戻すことはできません（必要なら新しいキーを発行してください）。
        </p>
      </ActionDialog>
    </>
  );
}

/** A reseller's keys: a table on a desk, each key a small card of its facts on a phone (`adm-cards`). */
function KeyTable({ reseller, say }: { reseller: Reseller; say: Say }) {
  if (reseller.keys.length === 0) {
    return <p className="adm-empty">APIキーはまだ発行されていません。「APIキーを発行」から発行してください。</p>;
  }
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-cards adm-keys">
        <caption className="visually-hidden">{reseller.name}のAPIキー</caption>
        <thead>
          <tr>
            <th scope="col">キー（先頭）</th>
            <th scope="col" className="num">
              上限
            </th>
            <th scope="col">発行日時</th>
            <th scope="col">最終利用</th>
            <th scope="col">状態</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {reseller.keys.map((k) => (
            <tr key={k.id} className={k.revokedAt ? 'adm-key-revoked' : undefined}>
              <th scope="row" className="adm-full">
                <code>{k.prefix}…</code>
              </th>
              <td className="num" data-label="上限">
                {k.ratePerMinute.toLocaleString('ja-JP')}回/分
              </td>
              <td data-label="発行日時">{tokyoDateTime(k.createdAt)}</td>
              <td data-label="最終利用">{k.lastUsedAt ? tokyoDateTime(k.lastUsedAt) : '未使用'}</td>
              <td data-label="状態">
                {k.revokedAt ? (
                  <span className="adm-status adm-status-4">失効 {tokyoDateTime(k.revokedAt)}</span>
                ) : (
                  '有効'
                )}
              </td>
              <td className="adm-key-action">
                {k.revokedAt ? '—' : <RevokeKey reseller={reseller} apiKey={k} say={say} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResellerCard({ reseller, say, showKey }: { reseller: Reseller; say: Say; showKey: ShowKey }) {
  const id = useId();
  const live = reseller.keys.filter((k) => !k.revokedAt).length;
  return (
    <section className="adm-card adm-reseller" aria-labelledby={id}>
      <header className="adm-reseller-head">
        <h2 id={id}>
          {reseller.name}{' '}
          {reseller.enabled ? (
            <span className="adm-status adm-status-0">有効</span>
          ) : (
            <span className="adm-status adm-status-4">停止中</span>
          )}
        </h2>
        <div className="adm-row-actions">
          <EditReseller reseller={reseller} say={say} />
          <IssueKey reseller={reseller} showKey={showKey} />
          <SwitchReseller reseller={reseller} say={say} />
        </div>
      </header>
      <Facts
        rows={[
          ['手数料率', commissionLabel(reseller.commissionBp)],
          ['APIキー', `有効 ${live}件（失効済み ${reseller.keys.length - live}件）`],
          ['最終利用', reseller.lastUsedAt ? tokyoDateTime(reseller.lastUsedAt) : '未使用'],
          ['登録日時', tokyoDateTime(reseller.createdAt)],
        ]}
      />
      <KeyTable reseller={reseller} say={say} />
    </section>
  );
}

/** The key just issued: shown here once, with a copy button; closing the dialog forgets it. */
function NewKeyDialog({ issued, onClose }: { issued: IssuedKey | null; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const open = issued !== null;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
      else document.querySelector<HTMLElement>('#adm-main h1')?.focus();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="adm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {issued && (
        <div className="adm-dialog-form">
          <h2 id={titleId}>APIキーを発行しました</h2>
          <div className="adm-dialog-body">
            <p>
              {issued.reseller.name}のAPIキーです。
              <strong>この画面を閉じると、二度と表示できません。</strong>
              今すぐコピーして、安全な方法で代理店にお渡しください。
            </p>
            <CopySecret label="APIキー" value={issued.key} rows={2} selectOnShow />
            <p className="adm-muted">
              代理店は <code>Authorization: Bearer キー</code> を付けて <code>/octo/</code> のAPIを呼び出します。
            </p>
          </div>
          <div className="adm-dialog-actions">
            <button type="button" onClick={onClose}>
              閉じる
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

/** 販売代理店 (admin only): resellers selling through OCTO, their keys, and every change audited. */
export function ResellersPage() {
  const query = useQuery({
    queryKey: ['admin', 'resellers'],
    queryFn: () => adminCall(CONSOLE['GET /resellers']),
  });
  const [message, setMessage] = useState('');
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const showKey: ShowKey = (made) => {
    setMessage(`${made.reseller.name}のAPIキー ${made.reseller.keys[0]?.prefix ?? ''}… を発行しました。`);
    setIssued(made);
  };
  return (
    <AdminPage title="販売代理店">
      <p className="adm-lead">
        OCTO（旅行商品の販売APIの標準規格）で当社の商品を販売する代理店（リセラー）と、その接続用のAPIキーを管理します。在庫と料金は自社サイトと共通です。手数料率は予約ごとに販売時点の率で確定します。
      </p>
      {message && <output className="adm-success">{message}</output>}
      <AddReseller say={setMessage} />
      <QueryView query={query}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">販売代理店はまだ登録されていません。</p>
          ) : (
            rows.map((r) => <ResellerCard key={r.id} reseller={r} say={setMessage} showKey={showKey} />)
          )
        }
      </QueryView>
      <div className="adm-muted">
        <p>サーバーで次のコマンドを実行しても登録できます（APIキーを1つ発行して表示します）。</p>
        <code className="adm-command">npm run ops -- reseller:create 代理店名 --commission 15</code>
        <p>すべての変更（追加・編集・停止・キーの発行と失効）はスタッフの操作記録に残ります。</p>
      </div>
      <NewKeyDialog issued={issued} onClose={() => setIssued(null)} />
    </AdminPage>
  );
}
