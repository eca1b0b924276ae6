import type { BookingDetail, BookingResource, ReassignResourceRequest } from '@tabi/contract/admin-bookings';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { RESOURCE_KIND_LABEL } from '@tabi/contract/resources';
import { type FormEvent, useId, useState } from 'react';
import { adminCall } from '../lib/admin-api.ts';
import { useConsoleAction } from '../lib/booking-api.ts';

/** A day (YYYY-MM-DD) and its departure as the section shows them. */
function whenOf(r: BookingResource): string {
  const day = r.usedate.replaceAll('-', '/');
  return r.startTime ? `${day} ${r.startTime}` : `${day}（終日）`;
}

const rowKey = (r: BookingResource) => `${r.resourceId}-${r.usedate}-${r.startTime}`;

/** A member of the pool as the select offers it: its room that day, a full one shown but not chosen. */
function roomText(o: BookingResource['others'][number], units: number): string {
  const room = `残り${Math.max(0, o.left)}／${o.capacity}`;
  return o.left >= units ? `${o.name}（${room}）` : `${o.name}（${room}・空きなし）`;
}

/**
 * 割り当てを変更 of one pooled resource: the pool's other members with their room that day, and the button. The
 * server decides (its room is read under the resources' locks); its refusal is said here, below the select. Used by
 * 予約詳細 and by リソース's day list.
 */
export function ReassignForm({
  rsvno,
  resource,
  onDone,
}: {
  rsvno: string;
  resource: BookingResource;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState('');
  const action = useConsoleAction(
    (body: ReassignResourceRequest) =>
      adminCall(CONSOLE['POST /bookings/{rsvno}/resources/reassign'], { params: { rsvno }, body }),
    (result) => onDone(`リソースの割り当てを「${result.from}」から「${result.to}」に変更しました。`),
  );
  const error = problem || (action.error ? action.error.errMsg : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (to === '') {
      setProblem('割り当て先を選択してください。');
      return;
    }
    setProblem('');
    action.mutate({ from: resource.resourceId, to: Number(to) });
  };
  return (
    <form
      className="adm-inline-form"
      aria-label={`${resource.name}（${whenOf(resource)}）の割り当てを変更`}
      onSubmit={submit}
    >
      <label htmlFor={`${id}-to`}>割り当て先</label>
      <select
        id={`${id}-to`}
        value={to}
        onChange={(e) => {
          setTo(e.target.value);
          setProblem('');
          action.reset();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">選択してください</option>
        {resource.others.map((o) => (
          <option key={o.id} value={String(o.id)} disabled={o.left < resource.units}>
            {roomText(o, resource.units)}
          </option>
        ))}
      </select>
      <button type="submit" disabled={action.isPending} aria-busy={action.isPending || undefined}>
        {action.isPending ? '変更中…' : '割り当てを変更'}
      </button>
      {error && (
        <p id={`${id}-error`} className="adm-error-text" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * 予約詳細's リソース: the boats, guides and rental equipment the booking takes units of, by day and departure. A
 * resource of a pool may be moved to another member with room (ADR 0209) while the booking holds its seats; the
 * booking and its history are loaded again once the server has moved it.
 */
export function BookingResources({ detail, onDone }: { detail: BookingDetail; onDone: (message: string) => void }) {
  const rows = detail.resources;
  if (rows.length === 0) return <p className="adm-empty">この予約が使うリソースはありません。</p>;
  const editable = detail.actions.reassignResources;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <caption className="visually-hidden">この予約が使うリソース</caption>
        <thead>
          <tr>
            <th scope="col">リソース</th>
            <th scope="col">種類</th>
            <th scope="col">プール</th>
            <th scope="col">日付・便</th>
            <th scope="col" className="num">
              使用数
            </th>
            <th scope="col">割り当ての変更</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              <th scope="row">{r.name}</th>
              <td>{RESOURCE_KIND_LABEL[r.kind]}</td>
              <td>{r.pool ?? '—'}</td>
              <td>{whenOf(r)}</td>
              <td className="num">{r.units}</td>
              <td>
                {r.pool === null ? (
                  <span className="adm-muted">—（プールなし）</span>
                ) : !editable ? (
                  <span className="adm-muted">キャンセル・期限切れのため変更できません</span>
                ) : r.others.length === 0 ? (
                  <span className="adm-muted">同じプールにほかのリソースはありません</span>
                ) : (
                  <ReassignForm rsvno={detail.booking.rsvno} resource={r} onDone={onDone} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
