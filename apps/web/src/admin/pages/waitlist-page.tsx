import { CONSOLE } from '@tabi/contract/console-endpoints';
import { WAITLIST_STATE_LABEL, type WaitlistConsoleDay, type WaitlistConsoleEntry } from '@tabi/contract/waitlist';
import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import { bookingCell, NUM } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { FilterSelect, useFilterSubmit } from '../components/filters.tsx';
import { AdminPage } from '../components/page.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { inputToYmd, slashDate, tokyoDateTime, ymdToInput } from '../lib/format.ts';

const column = createColumnHelper<WaitlistConsoleEntry>();
const columns = [
  column.display({ id: 'order', header: '順番', meta: NUM, cell: (c) => c.row.index + 1 }),
  column.accessor('party', { header: '人数', meta: NUM, cell: (c) => `${c.getValue()}名` }),
  column.accessor('state', {
    header: '状態',
    cell: (c) => {
      const e = c.row.original;
      const label = WAITLIST_STATE_LABEL[c.getValue()];
      // A waiting entry that was passed over once collects the seats that come back (ADR 0167).
      return e.state === 'waiting' && e.held > 0 ? `${label}（${e.held}席確保済み）` : label;
    },
  }),
  column.accessor('held', { header: '確保席', meta: NUM }),
  column.accessor('mail', { header: 'メールアドレス' }),
  column.accessor('created_at', { header: '登録日時', cell: (c) => tokyoDateTime(c.getValue()) }),
  column.accessor('offer_expires_at', {
    header: '確保期限',
    cell: (c) => {
      const value = c.getValue();
      return value && c.row.original.state === 'offered' ? tokyoDateTime(value) : '—';
    },
  }),
  column.accessor('rsvno', {
    header: '予約番号',
    cell: bookingCell,
  }),
] as ColumnDef<WaitlistConsoleEntry, unknown>[];

function Day({ day }: { day: WaitlistConsoleDay }) {
  const id = `waitlist-${day.opcd}-${day.usedate}`;
  return (
    <section className="adm-manifest-group" aria-labelledby={id}>
      <h2 id={id}>
        {slashDate(day.usedate)} {day.webname}
        <span className="adm-muted">
          {' '}
          （{day.opcd}）・残席{day.zaikozan}・{day.entries.length}件
        </span>
      </h2>
      <DataTable
        caption={`${slashDate(day.usedate)} ${day.webname}のキャンセル待ち`}
        columns={columns}
        data={day.entries}
        rowKey={(e) => String(e.id)}
      />
    </section>
  );
}

/**
 * キャンセル待ち一覧 (ADR 0167): per option and day from a day on (today by default), the entries in the
 * order they are offered seats — party, state, seats held, when they joined and until when an offer holds them.
 */
export function WaitlistPage() {
  const [params] = useSearchParams();
  const submit = useFilterSubmit((key, value) => (key === 'from' ? inputToYmd(value) : value));
  const from = params.get('from') ?? undefined;
  const all = params.get('all') === '1' ? '1' : undefined;
  const result = useQuery({
    queryKey: ['admin', 'waitlist', from, all],
    queryFn: () => adminCall(CONSOLE['GET /waitlist'], { query: { from, all } }),
  });
  const days = result.data?.days;
  return (
    <AdminPage title="キャンセル待ち" heading="キャンセル待ち一覧" className="adm-manifest">
      <form
        className="adm-filters adm-filters-inline"
        onSubmit={submit}
        key={params.toString()}
        aria-label="キャンセル待ちの条件"
      >
        <label>
          利用日（から）
          <input name="from" type="date" defaultValue={ymdToInput(from ?? '')} />
        </label>
        <FilterSelect
          label="対象"
          name="all"
          value={all ?? ''}
          options={[
            { value: '', label: '待機中・ご案内中' },
            { value: '1', label: '終了したものも含める' },
          ]}
        />
        <button type="submit" className="adm-primary">
          表示
        </button>
        <Link to="/admin/waitlist">今日からに戻す</Link>
      </form>
      <p className="adm-muted">
        満席の日に空きが出ると、登録順に人数分のお席を確保してメールでご案内します（確保期限を過ぎると次の方へ）。
      </p>
      <QueryError error={result.error} />
      {result.isPending && <Loading />}
      {days && days.length === 0 && <p className="adm-empty">キャンセル待ちはありません。</p>}
      {days?.map((day) => (
        <Day key={`${day.opcd}-${day.usedate}`} day={day} />
      ))}
    </AdminPage>
  );
}
