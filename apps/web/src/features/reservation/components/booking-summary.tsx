import { AGE_CLASS_LABEL } from '@tabi/contract/constants';
import { formatYmd } from '@tabi/contract/dates';
import { formatJpy } from '@tabi/contract/format';
import { Msg } from '@tabi/contract/messages';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { partyLines, reservationAmount } from '../lib/amount.ts';
import styles from './booking-summary.module.css';
import { ReviewCard } from './review-card.tsx';

/** The option, use date, party by class with unit prices and the total (SPEC §2 Confirm "reservation summary"). */
export function BookingSummary({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const optionDetail = useReservationStore((s) => s.optionDetail);
  const usedate = useReservationStore((s) => s.usedate);
  const party = useReservationStore((s) => s.party);
  const prices = useReservationStore((s) => s.prices);
  const stored = useReservationStore((s) => s.amount);
  if (!optionDetail) return null;
  const lines = party && prices ? partyLines(party, prices) : [];
  return (
    <ReviewCard title="ご予約内容" headingLevel={headingLevel}>
      <div className={styles.option}>
        {optionDetail.flg_request_item === 1 && <span className="badge-request">{Msg.requestBadge}</span>}
        <p className={styles.name}>{optionDetail.webname}</p>
        <p className={styles.code}>商品コード：{optionDetail.opcd}</p>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>利用日</dt>
          <dd>{usedate ? formatYmd(usedate) : '—'}</dd>
        </div>
        <div>
          <dt>人数</dt>
          <dd>{lines.length > 0 ? lines.map((l) => `${AGE_CLASS_LABEL[l.ageClass]} ${l.count}名`).join('・') : '—'}</dd>
        </div>
      </dl>
      <table className={styles.prices}>
        <caption className="visually-hidden">料金の内訳</caption>
        <thead>
          <tr>
            <th scope="col">区分</th>
            <th scope="col">単価</th>
            <th scope="col">人数</th>
            <th scope="col">小計</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.ageClass}>
              <th scope="row">{AGE_CLASS_LABEL[l.ageClass]}</th>
              <td>{formatJpy(l.unitPrice)}</td>
              <td>{l.count}名</td>
              <td>{formatJpy(l.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              合計（税込）
            </th>
            <td className={styles.total}>{formatJpy(reservationAmount(party, prices, stored))}</td>
          </tr>
        </tfoot>
      </table>
    </ReviewCard>
  );
}
