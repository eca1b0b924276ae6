import type { MailLine, MailSearchQuery } from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResendMailDialog } from '../components/booking-dialogs/resend-dialog.tsx';
import { bookingCell, dateTimeCell, errorCell, NUM, WRAP } from '../components/cells.tsx';
import { PagedTable } from '../components/data-table.tsx';
import { choicesOf, FilterSelect, useFilterSubmit } from '../components/filters.tsx';
import { AdminPage } from '../components/page.tsx';
import { Status } from '../components/status.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { MAIL_KIND_LABEL, MAIL_STATUS_LABEL } from '../lib/mail-labels.ts';

const STATUS_FILTER = [
  { value: '', label: 'すべて' },
  { value: 'error', label: 'エラーあり（送信失敗・再試行待ち）' },
  ...choicesOf(MAIL_STATUS_LABEL),
];

const column = createColumnHelper<MailLine>();
const columnsWith = (onResend: (mail: MailLine) => void) =>
  [
    column.display({
      id: 'resend',
      header: '操作',
      cell: (c) =>
        c.row.original.rsvno ? (
          <button
            type="button"
            onClick={() => onResend(c.row.original)}
            aria-label={`メール${c.row.original.id}「${c.row.original.subject}」を再送`}
          >
            再送
          </button>
        ) : (
          <span className="adm-muted" title="予約に紐づかないメールは再送できません">
            —
          </span>
        ),
    }),
    column.accessor('id', { header: 'ID', meta: NUM }),
    column.accessor('createdAt', { header: '作成日時', cell: dateTimeCell }),
    column.accessor('kind', { header: '種類', cell: (c) => MAIL_KIND_LABEL[c.getValue()] ?? c.getValue() }),
    column.accessor('rsvno', { header: '予約番号', cell: bookingCell }),
    column.accessor('to', { header: '宛先' }),
    column.accessor('subject', { header: '件名', meta: WRAP }),
    column.accessor('status', {
      header: '状態',
      cell: (c) => {
        const failed = c.getValue() === 'failed' || c.row.original.lastError !== null;
        return <Status tone={failed && 'alarm'}>{MAIL_STATUS_LABEL[c.getValue()] ?? c.getValue()}</Status>;
      },
    }),
    column.accessor('attempts', { header: '試行回数', meta: NUM }),
    column.accessor('lastError', { header: '最後のエラー', meta: WRAP, cell: errorCell }),
    column.accessor('sentAt', { header: '送信日時', cell: dateTimeCell }),
  ] as ColumnDef<MailLine, unknown>[];

/** メール: the outbox; a mail of a booking can be resent (the booking lifecycle's resendMail, with its event). */
export function MailsPage() {
  const [resending, setResending] = useState<MailLine | null>(null);
  const [message, setMessage] = useState('');
  const columns = useMemo(() => columnsWith(setResending), []);
  const [params] = useSearchParams();
  const submit = useFilterSubmit();
  const filters: MailSearchQuery = {};
  const status = params.get('status');
  if (status) filters.status = status as MailSearchQuery['status'];
  const rsvno = params.get('rsvno');
  if (rsvno) filters.rsvno = rsvno;
  const page = params.get('page');
  if (page) filters.page = page;
  const result = useQuery({
    queryKey: ['admin', 'mails', filters],
    queryFn: () => adminCall(CONSOLE['GET /mails'], { query: filters }),
    placeholderData: keepPreviousData,
  });

  return (
    <AdminPage
      title="メール"
      aside={
        <span className="adm-muted">
          送信キュー（outbox）の状態。予約のメールは「再送」で同じ内容をもう一度送れます。
        </span>
      }
    >
      <output className="adm-status-line" aria-live="polite">
        {message && <span className="adm-success">{message}</span>}
      </output>
      <ResendMailDialog
        rsvno={resending?.rsvno ?? ''}
        mail={resending}
        open={resending !== null}
        onClose={() => setResending(null)}
        onDone={(text) => {
          setResending(null);
          setMessage(text);
        }}
      />
      <form
        className="adm-filters adm-filters-inline"
        onSubmit={submit}
        key={params.toString()}
        aria-label="メールの絞り込み"
      >
        <FilterSelect label="状態" name="status" value={status ?? ''} options={STATUS_FILTER} />
        <label>
          予約番号
          <input name="rsvno" defaultValue={rsvno ?? ''} autoComplete="off" />
        </label>
        <button type="submit" className="adm-primary">
          絞り込む
        </button>
        <Link to="/admin/mails">条件をクリア</Link>
      </form>
      <PagedTable query={result} caption="送信キューのメール" columns={columns} empty="該当するメールはありません。" />
    </AdminPage>
  );
}
