import { couponRsvnoParams, type FacilityRow, facilityPinRequest, type UsageRow } from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { facilityMailRequest } from '@tabi/contract/operations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Field } from '../../components/form/field.tsx';
import { ActionDialog } from '../components/action-dialog.tsx';
import { countCell, NUM, WRAP } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { AdminPage } from '../components/page.tsx';
import { FormAlert, QueryError, QueryView } from '../components/query-state.tsx';
import { SchemaForm, useSchemaForm } from '../components/schema-form.tsx';
import { Status } from '../components/status.tsx';
import { adminCall, adminUrl, errorText } from '../lib/admin-api.ts';

const listKey = ['admin', 'facilities'] as const;
const thisMonth = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);

type Say = (ok: string, err?: string) => void;

const facilityColumn = createColumnHelper<FacilityRow>();
const facilityColumnsWith = (say: Say) =>
  [
    facilityColumn.accessor('name', { header: '施設', meta: { rowHeader: true } }),
    facilityColumn.accessor('options', {
      header: '商品（クーポン・レンタル）',
      meta: WRAP,
      cell: (c) =>
        c
          .getValue()
          .map((o) => `${o.opcd} ${o.webname}`)
          .join('、') || '—',
    }),
    facilityColumn.display({
      id: 'sizes',
      header: 'サイズ別在庫',
      cell: (c) => (
        <Link to={`/admin/facilities/${c.row.original.id}/sizes`} aria-label={`${c.row.original.name}のサイズ別在庫`}>
          設定する
        </Link>
      ),
    }),
    facilityColumn.accessor('disabled', {
      header: '状態',
      cell: (c) => <FacilityState facility={c.row.original} say={say} />,
    }),
    facilityColumn.accessor('mail', {
      header: 'レンタル準備表の送り先',
      // Drawn anew when the saved address changes, so that the field starts from it.
      cell: (c) => <FacilityMail key={c.row.original.mail ?? ''} facility={c.row.original} say={say} />,
    }),
    facilityColumn.display({
      id: 'pin',
      header: '暗証番号の再設定',
      cell: (c) => <FacilityPin facility={c.row.original} say={say} />,
    }),
  ] as ColumnDef<FacilityRow, unknown>[];

/** 施設とクーポン (admin only): PINs, enable/disable, lockouts, and the monthly usage report. */
export function FacilitiesPage() {
  const list = useQuery({ queryKey: listKey, queryFn: () => adminCall(CONSOLE['GET /facilities']) });
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const say = useCallback<Say>((ok, err = '') => {
    setMessage(ok);
    setError(err);
  }, []);
  const columns = useMemo(() => facilityColumnsWith(say), [say]);
  return (
    <AdminPage title="施設とクーポン">
      {message && <output className="adm-success">{message}</output>}
      <FormAlert>{error}</FormAlert>
      <QueryView query={list}>
        {(rows) => (
          <DataTable
            caption="施設一覧（暗証番号は保存後に表示されません）"
            captionShown
            columns={columns}
            data={rows}
          />
        )}
      </QueryView>
      <ClearLock say={say} />
      <Usage />
    </AdminPage>
  );
}

