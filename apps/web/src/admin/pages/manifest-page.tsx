import { optionChoicesResponse } from '@tabi/contract/admin';
import type { ManifestOption, ManifestQuery, ManifestRow } from '@tabi/contract/admin-bookings';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading, QueryError } from '../components/query-state.tsx';
import { adminGet, adminUrl } from '../lib/admin-api.ts';
import { useManifest } from '../lib/booking-api.ts';
import { inputToYmd, slashDate, tokyoDateTime, ymdToInput } from '../lib/format.ts';
import { useAdminPage } from '../lib/use-page.ts';

function OptionTable({ option, rows }: { option: ManifestOption; rows: ManifestRow[] }) {
  const rental = option.rentalcd !== '';
  const id = `manifest-${option.opcd}`;
  return (
    <section className="adm-manifest-group" aria-labelledby={id}>
      <h2 id={id}>
        <span className="adm-code">{option.opcd}</span> {option.webname}
        <span className="adm-muted">
          {' '}
          {option.bookings}件・{option.participants}名
        </span>
      </h2>
      <div className="adm-table-wrap">
        <table className="adm-table adm-manifest-table">
          <caption className="visually-hidden">{`${option.webname}の参加者`}</caption>
          <thead>
            <tr>
              <th scope="col">予約番号</th>
              <th scope="col">状態</th>
              <th scope="col" className="num">
                No.
              </th>
              <th scope="col">氏名</th>
              <th scope="col">区分</th>
              <th scope="col" className="num">
                年齢
              </th>
              <th scope="col">性別</th>
              <th scope="col">国籍</th>
              {option.passport && <th scope="col">パスポート番号</th>}
              {option.vegetarian && <th scope="col">ベジタリアン</th>}
              {rental && <th scope="col">レンタル</th>}
              {rental && <th scope="col">ブーツ</th>}
              {rental && <th scope="col">ウェア</th>}
              <th scope="col">申込者</th>
              <th scope="col">電話番号</th>
              <th scope="col" className="adm-print-only">
                確認
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.rsvno}-${r.seq}`} className={r.seq === 1 ? 'adm-first-of-booking' : undefined}>
                <td>
                  <Link to={`/admin/bookings/${r.rsvno}`}>{r.rsvno}</Link>
                </td>
                <td>{r.statusLabel}</td>
                <td className="num">{r.seq}</td>
                <td>
                  {r.sei} {r.mei}
                </td>
                <td>{r.ageClass}</td>
                <td className="num">{r.age}歳</td>
                <td>{r.sex}</td>
                <td>{r.nationality || '—'}</td>
                {option.passport && <td>{r.passportNumber || '—'}</td>}
                {option.vegetarian && <td>{r.vegetarian ? '希望' : '—'}</td>}
                {rental && <td>{r.rentalModel || '—'}</td>}
                {rental && <td>{r.bootsSize || '—'}</td>}
                {rental && <td>{r.wearSize || '—'}</td>}
                <td>{r.seq === 1 ? r.applicant : ''}</td>
                <td>{r.seq === 1 ? r.tel : ''}</td>
                <td className="adm-print-only adm-tick" aria-hidden="true">
                  □
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * 参加者名簿: who travels on one day (one option or all; tomorrow by default), for the guide's clipboard. The
 * filters live in the URL; 印刷 prints it on A4 without the console's chrome; the CSV has the same rows.
 */
export function ManifestPage() {
  const heading = useAdminPage('参加者名簿');
  const [params, setParams] = useSearchParams();
  const query: ManifestQuery = {};
  const date = params.get('date');
  if (date) query.date = date;
  const opcd = params.get('opcd');
  if (opcd) query.opcd = opcd;
  const result = useManifest(query);
  const options = useQuery({
    queryKey: ['admin', 'options'],
    queryFn: () => adminGet('/options', optionChoicesResponse),
    staleTime: 10 * 60_000,
  });
  const m = result.data;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const day = inputToYmd(String(data.get('date') ?? ''));
    if (day) next.set('date', day);
    const option = String(data.get('opcd') ?? '');
    if (option) next.set('opcd', option);
    setParams(next);
  }

  const total = m?.rows.length ?? 0;
  const bookings = new Set(m?.rows.map((r) => r.rsvno)).size;
  return (
    <section className="adm-page adm-manifest">
      <div className="adm-page-head">
        <h1 ref={heading} tabIndex={-1}>
          参加者名簿{m ? ` ${slashDate(m.date)}` : ''}
        </h1>
        {m && (
          <div className="adm-head-actions adm-no-print">
            <button type="button" onClick={() => window.print()}>
              印刷
            </button>
            <a
              className="adm-button"
              href={adminUrl('/manifest.csv', { date: m.date, opcd: m.opcd ?? undefined })}
              download
            >
              CSVダウンロード
            </a>
          </div>
        )}
      </div>
      <form
        className="adm-filters adm-filters-inline adm-no-print"
        onSubmit={submit}
        key={params.toString() + (m?.date ?? '')}
        aria-label="参加者名簿の条件"
      >
        <label>
          利用日
          <input name="date" type="date" defaultValue={ymdToInput(m?.date ?? date ?? '')} required />
        </label>
        <label>
          商品
          <select name="opcd" defaultValue={opcd ?? ''}>
            <option value="">この日のすべての商品</option>
            {options.data?.map((o) => (
              <option key={o.opcd} value={o.opcd}>
                {o.opcd} {o.webname}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="adm-primary">
          表示
        </button>
        <Link to="/admin/manifest">明日に戻す</Link>
      </form>
      <QueryError error={result.error} />
      {result.isPending && <Loading />}
      {m && (
        <>
          <p className="adm-manifest-summary">
            {slashDate(m.date)}・{m.options.length}商品・予約{bookings}件・参加者{total}名
            <span className="adm-muted">（キャンセル済みを除く）</span>
            <span className="adm-print-only"> 印刷：{tokyoDateTime(new Date().toISOString())}</span>
          </p>
          {m.options.length === 0 ? (
            <p className="adm-empty">この日の参加者はいません。</p>
          ) : (
            m.options.map((o) => <OptionTable key={o.opcd} option={o} rows={m.rows.filter((r) => r.opcd === o.opcd)} />)
          )}
        </>
      )}
    </section>
  );
}
