import { useFormat } from '../../../i18n/format.ts';
import { useDetailMessages } from '../lib/detail-messages.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import styles from './buy-panel.module.css';

/**
 * Issue 14: the panel that stays in view, sticky beside the content on desktop and a bar at the bottom of a
 * phone's screen, with the lowest adult price and the way to the calendar.
 */
export function BuyPanel({ price, requestItem }: { price: number | null; requestItem: boolean }) {
  const t = useCatalogMessages();
  const d = useDetailMessages();
  const format = useFormat();
  return (
    <aside className={styles.panel} aria-label={d.buyPanel} data-testid="buy-panel">
      <p className={styles.price}>
        {price !== null ? (
          <>
            <strong className={styles.amount}>
              {format.yen(price)}
              {t.from}
            </strong>
            <span className={styles.per}>{d.perAdultShort}</span>
          </>
        ) : (
          <span className={styles.per}>{d.priceOnDate}</span>
        )}
      </p>
      {requestItem && <p className={styles.note}>{d.requestNote}</p>}
      <a href="#price" className={`btn btn-primary ${styles.cta}`}>
        {d.pickDateToBook}
      </a>
    </aside>
  );
}
