/** One reseller: its state, its facts, its changes (編集, APIキーを発行, 停止/再開) and its keys. */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { Reseller } from '@tabi/contract/resellers';
import { useId, useState } from 'react';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Facts } from '../../components/page.tsx';
import { Status } from '../../components/status.tsx';
import { adminCall } from '../../lib/admin-api.ts';
import { useConsoleAction } from '../../lib/booking-api.ts';
import { tokyoDateTime } from '../../lib/format.ts';
import { commissionLabel } from '../../lib/reseller-api.ts';
import { IssueKey } from './issue-key.tsx';
import { KeyTable } from './key-table.tsx';
import { EditReseller } from './reseller-forms.tsx';
import type { Say, ShowKey } from './say.ts';

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

export function ResellerCard({ reseller, say, showKey }: { reseller: Reseller; say: Say; showKey: ShowKey }) {
  const id = useId();
  const live = reseller.keys.filter((k) => !k.revokedAt).length;
  return (
    <section className="adm-card adm-reseller" aria-labelledby={id}>
      <header className="adm-reseller-head">
        <h2 id={id}>
          {reseller.name} {reseller.enabled ? <Status tone="fine">有効</Status> : <Status tone="alarm">停止中</Status>}
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
