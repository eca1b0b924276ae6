import {
  type AdminMail,
  type BookingDetail,
  CANCEL_REASON_LABEL,
  PAYMENT_METHOD_LABEL,
  PAYMENT_STATUS_LABEL,
  PROVIDER_CALL_KIND_LABEL,
  PROVIDER_CALL_STATE_LABEL,
  REFUND_AWAITING_ACCOUNT_LABEL,
  REFUND_REASON_LABEL,
  REFUND_STATE_LABEL,
  UNNAMED_TRAVELLER,
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
import { isLang } from '@tabi/contract/i18n';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { CancelDialog } from '../components/booking-dialogs/cancel-dialog.tsx';
import { ChangeDepartureDialog } from '../components/booking-dialogs/change-dialog.tsx';
import {
  ConfirmRequestDialog,
  DeclineRequestDialog,
  ReconcileDialog,
} from '../components/booking-dialogs/command-dialogs.tsx';
import { ContactDialog, NoteDialog } from '../components/booking-dialogs/contact-note-dialogs.tsx';
import { ParticipantsDialog } from '../components/booking-dialogs/participants-dialog.tsx';
import { RentalsDialog } from '../components/booking-dialogs/rentals-dialog.tsx';
import { ResendMailDialog } from '../components/booking-dialogs/resend-dialog.tsx';
import { BookingHistory } from '../components/booking-history.tsx';
import { BookingResources } from '../components/booking-resources.tsx';
import { dateCell, dateTimeCell, type FromList, NUM, WRAP, yenCell } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { AdminPage, Card, Facts } from '../components/page.tsx';
import { Loading, QueryError } from '../components/query-state.tsx';
import { ReceiptAction } from '../components/receipt-dialog.tsx';
import { Status } from '../components/status.tsx';
import { useBookingDetail } from '../lib/booking-api.ts';
import { slashDate, tokyoDateTime, yen } from '../lib/format.ts';
import { BOOKING_LANG_LABEL } from '../lib/langs.ts';
import { MAIL_KIND_LABEL, MAIL_STATUS_LABEL } from '../lib/mail-labels.ts';

type Dialog =
  | 'confirm'
  | 'decline'
  | 'cancel'
  | 'participants'
  | 'rentals'
  | 'contact'
  | 'change'
  | 'note'
  | 'reconcile'
  | 'resend';

function Summary({ d }: { d: BookingDetail }) {
  const b = d.booking;
  const days = daysBetween(b.fromdate, b.todate) + 1;
  const rows: [string, ReactNode][] = [
    ['予約番号', <strong key="r">{b.rsvno}</strong>],
    [
      'ステータス',
      <span key="s" className={`adm-status adm-status-${b.status}`}>
        {d.statusLabel}
      </span>,
    ],
    [
      '商品',
      b.optionList.length > 0 ? (
        <ul key="o" className="adm-plain-list">
          {b.optionList.map((o) => (
            <li key={o.opcd}>
              {o.opcd} {o.webname}
            </li>
          ))}
        </ul>
      ) : (
        '—'
      ),
    ],
    ['利用日', `${slashDate(b.fromdate)}${b.todate !== b.fromdate ? ` 〜 ${slashDate(b.todate)}` : ''}（${days}日間）`],
    ['受付日時', tokyoDateTime(b.rsvdate)],
    ['販売チャネル', d.reseller ? `${d.channel}（OCTO経由）` : d.channel],
    ...resellerFacts(d),
    ['申込者', `${b.sei} ${b.mei}`],
    ['電話番号', d.tel],
    ['メールアドレス', b.mail],
    // The booking's language: its mails, and those staff actions send, are in it.
    ['言語', bookingLanguage(d.lang)],
    ['参加人数', `${b.memberList.length}名`],
  ];
  if (b.meetpoint) rows.push(['集合場所', b.meetpoint]);
  if (b.payment_deadline_date) rows.push(['お支払い期限', tokyoDateTime(b.payment_deadline_date)]);
  if (d.canceledAt) {
    rows.push([
      'キャンセル',
      `${tokyoDateTime(d.canceledAt)}（${d.cancelReason ? (CANCEL_REASON_LABEL[d.cancelReason] ?? d.cancelReason) : '—'}）` +
        (d.cancelFee !== null ? ` キャンセル料 ${yen(d.cancelFee)}・返金 ${yen(d.refundAmount ?? 0)}` : ''),
    ]);
  }
  if (d.md) rows.push(['流入元（md）', d.md]);
  return <Facts rows={rows} />;
}

/** A reseller's booking: what the reseller owes and its references, read-only. */
function resellerFacts(d: BookingDetail): [string, ReactNode][] {
  const r = d.reseller;
  if (!r) return [];
  const net = r.netAmount;
  return [
    [
      '代理店の精算額',
      net === null
        ? '—'
        : `${yen(net)}（販売価格 ${yen(d.booking.amountjp)} − 手数料 ${yen(d.booking.amountjp - net)}）`,
    ],
    ['代理店の予約番号', r.resellerReference ?? '—'],
    ['OCTO予約ID（UUID）', r.uuid ? <code key="uuid">{r.uuid}</code> : '—'],
  ];
}

/** The price lines: per option (under its name when the booking holds several) each age class's price × travellers. */
function Cost({ d }: { d: BookingDetail }) {
  const several = d.booking.optionList.length > 1;
  return (
    <table className="adm-table adm-cost">
      <caption className="visually-hidden">料金</caption>
      {d.booking.optionList.map((o) => {
        const classes: [string, number, number][] = [
          ['大人', o.adultbaika, o.paxadultqty],
          ['中人', o.middlebaika ?? 0, o.paxmiddleqty ?? 0],
          ['小人', o.childbaika, o.paxchildqty],
          ['幼児', o.infantbaika ?? 0, o.paxinfantqty ?? 0],
        ];
        return (
          <tbody key={o.opcd}>
            {several && (
              <tr>
                <th scope="colgroup" colSpan={2} className="adm-cost-option">
                  {o.opcd} {o.webname}
                </th>
              </tr>
            )}
            {classes
              .filter(([, , qty]) => qty > 0)
              .map(([label, price, qty]) => (
                <tr key={label}>
                  <th scope="row">
                    {label} {yen(price)} × {qty}名
                  </th>
                  <td className="num">{yen(price * qty)}</td>
                </tr>
              ))}
          </tbody>
        );
      })}
      <tbody>
        {d.booking.discount && (
          <tr>
            <th scope="row">割引コード「{d.booking.discount.code}」</th>
            <td className="num">−{yen(d.booking.discount.discount)}</td>
          </tr>
        )}
        <tr className="adm-total">
          <th scope="row">合計（税込）</th>
          <td className="num">{yen(d.booking.amountjp)}</td>
        </tr>
      </tbody>
    </table>
  );
}

type Member = BookingDetail['booking']['memberList'][number];
const memberColumn = createColumnHelper<Member>();
const fieldsOf = (m: Member) => m.extended_datas.extended_participant_fields;

function Participants({ d }: { d: BookingDetail }) {
  const b = d.booking;
  const erased = d.events.some((e) => e.action === 'personal_data_erased');
  const passport = b.memberList.some((m) => fieldsOf(m).passport_number);
  const vegetarian = d.option.extendedFields.includes('vegetarian_meals');
  const columns = [
    memberColumn.accessor('seq', { header: 'No.', meta: NUM }),
    memberColumn.accessor('ageclass', {
      header: '区分',
      cell: (c) => {
        const ageClass = ageClassFromCode(c.getValue());
        return ageClass ? AGE_CLASS_LABEL[ageClass] : c.getValue();
      },
    }),
    // A reseller may book before naming its travellers: 未登録 until staff or the reseller fill them in.
    memberColumn.accessor('sei', {
      header: '氏名',
      cell: (c) => `${c.getValue()} ${c.row.original.mei}`.trim() || UNNAMED_TRAVELLER,
    }),
    // Empty: erased after the stay, or never given by a reseller; the age cannot be told.
    memberColumn.accessor('birthday', {
      header: '生年月日',
      cell: (c) => (c.getValue() ? dateCell(c) : erased ? '消去済み' : UNNAMED_TRAVELLER),
    }),
    memberColumn.display({
      id: 'age',
      header: '年齢（利用日）',
      meta: NUM,
      cell: (c) => (c.row.original.birthday ? `${ageOn(c.row.original.birthday, b.fromdate)}歳` : '—'),
    }),
    memberColumn.accessor('sex', {
      header: '性別',
      cell: (c) => GENDER_LABEL[c.getValue() as GenderCode] ?? c.getValue(),
    }),
    memberColumn.accessor('nationality_nm', { header: '国籍', cell: (c) => c.getValue() || '—' }),
    ...(passport
      ? [
          memberColumn.display({
            id: 'passport',
            header: 'パスポート番号',
            cell: (c) => fieldsOf(c.row.original).passport_number ?? '—',
          }),
        ]
      : []),
    ...(vegetarian
      ? [
          memberColumn.display({
            id: 'vegetarian',
            header: 'ベジタリアン',
            cell: (c) => (fieldsOf(c.row.original).vegetarian_meals ? '希望する' : '希望しない'),
          }),
        ]
      : []),
  ] as ColumnDef<Member, unknown>[];
  return <DataTable caption="参加者" columns={columns} data={b.memberList} rowKey={(m) => String(m.seq)} />;
}

type Rental = BookingDetail['booking']['rentskiList'][number];
const rentalColumn = createColumnHelper<Rental>();

function Rentals({ d }: { d: BookingDetail }) {
  const b = d.booking;
  const columns = [
    rentalColumn.accessor('seq', {
      header: '参加者',
      cell: (c) => {
        const m = b.memberList.find((x) => x.seq === c.getValue());
        return `${c.getValue()}. ${m ? `${m.sei} ${m.mei}` : ''}`;
      },
    }),
    rentalColumn.accessor('model', {
      header: 'レンタル',
      cell: (c) => (c.getValue() ? (RENTAL_TYPE_LABEL[c.getValue() as RentalTypeCode] ?? c.getValue()) : '—'),
    }),
    rentalColumn.accessor('boots_size', { header: 'ブーツ', cell: (c) => c.getValue() || '—' }),
    rentalColumn.accessor('wear_size', { header: 'ウェア', cell: (c) => c.getValue() || '—' }),
  ] as ColumnDef<Rental, unknown>[];
  return (
    <DataTable
      caption="レンタル"
      columns={columns}
      data={b.rentskiList}
      rowKey={(r) => String(r.seq)}
      empty="レンタルの登録はありません。"
      emptyAsText
    />
  );
}

function Guidance({ d }: { d: BookingDetail }) {
  const rows: [string, ReactNode][] = [];
  for (const o of d.booking.optionList) {
    if (o.serviceno) rows.push(['便名・サービス番号', o.serviceno]);
    if (o.departure_point) rows.push(['出発', `${o.departure_point} ${o.departure_time ?? ''}`]);
    if (o.arrival_point) rows.push(['到着', `${o.arrival_point} ${o.arrival_time ?? ''}`]);
    if (o.ex_cd === ExternalCode.jr) {
      rows.push(['JR 発券番号', o.ex_rsvno ?? '—'], ['JR 確認番号', o.ex_confirmno ?? '—']);
      if (o.ex_issue_method) rows.push(['発券方法', o.ex_issue_method]);
    }
    if (o.ex_cd === ExternalCode.dj) rows.push(['DJ ログイン番号', `${o.ex_rsvno ?? '—'} ${o.ex_url ?? ''}`]);
    if (o.ex_cd === ExternalCode.linktivity) rows.push(['チケットURL', o.ticket_url ?? '—']);
    if (o.companyname) rows.push(['施設', `${o.companyname}（${o.tel}）`]);
  }
  // Two options at one facility (a coupon set) name it once.
  const unique = rows.filter(([term, value], i) => rows.findIndex(([t, v]) => t === term && v === value) === i);
  if (unique.length === 0) return null;
  return (
    <Card id="sec-guide" title="ご利用案内・施設">
      <Facts rows={unique} />
    </Card>
  );
}

type Payment = BookingDetail['payments'][number];
const paymentColumn = createColumnHelper<Payment>();
const paymentColumns = [
  paymentColumn.accessor('createdAt', { header: '作成日時', cell: dateTimeCell }),
  paymentColumn.accessor('provider', { header: '決済代行' }),
  paymentColumn.accessor('method', {
    header: '支払方法',
    cell: (c) => {
      const method = c.getValue();
      return method ? PAYMENT_METHOD_LABEL[method] : '—';
    },
  }),
  paymentColumn.accessor('status', { header: '状態', cell: (c) => PAYMENT_STATUS_LABEL[c.getValue()] ?? c.getValue() }),
  paymentColumn.accessor('amount', { header: '金額', cell: yenCell, meta: NUM }),
  paymentColumn.accessor('refundedAmount', { header: '返金済み', cell: yenCell, meta: NUM }),
  paymentColumn.accessor('paidAt', { header: '決済日時', cell: dateTimeCell }),
  paymentColumn.accessor('chargeId', {
    header: '決済ID',
    meta: { className: 'wrap-any' },
    cell: (c) => <code>{c.getValue() ?? c.row.original.checkoutSessionId}</code>,
  }),
] as ColumnDef<Payment, unknown>[];

type ProviderCall = BookingDetail['providerCalls'][number];
const callColumn = createColumnHelper<ProviderCall>();
const callColumns = [
  callColumn.accessor('createdAt', { header: '日時', cell: dateTimeCell }),
  callColumn.accessor('kind', { header: '種類', cell: (c) => PROVIDER_CALL_KIND_LABEL[c.getValue()] ?? c.getValue() }),
  callColumn.accessor('reason', {
    header: '理由',
    cell: (c) => {
      const reason = c.getValue();
      return reason ? (REFUND_REASON_LABEL[reason] ?? reason) : '—';
    },
  }),
  callColumn.accessor('amount', { header: '金額', cell: yenCell, meta: NUM }),
  callColumn.accessor('state', {
    header: '状態',
    cell: (c) => (
      <Status tone={c.row.original.stuck && 'alarm'}>{PROVIDER_CALL_STATE_LABEL[c.getValue()] ?? c.getValue()}</Status>
    ),
  }),
  callColumn.accessor('attempts', { header: '試行', meta: NUM }),
  callColumn.accessor('doneAt', { header: '完了日時', cell: dateTimeCell }),
  callColumn.accessor('lastError', {
    header: 'エラー',
    meta: WRAP,
    cell: (c) => <span className="adm-error-text">{c.getValue() ?? ''}</span>,
  }),
] as ColumnDef<ProviderCall, unknown>[];

type Refund = BookingDetail['refunds'][number];
const refundColumn = createColumnHelper<Refund>();
const refundColumns = [
  refundColumn.accessor('createdAt', { header: '受付日時', cell: dateTimeCell }),
  refundColumn.accessor('reason', { header: '理由', cell: (c) => REFUND_REASON_LABEL[c.getValue()] ?? c.getValue() }),
  refundColumn.accessor('amount', { header: '金額', cell: yenCell, meta: NUM }),
  refundColumn.accessor('state', {
    header: '状態',
    cell: (c) => (
      <Status tone={c.getValue() === 'failed' && 'alarm'}>
        {c.row.original.awaitingAccount ? REFUND_AWAITING_ACCOUNT_LABEL : REFUND_STATE_LABEL[c.getValue()]}
      </Status>
    ),
  }),
  refundColumn.accessor('doneAt', { header: '返金日時', cell: dateTimeCell }),
  refundColumn.accessor('providerRef', { header: '返金ID', cell: (c) => c.getValue() ?? '—' }),
] as ColumnDef<Refund, unknown>[];

type CouponUse = BookingDetail['couponUses'][number];
const COUPON_OUTCOME_LABEL: Record<CouponUse['outcome'], string> = {
  used: '使用',
  bad_pin: '暗証番号の誤り',
  bad_pin_cleared: '暗証番号の誤り（ロック解除済み）',
  locked: 'ロック中のため不可',
  over_remaining: '残り枚数を超えるため不可',
  not_today: '利用日以外のため不可',
  not_usable: '利用できない状態のため不可',
};
const couponColumn = createColumnHelper<CouponUse>();

/** Every coupon attempt at a facility: what was used, and what was refused and why. */
function CouponUses({ d }: { d: BookingDetail }) {
  const columns = [
    couponColumn.accessor('at', { header: '日時', cell: dateTimeCell }),
    couponColumn.accessor('opcd', {
      header: '商品',
      meta: WRAP,
      cell: (c) => {
        const option = d.booking.optionList.find((o) => o.opcd === c.getValue());
        return `${c.getValue()} ${option?.webname ?? ''}`;
      },
    }),
    couponColumn.accessor('adultqty', { header: '大人', meta: NUM, cell: (c) => `${c.getValue()}枚` }),
    couponColumn.accessor('childqty', { header: '小人', meta: NUM, cell: (c) => `${c.getValue()}枚` }),
    couponColumn.accessor('outcome', {
      header: '結果',
      cell: (c) => <Status tone={c.getValue() !== 'used' && 'alarm'}>{COUPON_OUTCOME_LABEL[c.getValue()]}</Status>,
    }),
  ] as ColumnDef<CouponUse, unknown>[];
  return <DataTable caption="クーポンの利用" columns={columns} data={d.couponUses} />;
}

function Money({ d }: { d: BookingDetail }) {
  return (
    <>
      <h3>決済</h3>
      <DataTable
        caption="決済"
        columns={paymentColumns}
        data={d.payments}
        empty="決済の記録はありません。"
        emptyAsText
      />
      <h3>返金</h3>
      <DataTable
        caption="返金"
        columns={refundColumns}
        data={d.refunds}
        rowClassName={(r) => (r.state === 'failed' ? 'adm-row-alert' : undefined)}
        empty="返金の記録はありません。"
        emptyAsText
      />
      <h3>決済代行への処理</h3>
      <DataTable
        caption="決済代行への処理"
        columns={callColumns}
        data={d.providerCalls}
        rowClassName={(c) => (c.stuck ? 'adm-row-alert' : undefined)}
        empty="決済代行への処理はありません。"
        emptyAsText
      />
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

/** 社内メモ at the top: what a colleague noted is read before anything is done, newest first. */
function Memo({ events }: { events: BookingDetail['events'] }) {
  const notes = events.filter((e) => e.action === 'note_added' && e.note).reverse();
  if (notes.length === 0) return null;
  return (
    <section className="adm-memo" aria-labelledby="memo-title">
      <h2 id="memo-title">社内メモ（{notes.length}件）</h2>
      <ul>
        {notes.map((e) => (
          <li key={e.id}>
            {e.note}
            <span className="adm-muted">
              {' '}
              — {e.actorLabel}、{tokyoDateTime(e.at)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 予約詳細: the booking as my page shows it, its money, mails and history, and the actions its state allows. */
export function BookingDetailPage() {
  const location = useLocation();
  const rsvno = useParams().rsvno ?? '';
  const heading = useRef<HTMLHeadingElement>(null);
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
  // Back to the list with the filters it had when this booking was opened from it.
  const listTo = (location.state as FromList | null)?.list ?? '/admin/bookings';

  return (
    <AdminPage title={`予約詳細 ${rsvno}`} headingRef={heading} aside={<Link to={listTo}>予約一覧へ</Link>}>
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
            {d.booking.changeable && (
              <button type="button" onClick={() => setDialog('change')}>
                日時を変更
              </button>
            )}
            <button type="button" onClick={() => setDialog('contact')}>
              連絡先を訂正
            </button>
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
            <ReceiptAction rsvno={d.booking.rsvno} onDone={done} />
          </div>
          <Memo events={d.events} />
          {stuck > 0 && (
            <p className="adm-alert" role="alert">
              照合できなかった決済処理が{stuck}件あります（下の「決済代行への処理」を確認してください）。
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
          {d.resources.length > 0 && (
            <Card id="sec-resources" title="リソース">
              <BookingResources detail={d} onDone={done} />
            </Card>
          )}
          {d.couponUses.length > 0 && (
            <Card
              id="sec-coupons"
              title={`クーポンの利用（使用${d.couponUses.filter((u) => u.outcome === 'used').length}回）`}
            >
              <CouponUses d={d} />
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
            <ContactDialog detail={d} open={dialog === 'contact'} onClose={close} onDone={done} />
            {d.booking.changeable && (
              <ChangeDepartureDialog detail={d} open={dialog === 'change'} onClose={close} onDone={done} />
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
    </AdminPage>
  );
}

/** A booking's language as the console names it (a stored value that is none of ours, as it is). */
function bookingLanguage(lang: string): string {
  return isLang(lang) ? BOOKING_LANG_LABEL[lang] : lang;
}
