import type { CouponOption } from '@tabi/contract/coupon';
import { couponCounts } from '../lib/coupon-rules.ts';
import styles from './coupon.module.css';

/** 残り枚数 per class; with `used` also what has been used (coupon detail). */
export function RemainingCounts({ coupon, used = false }: { coupon: CouponOption; used?: boolean }) {
  const counts = couponCounts(coupon);
  const rows = [
    { label: '大人', left: counts.adultLeft, used: counts.adultUsed, total: coupon.paxadultqty, key: 'adult' },
    ...(coupon.paxchildqty > 0
      ? [{ label: '小人', left: counts.childLeft, used: counts.childUsed, total: coupon.paxchildqty, key: 'child' }]
      : []),
  ];
  if (!used) {
    return (
      <p className={styles.remaining}>
        <span className={styles.remainingLabel}>残り枚数</span>
        {rows.map((r) => (
          <span key={r.key} className={styles.remainingItem} data-testid={`remaining-${r.key}`}>
            {r.label} <strong>{r.left}</strong>枚
          </span>
        ))}
      </p>
    );
  }
  return (
    <table className={styles.counts}>
      <caption className="visually-hidden">クーポンの残り枚数と使用済み枚数</caption>
      <thead>
        <tr>
          <th scope="col">区分</th>
          <th scope="col">残り枚数</th>
          <th scope="col">使用済み</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td data-testid={`remaining-${r.key}`}>
              <strong>{r.left}</strong>枚
            </td>
            <td data-testid={`used-${r.key}`}>
              {r.used}枚<span className={styles.countsTotal}>／{r.total}枚</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
