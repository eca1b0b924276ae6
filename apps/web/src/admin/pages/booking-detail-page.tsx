import {
  type AdminMail,
  type BookingDetail,
  PAYMENT_STATUS_LABEL,
  PROVIDER_CALL_KIND_LABEL,
  PROVIDER_CALL_STATE_LABEL,
  REFUND_REASON_LABEL,
} from '@tabi/contract/admin-bookings';
import {
  AGE_CLASS_LABEL,
  ageClassFromCode,
  ExternalCode,
  GENDER_LABEL,
  type GenderCode,
  RENTAL_TYPE_LABEL,
  type RentalTypeCode,
} from '@tabi/contract/constants';
import { ageOn, daysBetween } from '@tabi/contract/dates';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  CancelDialog,
  ConfirmRequestDialog,
  DeclineRequestDialog,
  NoteDialog,
  ParticipantsDialog,
  ReconcileDialog,
  RentalsDialog,
  ResendMailDialog,
} from '../components/booking-dialogs.tsx';
import { BookingHistory } from '../components/booking-history.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { useBookingDetail } from '../lib/booking-api.ts';
import { slashDate, tokyoDateTime, yen } from '../lib/format.ts';
import { useAdminPage } from '../lib/use-page.ts';
import { MAIL_KIND_LABEL, MAIL_STATUS_LABEL } from './mails-page.tsx';

type Dialog = 'confirm' | 'decline' | 'cancel' | 'participants' | 'rentals' | 'note' | 'reconcile' | 'resend';

