import { type AdminEvent, BOOKING_ACTION_LABEL, REFUND_REASON_LABEL } from '@tabi/contract/admin-bookings';
import { GENDER_LABEL, type GenderCode, RENTAL_TYPE_LABEL, type RentalTypeCode } from '@tabi/contract/constants';
import { useNationalities } from '../lib/booking-api.ts';
import { slashDate, tokyoDateTime, yen } from '../lib/format.ts';
import { MAIL_KIND_LABEL } from '../lib/mail-labels.ts';

const STATUS_NAME: Record<string, string> = {
  '0': '仮予約（手配済）',
  '1': '予約',
  '4': 'キャンセル',
  '6': 'リクエスト予約',
};

type Value = unknown;
const text = (v: Value) => (v === null || v === undefined || v === '' ? '—' : String(v));
const dateOrIso = (v: Value) => {
  const s = text(v);
  if (/^\d{8}$/.test(s)) return slashDate(s);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s.replaceAll('-', '/');
  if (/^\d{4}-\d{2}-\d{2}T/.test(s)) return tokyoDateTime(s);
  return s;
};
const money = (v: Value) => (typeof v === 'number' ? yen(v) : text(v));

const ERASED_LABEL: Record<string, string> = {
  birthday: '生年月日',
  passport_number: '旅券番号',
  vegetarian_meals: '食事の希望',
};

interface Field {
  label: string;
  show: (v: Value) => string;
}

/** Fields whose values are all shown one way (`show`), by their Japanese labels. */
function shownAs(show: Field['show'], labels: Record<string, string>): Record<string, Field> {
  return Object.fromEntries(Object.entries(labels).map(([key, label]) => [key, { label, show }]));
}

/** The history's field names (the API's own, ADR 0100) in Japanese, with how to show their values. */
const FIELDS: Record<string, Field> = {
  ...shownAs(text, {
    opcd: '商品コード',
    mail_id: 'メールID',
    to: '宛先',
    tel: '電話番号',
    mail: 'メールアドレス',
    sei: '姓',
    mei: '名',
    checkout_session: '決済画面ID',
    refund_id: '返金ID',
    payment_id: '決済No.',
    attempts: '試行回数',
    receipt: '領収書',
    // A shared resource's name (ADR 0209): the guide or boat a reassignment moved the booking from and to.
    resource: 'リソース',
  }),
  ...shownAs(money, {
    amountjp: '金額',
    cancelfee: 'キャンセル料',
    refund: '返金額',
    policy_fee: '規定のキャンセル料',
    fee_override: 'キャンセル料（変更後）',
    amount: '金額',
    difference: '差額',
    net_amount: '販売店への請求額',
    paid_on_account: '販売店への請求（売掛）',
  }),
  ...shownAs(dateOrIso, { payment_deadline: 'お支払い期限', usedate: '利用日', hold_expires_at: '仮押さえの期限' }),
  status: { label: 'ステータス', show: (v) => STATUS_NAME[String(v)] ?? text(v) },
  status_payment: { label: '決済', show: (v) => (v === 1 ? '決済済み' : v === 0 ? '未決済' : text(v)) },
  flg_request_rsv: { label: 'リクエスト手配', show: (v) => (v === 1 ? '手配済み' : v === 0 ? 'なし' : text(v)) },
  // A departure's start (ADR 0196); '' is a whole day.
  start_time: { label: '開始時刻', show: (v) => (v === '' ? '終日' : text(v)) },
  seats: { label: '人数（席）', show: (v) => `${text(v)}名` },
  kind: { label: '種類', show: (v) => MAIL_KIND_LABEL[String(v)] ?? text(v) },
  participants: { label: '対象の参加者', show: (v) => `${text(v)}名` },
  erased: {
    label: '消去した項目',
    show: (v) => (Array.isArray(v) ? v.map((k) => ERASED_LABEL[String(k)] ?? String(k)).join('・') : text(v)),
  },
  commission_bp: { label: '販売店の手数料率', show: (v) => (typeof v === 'number' ? `${v / 100}%` : text(v)) },
  reason: { label: '理由', show: (v) => REFUND_REASON_LABEL[String(v)] ?? text(v) },
  cleared_failures: { label: '解除したPINの失敗', show: (v) => `${text(v)}回` },
  issue_count: { label: '発行', show: (v) => `${text(v)}回目` },
};

/** A field this screen does not know yet still shows its value as a clerk reads it (a time in Tokyo time). */
function fieldOf(key: string) {
  return FIELDS[key] ?? { label: key, show: (v: Value) => (typeof v === 'object' ? JSON.stringify(v) : dateOrIso(v)) };
}

/** Nationality names by id (the customer side's list); an id not in it is shown as its number. */
type NationalityNames = ReadonlyMap<number, string>;