/** Runs a facility's change: says what was done (or the server's refusal) and reloads the list. */
function useFacilityChange(say: Say) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      say(done);
      await client.invalidateQueries({ queryKey: listKey });
    } catch (e) {
      say('', errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

function FacilityState({ facility, say }: { facility: FacilityRow; say: Say }) {
  const { busy, run } = useFacilityChange(say);
  // Asked for first: stopping turns away every coupon at the facility's counter at once.
  const [asking, setAsking] = useState(false);
  const label = facility.disabled ? '利用可にする' : '停止する';
  return (
    <>
      {facility.disabled ? <Status tone="alarm">停止中</Status> : '利用可'}{' '}
      <button type="button" className="adm-button" disabled={busy} onClick={() => setAsking(true)}>
        {label}
      </button>
      <ActionDialog
        open={asking}
        title={facility.disabled ? 'クーポンの利用を再開する' : 'クーポンの利用を停止する'}
        submitLabel={label}
        danger={!facility.disabled}
        busy={busy}
        onClose={() => setAsking(false)}
        onSubmit={() =>
          void run(
            () =>
              adminCall(
                facility.disabled ? CONSOLE['POST /facilities/{id}/enable'] : CONSOLE['POST /facilities/{id}/disable'],
                { params: { id: facility.id } },
              ),
            facility.disabled
              ? `${facility.name}を利用可にしました。`
              : `${facility.name}のクーポン利用を停止しました。`,
          ).then(() => setAsking(false))
        }
      >
        <p>
          {facility.disabled
            ? `${facility.name}で、再びクーポンをご利用いただけるようにします。`
            : `${facility.name}では、再開するまでクーポンをご利用いただけなくなります。お客様のクーポン画面にもその旨が表示されます。`}
        </p>
      </ActionDialog>
    </>
  );
}

/** A hidden label: the table's row says whose field it is, the screen reader hears it whole. */
const hiddenLabel = (text: string) => <span className="visually-hidden">{text}</span>;

function FacilityPin({ facility, say }: { facility: FacilityRow; say: Say }) {
  const client = useQueryClient();
  const pin = useSchemaForm(facilityPinRequest, {
    defaultValues: { pin: '' },
    async onSubmit(body) {
      say('');
      await adminCall(CONSOLE['POST /facilities/{id}/pin'], { params: { id: facility.id }, body });
      pin.reset({ pin: '' });
      say(`${facility.name}の暗証番号を設定しました。`);
      await client.invalidateQueries({ queryKey: listKey });
    },
  });
  return (
    <SchemaForm form={pin} className="adm-inline-form">
      <Field label={hiddenLabel(`${facility.name}の新しい暗証番号`)} error={pin.form.formState.errors.pin?.message}>
        {(c) => (
          <input {...c} inputMode="numeric" autoComplete="off" placeholder="4〜8桁" {...pin.form.register('pin')} />
        )}
      </Field>
      <button type="submit" className="adm-button" disabled={pin.isSubmitting}>
        設定
      </button>
    </SchemaForm>
  );
}

/** Where the evening-before レンタル準備表 is mailed (ADR 0166); emptied, it is no longer mailed. */
function FacilityMail({ facility, say }: { facility: FacilityRow; say: Say }) {
  const client = useQueryClient();
  const mail = useSchemaForm(facilityMailRequest, {
    defaultValues: { mail: facility.mail ?? '' },
    async onSubmit(body) {
      say('');
      await adminCall(CONSOLE['POST /facilities/{id}/mail'], { params: { id: facility.id }, body });
      say(
        body.mail
          ? `${facility.name}のレンタル準備表の送り先を${body.mail}にしました。`
          : `${facility.name}のレンタル準備表の送り先を削除しました（メールは送られません）。`,
      );
      await client.invalidateQueries({ queryKey: listKey });
    },
  });
  return (
    <SchemaForm form={mail} className="adm-inline-form">
      <Field label={hiddenLabel(`${facility.name}のメールアドレス`)} error={mail.form.formState.errors.mail?.message}>
        {(c) => (
          <input
            {...c}
            type="email"
            autoComplete="off"
            placeholder="なし（送信しない）"
            {...mail.form.register('mail')}
          />
        )}
      </Field>
      <button type="submit" className="adm-button" disabled={mail.isSubmitting}>
        保存
      </button>
    </SchemaForm>
  );
}

/** クーポンのロック解除: the booking's number, read as the server reads it (full-width, lower case, spaces). */
function ClearLock({ say }: { say: Say }) {
  const lock = useSchemaForm(couponRsvnoParams, {
    defaultValues: { rsvno: '' },
    async onSubmit({ rsvno }) {
      say('');
      const r = await adminCall(CONSOLE['POST /coupons/{rsvno}/clear-lock'], { params: { rsvno } });
      say(
        r.cleared > 0
          ? `${rsvno}のクーポンのロックを解除しました（誤入力${r.cleared}回分）。`
          : `${rsvno}のクーポンに暗証番号の誤入力の記録はありません（ロックされていません）。`,
      );
    },
  });
  return (
    <SchemaForm form={lock} className="adm-card adm-inline-form">
      <h2>クーポンのロック解除</h2>
      <Field label="予約番号" id="lock-rsvno" error={lock.form.formState.errors.rsvno?.message}>
        {(c) => <input {...c} {...lock.form.register('rsvno')} />}
      </Field>
      <button type="submit" className="adm-button" disabled={lock.isSubmitting}>
        ロックを解除
      </button>
    </SchemaForm>
  );
}

const usageColumn = createColumnHelper<UsageRow>();
const usageColumns = [
  usageColumn.accessor('name', { header: '施設', meta: { rowHeader: true } }),
  usageColumn.accessor('uses', { header: '利用回数', cell: countCell('回'), meta: NUM }),
  usageColumn.accessor('adults', { header: '大人', cell: countCell('名'), meta: NUM }),
  usageColumn.accessor('children', { header: '小人', cell: countCell('名'), meta: NUM }),
] as ColumnDef<UsageRow, unknown>[];

function Usage() {
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? (params.get('month') as string) : thisMonth();
  const usage = useQuery({
    queryKey: ['admin', 'facilities', 'usage', month],
    queryFn: () => adminCall(CONSOLE['GET /facilities/usage'], { query: { month } }),
  });
  return (
    <section className="adm-card" aria-labelledby="usage-heading">
      <h2 id="usage-heading">利用実績（月別）</h2>
      <div className="adm-inline-form">
        <label htmlFor="usage-month">年月</label>
        <input
          id="usage-month"
          type="month"
          value={month}
          onChange={(e) => e.target.value && setParams({ month: e.target.value })}
        />
        <a className="adm-button" href={adminUrl(CONSOLE['GET /facilities/usage.csv'], { query: { month } })}>
          CSVダウンロード
        </a>
      </div>
      <QueryError error={usage.error} />
      {usage.data && (
        <DataTable
          caption={`${month}の施設別利用実績`}
          columns={usageColumns}
          data={usage.data.rows}
          rowKey={(r) => String(r.facilityId)}
        />
      )}
    </section>
  );
}
