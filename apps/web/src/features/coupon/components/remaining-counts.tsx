import type { CouponOption } from '@tabi/contract/coupon';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { couponCounts } from '../lib/coupon-rules.ts';
import { useCouponMessages } from '../lib/messages.ts';
import styles from './coupon.module.css';

/** 残り枚数 per class; with `used` also what has been used (coupon detail). */
export function RemainingCounts({ coupon, used = false }: { coupon: CouponOption; used?: boolean }) {
  const t = useCouponMessages();
  const _common = useCommonMessages();
  const shared = useSharedMessages();
  const counts = couponCounts(coupon);
  const rows = [
    {
      label: shared('ageClasses.adult'),
      left: counts.adultLeft,
      used: counts.adultUsed,
      total: coupon.paxadultqty,
      key: 'adult',
    },
    ...(coupon.paxchildqty > 0
      ? [
          {
            label: shared('ageClasses.child'),
            left: counts.childLeft,
            used: counts.childUsed,
            total: coupon.paxchildqty,
            key: 'child',
          },
        ]
      : []),
  ];
  if (!used) {
    return (
      <p className={styles.remaining}>
        <span className={styles.remainingLabel}>{t('remaining')}</span>
        {rows.map((r) => (
          <span key={r.key} className={styles.remainingItem} data-testid={`remaining-${r.key}`}>
            {r.label} <strong>{r.left}</strong>
            {t('sheetUnit')}
          </span>
        ))}
      </p>
    );
  }
  return (
    <table className={styles.counts}>
      <caption className="visually-hidden">{t('countsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('ageClassColumn')}</th>
          <th scope="col">{t('remaining')}</th>
          <th scope="col">{t('usedColumn')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td data-testid={`remaining-${r.key}`}>
              <strong>{r.left}</strong>
              {t('sheetUnit')}
            </td>
            <td data-testid={`used-${r.key}`}>
              {t('sheets', { n: r.used })}
              <span className={styles.countsTotal}>{t('ofTotal', { total: r.total })}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