function memberText(m: Record<string, unknown>, names: NationalityNames): string {
  const extras = [
    m.passport_number ? `旅券 ${text(m.passport_number)}` : '',
    m.vegetarian_meals === true ? 'ベジタリアン' : '',
  ].filter(Boolean);
  return `${text(m.seq)}. ${text(m.sei)} ${text(m.mei)}・${dateOrIso(m.birthday)}・${
    GENDER_LABEL[String(m.sex) as GenderCode] ?? text(m.sex)
  }・${nationalityText(m.nationality_id, names)}${extras.length ? `・${extras.join('・')}` : ''}`;
}

function nationalityText(id: unknown, names: NationalityNames): string {
  if (id === 0 || id === '0' || id === null || id === undefined) return '国籍 未入力';
  return `国籍 ${names.get(Number(id)) ?? `ID ${text(id)}`}`;
}

function rentalText(r: Record<string, unknown>): string {
  const model = RENTAL_TYPE_LABEL[String(r.model ?? '') as RentalTypeCode] ?? text(r.model);
  return `${text(r.seq)}. ${r.model ? `${model}・` : ''}ブーツ ${text(r.boots)}・ウェア ${text(r.wear)}`;
}

function listOf(value: unknown, show: (item: Record<string, unknown>) => string): string[] {
  return Array.isArray(value) ? value.map((item) => show((item ?? {}) as Record<string, unknown>)) : [];
}

interface Change {
  label: string;
  before: string;
  after: string;
}

/** Before and after as readable lines: only what changed; a list (participants, rentals) item by item. */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  names: NationalityNames = new Map(),
): Change[] {
  const b = before ?? {};
  const a = after ?? {};
  const changes: Change[] = [];
  for (const key of [...new Set([...Object.keys(b), ...Object.keys(a)])]) {
    if (key === 'members' || key === 'rentals') {
      const show = key === 'members' ? (m: Record<string, unknown>) => memberText(m, names) : rentalText;
      const label = key === 'members' ? '参加者' : 'レンタル';
      const olds = listOf(b[key], show);
      const news = listOf(a[key], show);
      for (let i = 0; i < Math.max(olds.length, news.length); i += 1) {
        if (olds[i] !== news[i]) changes.push({ label: `${label}`, before: olds[i] ?? '—', after: news[i] ?? '—' });
      }
      continue;
    }
    const field = fieldOf(key);
    const inBefore = key in b;
    const inAfter = key in a;
    if (inBefore && inAfter && JSON.stringify(b[key]) === JSON.stringify(a[key])) continue;
    // A value only before is the state the change started from; only after, what it set.
    changes.push({
      label: field.label,
      before: inBefore ? field.show(b[key]) : '',
      after: inAfter ? field.show(a[key]) : '',
    });
  }
  return changes;
}

function ChangeList({ event, names }: { event: AdminEvent; names: NationalityNames }) {
  const changes = changesOf(event.before, event.after, names);
  if (changes.length === 0) return <span className="adm-muted">—</span>;
  return (
    <ul className="adm-diff">
      {changes.map((c, i) => (
        <li key={`${c.label}-${i}`}>
          <span className="adm-diff-label">{c.label}</span>{' '}
          {c.before !== '' && c.after !== '' && (
            <>
              <del>{c.before}</del> <span aria-hidden="true">→</span>
              <span className="visually-hidden">から</span> <ins>{c.after}</ins>
            </>
          )}
          {c.before !== '' && c.after === '' && <span className="adm-diff-was">{c.before}（変更前）</span>}
          {c.before === '' && <ins>{c.after}</ins>}
        </li>
      ))}
    </ul>
  );
}

/** The booking's history, oldest first: who (staff mail, system worker, customer), what, when, before/after. */
export function BookingHistory({ events }: { events: AdminEvent[] }) {
  const changesParticipants = events.some((e) => e.action === 'participants_changed');
  const nationalities = useNationalities(changesParticipants);
  const names: NationalityNames = new Map((nationalities.data ?? []).map((n) => [n.id, n.nationality_nm]));
  if (events.length === 0) return <p className="adm-empty">履歴はありません。</p>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-history">
        <caption className="visually-hidden">予約の履歴</caption>
        <thead>
          <tr>
            <th scope="col">日時</th>
            <th scope="col">操作者</th>
            <th scope="col">内容</th>
            <th scope="col">変更内容（変更前 → 変更後）</th>
            <th scope="col">メモ・理由</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id}>
              <td>{tokyoDateTime(e.at)}</td>
              <td className={`adm-actor adm-actor-${e.actorKind}`}>{e.actorLabel}</td>
              <td>{BOOKING_ACTION_LABEL[e.action] ?? e.action}</td>
              <td className="wrap">
                <ChangeList event={e} names={names} />
              </td>
              <td className="wrap adm-note">{e.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
