/** A reseller's API keys: the table of them and 失効させる of each. */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { Reseller, ResellerKey } from '@tabi/contract/resellers';
import { useState } from 'react';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Status } from '../../components/status.tsx';
import { adminCall } from '../../lib/admin-api.ts';
import { useConsoleAction } from '../../lib/booking-api.ts';
import { tokyoDateTime } from '../../lib/format.ts';
import type { Say } from './say.ts';

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
export function KeyTable({ reseller, say }: { reseller: Reseller; say: Say }) {
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
                {k.revokedAt ? <Status tone="alarm">失効 {tokyoDateTime(k.revokedAt)}</Status> : '有効'}
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
