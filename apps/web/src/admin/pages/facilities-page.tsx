import { okResponse } from '@tabi/contract/admin';
import { clearLockResult, type FacilityRow, facilityListResponse, usageResponse } from '@tabi/contract/admin-catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../components/field.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { AdminApiError, adminGet, adminPost, adminUrl } from '../lib/admin-api.ts';
import { useAdminPage } from '../lib/use-page.ts';

const listKey = ['admin', 'facilities'] as const;
const thisMonth = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);

/** 施設とクーポン (admin only): PINs, enable/disable, lockouts, and the monthly usage report. */
export function FacilitiesPage() {
  const heading = useAdminPage('施設とクーポン');
  const list = useQuery({ queryKey: listKey, queryFn: () => adminGet('/facilities', facilityListResponse) });
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const say = (ok: string, err = '') => {
    setMessage(ok);
    setError(err);
  };
  return (
    <section className="adm-page">
      <h1 ref={heading} tabIndex={-1}>
        施設とクーポン
      </h1>
      {message && <output className="adm-success">{message}</output>}
      <FormAlert>{error}</FormAlert>
      <QueryError error={list.error} />
      {list.isPending ? (
        <Loading />
      ) : (
        list.data && (
          <div className="adm-table-wrap">
            <table className="adm-table">
              <caption>施設一覧（暗証番号は保存後に表示されません）</caption>
              <thead>
                <tr>
                  <th scope="col">施設</th>
                  <th scope="col">クーポン商品</th>
                  <th scope="col">状態</th>
                  <th scope="col">暗証番号の再設定</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((f) => (
                  <FacilityLine key={f.id} facility={f} say={say} />
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
      <ClearLock say={say} />
      <Usage />
    </section>
  );
}

function FacilityLine({ facility, say }: { facility: FacilityRow; say: (ok: string, err?: string) => void }) {
  const client = useQueryClient();
  const id = useId();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      say(done);
      await client.invalidateQueries({ queryKey: listKey });
    } catch (e) {
      say('', e instanceof AdminApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  async function setPin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const pin = String(new FormData(form).get('pin') ?? '');
    await run(
      () => adminPost(`/facilities/${facility.id}/pin`, { pin }, okResponse),
      `${facility.name}の暗証番号を設定しました。`,
    );
    form.reset();
  }
  return (
    <tr>
      <th scope="row">{facility.name}</th>
      <td className="wrap">{facility.options.map((o) => `${o.opcd} ${o.webname}`).join('、') || '—'}</td>
      <td>
        {facility.disabled ? <span className="adm-status adm-status-4">停止中</span> : '利用可'}{' '}
        <button
          type="button"
          className="adm-button"
          disabled={busy}
          onClick={() =>
            void run(
              () => adminPost(`/facilities/${facility.id}/${facility.disabled ? 'enable' : 'disable'}`, {}, okResponse),
              facility.disabled
                ? `${facility.name}を利用可にしました。`
                : `${facility.name}のクーポン利用を停止しました。`,
            )
          }
        >
          {facility.disabled ? '利用可にする' : '停止する'}
        </button>
      </td>
      <td>
        <form className="adm-inline-form" onSubmit={(e) => void setPin(e)}>
          <label htmlFor={id} className="visually-hidden">
            {facility.name}の新しい暗証番号
          </label>
          <input id={id} name="pin" inputMode="numeric" autoComplete="off" placeholder="4〜8桁" required />
          <button type="submit" className="adm-button" disabled={busy}>
            設定
          </button>
        </form>
      </td>
    </tr>
  );
}

function ClearLock({ say }: { say: (ok: string, err?: string) => void }) {
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rsvno = String(new FormData(event.currentTarget).get('rsvno') ?? '')
      .trim()
      .toUpperCase();
    try {
      const r = await adminPost(`/coupons/${encodeURIComponent(rsvno)}/clear-lock`, {}, clearLockResult);
      say(`${rsvno}のクーポンのロックを解除しました（誤入力${r.cleared}回分）。`);
    } catch (e) {
      say('', e instanceof AdminApiError ? e.message : String(e));
    }
  }
  return (
    <form className="adm-card adm-inline-form" onSubmit={(e) => void submit(e)}>
      <h2>クーポンのロック解除</h2>
      <label htmlFor="lock-rsvno">予約番号</label>
      <input id="lock-rsvno" name="rsvno" required />
      <button type="submit" className="adm-button">
        ロックを解除
      </button>
    </form>
  );
}

function Usage() {
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? (params.get('month') as string) : thisMonth();
  const usage = useQuery({
    queryKey: ['admin', 'facilities', 'usage', month],
    queryFn: () => adminGet('/facilities/usage', usageResponse, { month }),
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
        <a className="adm-button" href={adminUrl('/facilities/usage.csv', { month })}>
          CSVダウンロード
        </a>
      </div>
      <QueryError error={usage.error} />
      {usage.data && (
        <table className="adm-table">
          <caption className="visually-hidden">{month}の施設別利用実績</caption>
          <thead>
            <tr>
              <th scope="col">施設</th>
              <th scope="col" className="num">
                利用回数
              </th>
              <th scope="col" className="num">
                大人
              </th>
              <th scope="col" className="num">
                小人
              </th>
            </tr>
          </thead>
          <tbody>
            {usage.data.rows.map((r) => (
              <tr key={r.facilityId}>
                <th scope="row">{r.name}</th>
                <td className="num">{r.uses}回</td>
                <td className="num">{r.adults}名</td>
                <td className="num">{r.children}名</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
