import type { Booking, BookingOption } from '@tabi/contract/booking';
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

/** SPEC §2 My page, cost: unit price × count per class, and the total in JPY. */
export function Cost({ booking }: { booking: Booking }) {
  const priced = booking.optionList.filter(
    (o) => o.paxadultqty + o.paxchildqty + (o.paxmiddleqty ?? 0) + (o.paxinfantqty ?? 0) > 0,
  );
  const many = priced.length > 1;
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
            <th scope="row">合計</th>
            <td data-testid="booking-total">{formatJpy(booking.amountjp)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="hint">料金は日本円（JPY・税込）です。</p>
    </section>
  );
}
