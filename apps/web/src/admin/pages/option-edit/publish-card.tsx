/** 商品編集's state card: published or a draft, the bookings, 公開する / 非公開にする asked first, and the links on. */
import { type AdminOptionRecord, untranslatedLangs } from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Status } from '../../components/status.tsx';
import { Untranslated } from '../../components/untranslated.tsx';
import { adminCall, errorText } from '../../lib/admin-api.ts';

export function PublishCard({
  record,
  busy,
  setBusy,
  onChanged,
}: {
  record: AdminOptionRecord;
  /** Shared with the form's save: one call at a time on the option. */
  busy: boolean;
  setBusy(busy: boolean): void;
  onChanged(next: AdminOptionRecord, message: string): Promise<void>;
}) {
  /** 公開する / 非公開にする, asked for first: either changes what customers can buy at once. */
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const [publishError, setPublishError] = useState<string | null>(null);

  async function publish(published: boolean) {
    setBusy(true);
    setPublishError(null);
    try {
      const next = await adminCall(
        published ? CONSOLE['POST /options/{opcd}/publish'] : CONSOLE['POST /options/{opcd}/unpublish'],
        { params: { opcd: record.opcd } },
      );
      setConfirming(null);
      await onChanged(next, published ? '公開しました。お客様の画面に表示されます。' : '非公開（下書き）にしました。');
    } catch (e) {
      setPublishError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="adm-card adm-catalog-state">
      <p>
        状態：
        {record.published ? (
          <strong>公開中</strong>
        ) : (
          <Status tone="pending">下書き（お客様には表示されません）</Status>
        )}
        　予約 {record.bookings}件 <Untranslated langs={untranslatedLangs(record.option.translations)} />
      </p>
      <ActionDialog
        open={confirming !== null}
        title={confirming ? '商品を公開する' : '商品を非公開（下書き）にする'}
        submitLabel={confirming ? '公開する' : '非公開にする'}
        danger={confirming === false}
        busy={busy}
        error={publishError}
        onClose={() => {
          setConfirming(null);
          setPublishError(null);
        }}
        onSubmit={() => void publish(confirming === true)}
      >
        <p>
          {confirming
            ? `「${record.option.webname}」をお客様の画面に表示し、すぐに販売を始めます。`
            : `「${record.option.webname}」をお客様の画面から外し、販売をやめます。お受けした予約（${record.bookings}件）はそのまま残ります。`}
        </p>
      </ActionDialog>
      <div className="adm-head-actions">
        {record.published ? (
          <button type="button" className="adm-button" disabled={busy} onClick={() => setConfirming(false)}>
            非公開（下書き）にする
          </button>
        ) : (
          <button type="button" className="adm-button adm-primary" disabled={busy} onClick={() => setConfirming(true)}>
            公開する
          </button>
        )}
        <Link className="adm-button" to={`/admin/options/${record.opcd}/stock`}>
          在庫・料金カレンダー
        </Link>
        <Link className="adm-button" to={`/admin/options/${record.opcd}/preview`}>
          公開ページのプレビュー
        </Link>
      </div>
    </div>
  );
}
