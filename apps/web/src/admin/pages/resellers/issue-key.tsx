/** APIキーを発行: the limit of a new key, checked by the contract, then the key itself shown once. */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { type IssuedKey, issueKeyRequest, RESELLER_RATE_DEFAULT, type Reseller } from '@tabi/contract/resellers';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../../components/form/field.tsx';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { CopySecret } from '../../components/copy-secret.tsx';
import { useSchemaForm } from '../../components/schema-form.tsx';
import { adminCall } from '../../lib/admin-api.ts';
import type { ShowKey } from './say.ts';

const DEFAULT_RATE = { ratePerMinute: String(RESELLER_RATE_DEFAULT) };

export function IssueKey({ reseller, showKey }: { reseller: Reseller; showKey: ShowKey }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const issue = useSchemaForm(issueKeyRequest, {
    defaultValues: DEFAULT_RATE,
    async onSubmit(body) {
      const issued = await adminCall(CONSOLE['POST /resellers/{id}/keys'], { params: { id: reseller.id }, body });
      setOpen(false);
      showKey(issued);
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  return (
    <>
      <button
        type="button"
        className="adm-button"
        onClick={() => {
          issue.reset(DEFAULT_RATE);
          setOpen(true);
        }}
      >
        APIキーを発行
      </button>
      <ActionDialog
        open={open}
        title={`${reseller.name}のAPIキーを発行`}
        submitLabel="発行する"
        busy={issue.isSubmitting}
        error={issue.formError}
        onClose={() => setOpen(false)}
        onSubmit={() => void issue.submit()}
      >
        <p>
          新しいAPIキーを発行します。キーは発行直後に一度だけ表示され、当社には照合用のハッシュしか残りません。
          {!reseller.enabled && '（この代理店は停止中のため、再開するまでキーは拒否されます）'}
        </p>
        <Field
          label="1分あたりの上限回数"
          required
          error={issue.form.formState.errors.ratePerMinute?.message}
          hint="このキーでAPIを呼び出せる1分あたりの回数です。"
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              className="adm-rate"
              {...issue.form.register('ratePerMinute')}
            />
          )}
        </Field>
      </ActionDialog>
    </>
  );
}

/** The key just issued: shown here once, with a copy button; closing the dialog forgets it. */
export function NewKeyDialog({ issued, onClose }: { issued: IssuedKey | null; onClose(): void }) {
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
