import type { Booking, BookingOption } from '@tabi/contract/booking';
import { BookingStatus } from '@tabi/contract/constants';
import { formatJpy } from '@tabi/contract/format';
import styles from './mypage.module.css';

function Lines({ option, showName }: { option: BookingOption; showName: boolean }) {
  // SPEC lists adults and children; middle and infant lines appear when a server sends them.
  const lines = [
    { label: '大人', unit: option.adultbaika, count: option.paxadultqty, always: true },
    { label: '中人', unit: option.middlebaika ?? 0, count: option.paxmiddleqty ?? 0, always: false },
    { label: '小人', unit: option.childbaika, count: option.paxchildqty, always: false },
    { label: '幼児', unit: option.infantbaika ?? 0, count: option.paxinfantqty ?? 0, always: false },
  ].filter((l) => l.always || l.count > 0);
  return (
    <>
      {showName && (
        <tr className={styles.costGroup}>
          <th scope="rowgroup" colSpan={2}>
            {option.webname}
          </th>
        </tr>
      )}
      {lines.map((l) => (
        <tr key={l.label}>
          <th scope="row">{l.label}</th>
          <td>
            {formatJpy(l.unit)} × {l.count}名
          </td>
        </tr>
      ))}
    </>
  );
}

/**
 * A canceled booking's cancellation fee and refund, when the server sends them (issue 24.10): what was charged
 * and what goes back, below the total the booking was made for.
 */
function Cancellation({ cancelfee, refund }: { cancelfee: number; refund: number }) {
  if (cancelfee === 0 && refund === 0) {
    return <p className={styles.cancelNote}>お支払いがなかったため、キャンセル料・ご返金はありません。</p>;
  }
  return (
    <>
      <table className={`${styles.cost} ${styles.cancelCost}`}>
        <caption>キャンセル料金</caption>
        <tbody>
          <tr>
            <th scope="row">キャンセル料</th>
            <td data-testid="cancel-fee">{formatJpy(cancelfee)}</td>
          </tr>
          <tr>
            <th scope="row">ご返金額</th>
            <td data-testid="cancel-refund">{formatJpy(refund)}</td>
          </tr>
        </tbody>
      </table>
      <p className="hint">
        {refund > 0
          ? 'ご返金は、ご利用のカード会社を通じて行われます。反映の時期はカード会社により異なります。'
          : 'ご返金はございません。'}
      </p>
    </>
  );
}

/** SPEC §2 My page, cost: unit price × count per class, and the total in JPY; after a cancellation, its fee and refund. */
export function Cost({ booking }: { booking: Booking }) {
  const priced = booking.optionList.filter(
    (o) => o.paxadultqty + o.paxchildqty + (o.paxmiddleqty ?? 0) + (o.paxinfantqty ?? 0) > 0,
  );
  const many = priced.length > 1;
  const canceled = booking.status === BookingStatus.canceled && booking.cancelfee !== undefined;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="cost-title">
      <h2 id="cost-title" className="section-title">
        料金
      </h2>
      <table className={styles.cost}>
        <tbody>
          {priced.map((o) => (
            <Lines key={`${o.pkcd}-${o.opcd}`} option={o} showName={many} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{canceled ? 'ご予約時の合計' : '合計'}</th>
            <td data-testid="booking-total">{formatJpy(booking.amountjp)}</td>
          </tr>
        </tfoot>
      </table>
      {canceled && <Cancellation cancelfee={booking.cancelfee ?? 0} refund={booking.refund ?? 0} />}
      <p className="hint">料金は日本円（JPY・税込）です。</p>
    </section>
  );
}
