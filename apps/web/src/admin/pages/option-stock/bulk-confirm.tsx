/** まとめて変更's confirmation: the edit in words, then each departure it changes (from the server's preview). */
import { type StockEditRequest, type StockPreview, stockEditDays, WEEKDAY_LABEL } from '@tabi/contract/admin-catalog';
import type { AgeClass } from '@tabi/contract/constants';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Facts } from '../../components/page.tsx';
import styles from './option-stock.module.css';
import {
  describeChange,
  formatDay,
  priceTexts,
  requestTimesText,
  shortDay,
  stockText,
  stoppedText,
} from './stock-text.ts';

/** How many changes the preview lists; the rest are counted. */
const PREVIEW_ROWS = 60;

/** An edit checked by the server's preview, waiting for 変更する. */
export interface PendingEdit {
  request: StockEditRequest;
  preview: StockPreview;
}

export function BulkConfirm({
  pending,
  ageClasses,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  pending: PendingEdit | null;
  ageClasses: readonly AgeClass[];
  busy: boolean;
  error: string;
  onClose(): void;
  onSubmit(): void;
}) {
  return (
    <ActionDialog
      open={pending !== null}
      title="在庫・料金をまとめて変更"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="変更する"
      busy={busy}
      error={error || null}
      disabled={pending?.preview.changes.length === 0}
      wide
    >
      {pending && <BulkPreview request={pending.request} preview={pending.preview} ageClasses={ageClasses} />}
    </ActionDialog>
  );
}

function BulkPreview({
  request,
  preview,
  ageClasses,
}: {
  request: StockEditRequest;
  preview: StockPreview;
  ageClasses: readonly AgeClass[];
}) {
  const { changes } = preview;
  const removed = changes.filter((c) => c.after === null);
  const rows: [string, string][] = [
    ['期間', `${formatDay(request.from)}〜${formatDay(request.to)}`],
    ['曜日', request.weekdays.map((d) => WEEKDAY_LABEL[d]).join('・')],
    ['対象', `${stockEditDays(request).length}日（販売期間内の日）`],
    ['開始時刻', requestTimesText(request)],
    ['在庫', stockText(request.stock)],
    ['料金', request.prices ? priceTexts(ageClasses, request.prices).join('・') : '変更しない'],
  ];
  return (
    <>
      <Facts className="adm-effect" rows={rows} />
      {request.prices?.adultbaika === 0 && (
        <p className="adm-alert">大人料金が0円です。対象の日は無料で販売されます。</p>
      )}
      {removed.length > 0 && (
        <p className="adm-alert">
          {removed.every((c) => c.startTime === '')
            ? `${removed.length}日分の終日の販売を削除し、開始時刻ごとの販売に切り替えます。`
            : `開始時刻ごとの便（${removed.length}便）を削除し、終日の販売に切り替えます。`}
          削除する分に予約やキャンセル待ちはありません。
        </p>
      )}
      {preview.stopped.length > 0 && <p>{stoppedText(preview.stopped, 'の席は閉じたままです。')}</p>}
      {changes.length === 0 ? (
        <p>変更される便はありません（いまの内容と同じです）。</p>
      ) : (
        <div className={styles.changes}>
          <table className="adm-table">
            <caption>変更される便（{changes.length}件）</caption>
            <thead>
              <tr>
                <th scope="col">日付・時刻</th>
                <th scope="col">変更内容</th>
              </tr>
            </thead>
            <tbody>
              {changes.slice(0, PREVIEW_ROWS).map((c) => (
                <tr key={`${c.date} ${c.startTime}`}>
                  <th scope="row">
                    {shortDay(c.date)} {c.startTime === '' ? '終日' : c.startTime}
                  </th>
                  <td className="wrap">{describeChange(c, ageClasses)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {changes.length > PREVIEW_ROWS && <p className="adm-muted">ほか{changes.length - PREVIEW_ROWS}件</p>}
        </div>
      )}
    </>
  );
}