function Card({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="adm-card" aria-labelledby={id}>
      <header className="adm-card-head">
        <h2 id={id}>{title}</h2>
        {aside}
      </header>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="adm-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Summary({ d }: { d: BookingDetail }) {
  const b = d.booking;
  const option = b.optionList[0];
  const days = daysBetween(b.fromdate, b.todate) + 1;
  const rows: [string, ReactNode][] = [
    ['予約番号', <strong key="r">{b.rsvno}</strong>],
    [
      'ステータス',
      <span key="s" className={`adm-status adm-status-${b.status}`}>
        {d.statusLabel}
      </span>,
    ],
    ['商品', option ? `${option.opcd} ${option.webname}` : '—'],
    ['利用日', `${slashDate(b.fromdate)}${b.todate !== b.fromdate ? ` 〜 ${slashDate(b.todate)}` : ''}（${days}日間）`],
    ['受付日時', tokyoDateTime(b.rsvdate)],
    ['申込者', `${b.sei} ${b.mei}`],
    ['電話番号', d.tel],
    ['メールアドレス', b.mail],
    ['参加人数', `${b.memberList.length}名`],
  ];
  if (b.meetpoint) rows.push(['集合場所', b.meetpoint]);
  if (b.payment_deadline_date) rows.push(['お支払い期限', tokyoDateTime(b.payment_deadline_date)]);
  if (d.canceledAt) {
    rows.push([
      'キャンセル',
      `${tokyoDateTime(d.canceledAt)}（${d.cancelReason === 'staff' ? 'スタッフ' : d.cancelReason === 'customer' ? 'お客様' : d.cancelReason === 'declined' ? 'お断り' : d.cancelReason === 'expired' ? '期限切れ' : (d.cancelReason ?? '—')}）` +
        (d.cancelFee !== null ? ` キャンセル料 ${yen(d.cancelFee)}・返金 ${yen(d.refundAmount ?? 0)}` : ''),
    ]);
  }
  if (d.md) rows.push(['流入元（md）', d.md]);
  return <Facts rows={rows} />;
}

function Cost({ d }: { d: BookingDetail }) {
  const lines = d.booking.optionList.flatMap((o) => [
    ...(o.paxadultqty > 0 ? [[`大人 ${yen(o.adultbaika)} × ${o.paxadultqty}名`, o.adultbaika * o.paxadultqty]] : []),
    ...((o.paxmiddleqty ?? 0) > 0
      ? [[`中人 ${yen(o.middlebaika ?? 0)} × ${o.paxmiddleqty}名`, (o.middlebaika ?? 0) * (o.paxmiddleqty ?? 0)]]
      : []),
    ...(o.paxchildqty > 0 ? [[`小人 ${yen(o.childbaika)} × ${o.paxchildqty}名`, o.childbaika * o.paxchildqty]] : []),
    ...((o.paxinfantqty ?? 0) > 0
      ? [[`幼児 ${yen(o.infantbaika ?? 0)} × ${o.paxinfantqty}名`, (o.infantbaika ?? 0) * (o.paxinfantqty ?? 0)]]
      : []),
  ]) as [string, number][];
  return (
    <table className="adm-table adm-cost">
      <caption className="visually-hidden">料金</caption>
      <tbody>
        {lines.map(([label, amount]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className="num">{yen(amount)}</td>
          </tr>
        ))}
        <tr className="adm-total">
          <th scope="row">合計（税込）</th>
          <td className="num">{yen(d.booking.amountjp)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function Participants({ d }: { d: BookingDetail }) {
  const b = d.booking;
  const passport = b.memberList.some((m) => m.extended_datas.extended_participant_fields.passport_number);
  const vegetarian = d.option.extendedFields.includes('vegetarian_meals');
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <caption className="visually-hidden">参加者</caption>
        <thead>
          <tr>
            <th scope="col">No.</th>
            <th scope="col">区分</th>
            <th scope="col">氏名</th>
            <th scope="col">生年月日</th>
            <th scope="col" className="num">
              年齢（利用日）
            </th>
            <th scope="col">性別</th>
            <th scope="col">国籍</th>
            {passport && <th scope="col">パスポート番号</th>}
            {vegetarian && <th scope="col">ベジタリアン</th>}
          </tr>
        </thead>
        <tbody>
          {b.memberList.map((m) => {
            const ageClass = ageClassFromCode(m.ageclass);
            const fields = m.extended_datas.extended_participant_fields;
            return (
              <tr key={m.seq}>
                <td className="num">{m.seq}</td>
                <td>{ageClass ? AGE_CLASS_LABEL[ageClass] : m.ageclass}</td>
                <td>
                  {m.sei} {m.mei}
                </td>
                <td>{slashDate(m.birthday)}</td>
                <td className="num">{ageOn(m.birthday, b.fromdate)}歳</td>
                <td>{GENDER_LABEL[m.sex as GenderCode] ?? m.sex}</td>
                <td>{m.nationality_nm || '—'}</td>
                {passport && <td>{fields.passport_number ?? '—'}</td>}
                {vegetarian && <td>{fields.vegetarian_meals ? '希望する' : '希望しない'}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Rentals({ d }: { d: BookingDetail }) {
  const b = d.booking;
  if (b.rentskiList.length === 0) return <p className="adm-empty">レンタルの登録はありません。</p>;
  return (
    <table className="adm-table">
      <caption className="visually-hidden">レンタル</caption>
      <thead>
        <tr>
          <th scope="col">参加者</th>
          <th scope="col">レンタル</th>
          <th scope="col">ブーツ</th>
          <th scope="col">ウェア</th>
        </tr>
      </thead>
      <tbody>
        {b.rentskiList.map((r) => {
          const m = b.memberList.find((x) => x.seq === r.seq);
          return (
            <tr key={r.seq}>
              <td>
                {r.seq}. {m ? `${m.sei} ${m.mei}` : ''}
              </td>
              <td>{r.model ? (RENTAL_TYPE_LABEL[r.model as RentalTypeCode] ?? r.model) : '—'}</td>
              <td>{r.boots_size || '—'}</td>
              <td>{r.wear_size || '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Guidance({ d }: { d: BookingDetail }) {
  const rows: [string, ReactNode][] = [];
  for (const o of d.booking.optionList) {
    if (o.serviceno) rows.push(['便名・サービス番号', o.serviceno]);
    if (o.departure_point) rows.push(['出発', `${o.departure_point} ${o.departure_time ?? ''}`]);
    if (o.arrival_point) rows.push(['到着', `${o.arrival_point} ${o.arrival_time ?? ''}`]);
    if (o.ex_cd === ExternalCode.jr) {
      rows.push(['JR 予約番号', o.ex_rsvno ?? '—'], ['JR 確認番号', o.ex_confirmno ?? '—']);
      if (o.ex_issue_method) rows.push(['発券方法', o.ex_issue_method]);
    }
    if (o.ex_cd === ExternalCode.dj) rows.push(['DJ ログイン番号', `${o.ex_rsvno ?? '—'} ${o.ex_url ?? ''}`]);
    if (o.ex_cd === ExternalCode.linktivity) rows.push(['チケットURL', o.ticket_url ?? '—']);
    if (o.companyname) rows.push(['施設', `${o.companyname}（${o.tel}）`]);
  }
  if (rows.length === 0) return null;
  return (
    <Card id="sec-guide" title="ご利用案内・施設">
      <Facts rows={rows} />
    </Card>
  );
}

function Money({ d }: { d: BookingDetail }) {
  return (
    <>
      <h3>決済</h3>
      {d.payments.length === 0 ? (
        <p className="adm-empty">決済の記録はありません。</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <caption className="visually-hidden">決済</caption>
            <thead>
              <tr>
                <th scope="col">作成日時</th>
                <th scope="col">決済代行</th>
                <th scope="col">状態</th>
                <th scope="col" className="num">
                  金額
                </th>
                <th scope="col" className="num">
                  返金済み
                </th>
                <th scope="col">決済日時</th>
                <th scope="col">決済ID</th>
              </tr>
            </thead>
            <tbody>
              {d.payments.map((p) => (
                <tr key={p.id}>
                  <td>{tokyoDateTime(p.createdAt)}</td>
                  <td>{p.provider}</td>
                  <td>{PAYMENT_STATUS_LABEL[p.status] ?? p.status}</td>
                  <td className="num">{yen(p.amount)}</td>
                  <td className="num">{yen(p.refundedAmount)}</td>
                  <td>{tokyoDateTime(p.paidAt)}</td>
                  <td className="wrap-any">
                    <code>{p.chargeId ?? p.checkoutSessionId}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>返金・決済代行への処理</h3>
      {d.providerCalls.length === 0 ? (
        <p className="adm-empty">決済代行への処理はありません。</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <caption className="visually-hidden">返金・決済代行への処理</caption>
            <thead>
              <tr>
                <th scope="col">日時</th>
                <th scope="col">種類</th>
                <th scope="col">理由</th>
                <th scope="col" className="num">
                  金額
                </th>
                <th scope="col">状態</th>
                <th scope="col" className="num">
                  試行
                </th>
                <th scope="col">完了日時</th>
                <th scope="col">エラー</th>
              </tr>
            </thead>
            <tbody>
              {d.providerCalls.map((c) => (
                <tr key={c.id} className={c.stuck ? 'adm-row-alert' : undefined}>
                  <td>{tokyoDateTime(c.createdAt)}</td>
                  <td>{PROVIDER_CALL_KIND_LABEL[c.kind] ?? c.kind}</td>
                  <td>{c.reason ? (REFUND_REASON_LABEL[c.reason] ?? c.reason) : '—'}</td>
                  <td className="num">{yen(c.amount)}</td>
                  <td>
                    <span className={c.stuck ? 'adm-status adm-status-4' : 'adm-status'}>
                      {PROVIDER_CALL_STATE_LABEL[c.state] ?? c.state}
                    </span>
                  </td>
                  <td className="num">{c.attempts}</td>
                  <td>{tokyoDateTime(c.doneAt)}</td>
                  <td className="wrap adm-error-text">{c.lastError ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Mails({ d, onResend }: { d: BookingDetail; onResend: (mail: AdminMail) => void }) {
  if (d.mails.length === 0) return <p className="adm-empty">送信したメールはありません。</p>;
  return (
    <ul className="adm-mails">
      {d.mails.map((m) => (
        <li key={m.id}>
          <details>
            <summary>
              <span className="adm-mail-subject">{m.subject}</span>
              <span className="adm-muted">
                {MAIL_KIND_LABEL[m.kind] ?? m.kind}・{m.to}・{tokyoDateTime(m.createdAt)}・
                {MAIL_STATUS_LABEL[m.status] ?? m.status}
                {m.lastError ? `（${m.lastError}）` : ''}
              </span>
            </summary>
            <pre className="adm-mail-body">{m.body}</pre>
          </details>
          {d.actions.resendMail && (
            <button type="button" onClick={() => onResend(m)} aria-label={`「${m.subject}」を再送`}>
              再送
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** 予約詳細: the booking as my page shows it, its money, mails and history, and the actions its state allows. */
export function BookingDetailPage() {
  const { pathname } = useLocation();
  const rsvno = decodeURIComponent(pathname.replace(/^\/admin\/bookings\//, '').replace(/\/+$/, ''));
  const heading = useAdminPage(`予約詳細 ${rsvno}`);
  const query = useBookingDetail(rsvno);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [mail, setMail] = useState<AdminMail | null>(null);
  const [message, setMessage] = useState('');
  const d = query.data;
  const close = () => setDialog(null);
  const done = (text: string) => {
    setDialog(null);
    setMessage(text);
    // The button that opened the dialog may be gone (an action the state no longer allows): start at the heading.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
    });
  };
  const a = d?.actions;
  const stuck = d?.providerCalls.filter((c) => c.stuck).length ?? 0;

  return (
    <section className="adm-page">
      <div className="adm-page-head">
        <h1 ref={heading} tabIndex={-1}>
          予約詳細 {rsvno}
        </h1>
        <Link to="/admin/bookings">予約一覧へ</Link>
      </div>
      <output className="adm-status-line" aria-live="polite">
        {message && <span className="adm-success">{message}</span>}
      </output>
      {query.isPending && <Loading />}
      <QueryError error={query.error} />
      {d && a && (
        <>
          <div className="adm-toolbar" role="toolbar" aria-label="この予約の操作">
            {a.confirm && (
              <button type="button" className="adm-primary" onClick={() => setDialog('confirm')}>
                リクエストを確定
              </button>
            )}
            {a.decline && (
              <button type="button" onClick={() => setDialog('decline')}>
                リクエストをお断り
              </button>
            )}
            {a.cancel && (
              <button type="button" className="adm-danger-outline" onClick={() => setDialog('cancel')}>
                お客様に代わってキャンセル
              </button>
            )}
            {a.editParticipants && (
              <button type="button" onClick={() => setDialog('participants')}>
                参加者を修正
              </button>
            )}
            {a.editRentals && (
              <button type="button" onClick={() => setDialog('rentals')}>
                レンタルを変更
              </button>
            )}
            {a.note && (
              <button type="button" onClick={() => setDialog('note')}>
                社内メモを追加
              </button>
            )}
            {a.reconcile && (
              <button type="button" onClick={() => setDialog('reconcile')}>
                今すぐ照合
              </button>
            )}
          </div>
          {stuck > 0 && (
            <p className="adm-alert" role="alert">
              照合できなかった決済処理が{stuck}件あります（下の「返金・決済代行への処理」を確認してください）。
            </p>
          )}
          <div className="adm-detail-grid">
            <Card id="sec-summary" title="予約内容">
              <Summary d={d} />
            </Card>
            <div className="adm-stack">
              <Card id="sec-cost" title="料金">
                <Cost d={d} />
              </Card>
              <Guidance d={d} />
            </div>
          </div>
          <Card id="sec-members" title={`参加者（${d.booking.memberList.length}名）`}>
            <Participants d={d} />
          </Card>
          {d.option.rentalcd !== '' && (
            <Card id="sec-rentals" title="レンタル">
              <Rentals d={d} />
            </Card>
          )}
          <Card id="sec-money" title="決済・返金">
            <Money d={d} />
          </Card>
          <Card
            id="sec-mails"
            title={`送信したメール（${d.mails.length}通）`}
            aside={<Link to={`/admin/mails?rsvno=${d.booking.rsvno}`}>メール一覧で見る</Link>}
          >
            <Mails
              d={d}
              onResend={(m) => {
                setMail(m);
                setDialog('resend');
              }}
            />
          </Card>
          <Card id="sec-history" title="履歴">
            <BookingHistory events={d.events} />
          </Card>

          <div key={d.events.length}>
            <ConfirmRequestDialog detail={d} open={dialog === 'confirm'} onClose={close} onDone={done} />
            <DeclineRequestDialog detail={d} open={dialog === 'decline'} onClose={close} onDone={done} />
            <CancelDialog detail={d} open={dialog === 'cancel'} onClose={close} onDone={done} />
            <ParticipantsDialog detail={d} open={dialog === 'participants'} onClose={close} onDone={done} />
            {d.option.rentalcd !== '' && (
              <RentalsDialog detail={d} open={dialog === 'rentals'} onClose={close} onDone={done} />
            )}
            <NoteDialog detail={d} open={dialog === 'note'} onClose={close} onDone={done} />
            <ReconcileDialog detail={d} open={dialog === 'reconcile'} onClose={close} onDone={done} />
            <ResendMailDialog
              rsvno={d.booking.rsvno}
              mail={mail}
              open={dialog === 'resend'}
              onClose={close}
              onDone={done}
            />
          </div>
        </>
      )}
    </section>
  );
}
