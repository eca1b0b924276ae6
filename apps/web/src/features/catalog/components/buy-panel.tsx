import type { MouseEvent } from 'react';
import { useFormat } from '../../../i18n/format.ts';
import { calendarDay } from '../../../i18n/messages.ts';
import { scrollToSection } from '../../../lib/scroll-to-section.ts';
import { useDetailMessages } from '../lib/detail-messages.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import styles from './buy-panel.module.css';

interface BuyPanelProps {
  price: number | null;
  requestItem: boolean;
  /** The day chosen on the calendar (or searched on the list), YYYYMMDD: the button books it. */
  day?: string | null | undefined;
  onBook?(day: string): void;
}

/** Month, day and weekday (0 Sunday) of a YYYYMMDD day. */
/** To the calendar, and the keyboard with it: the same jump however many times it is pressed. */
function jumpToPrice(event: MouseEvent<HTMLAnchorElement>): void {
  const target = document.getElementById('price');
  if (!target) return;
  event.preventDefault();
  window.history.replaceState(window.history.state, '', '#price');
  scrollToSection(target);
  target.focus({ preventScroll: true });
}

/**
 * The panel that stays in view, sticky beside the content on desktop and a bar at the bottom of a
 * phone's screen, with the lowest adult price and the way to the calendar, or to the party form of the chosen day.
 */
export function BuyPanel({ price, requestItem, day, onBook }: BuyPanelProps) {
  const t = useCatalogMessages();
  const d = useDetailMessages();
  const format = useFormat();
  return (
    <aside className={styles.panel} aria-label={d('buyPanel')} data-testid="buy-panel">
      <p className={styles.price}>
        {price !== null ? (
          <>
            <strong className={styles.amount}>
              {format.yen(price)}
              {t('from')}
            </strong>
            <span className={styles.per}>{d('perAdultShort')}</span>
          </>
        ) : (
          <span className={styles.per}>{d('priceOnDate')}</span>
        )}
      </p>
      {requestItem && <p className={styles.note}>{d('requestNote')}</p>}
      {day && onBook ? (
        <button type="button" className={`btn btn-primary ${styles.cta}`} onClick={() => onBook(day)}>
          {d('bookOnDay', { day: calendarDay(day) })}
        </button>
      ) : (
        // biome-ignore lint/a11y/useValidAnchor: a link to the calendar that works before the page is live; once live, the click keeps the target in place while the sections above are laid out
        <a href="#price" className={`btn btn-primary ${styles.cta}`} onClick={jumpToPrice}>
          {d('pickDateToBook')}
        </a>
      )}
    </aside>
  );
}
