import { formatJpy } from '@tabi/contract/format';
import { Msg } from '@tabi/contract/messages';
import styles from './buy-panel.module.css';

/**
 * Issue 14: the panel that stays in view, sticky beside the content on desktop and a bar at the bottom of a
 * phone's screen, with the lowest adult price and the way to the calendar.
 */
export function BuyPanel({ price, requestItem }: { price: number | null; requestItem: boolean }) {
  return (
    <aside className={styles.panel} aria-label="料金と予約" data-testid="buy-panel">
      <p className={styles.price}>
        {price !== null ? (
          <>
            <strong className={styles.amount}>{formatJpy(price)}〜</strong>
            <span className={styles.per}> / 大人1名</span>
          </>
        ) : (
          <span className={styles.per}>料金は日付を選ぶと表示されます</span>
        )}
      </p>
      {requestItem && <p className={styles.note}>{Msg.requestBadge}：空き状況はメールでご回答します</p>}
      <a href="#price" className={`btn btn-primary ${styles.cta}`}>
        日付を選んで予約する
      </a>
    </aside>
  );
}
