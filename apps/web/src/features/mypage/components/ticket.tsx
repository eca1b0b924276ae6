import type { Booking } from '@tabi/contract/booking';
import { useMypageMessages } from '../lib/messages.ts';
import page from './mypage.module.css';
import styles from './ticket.module.css';

/**
 * チケット (ADR 0212): a paid booking's QR code for the door, large enough to be scanned from a phone held at arm's
 * length. The server draws it; it is shown as an image, so nothing of it runs as markup.
 */
export function Ticket({ booking }: { booking: Booking }) {
  const t = useMypageMessages();
  if (!booking.ticket) return null;
  return (
    <section className={`card ${page.section} ${styles.ticket}`} aria-labelledby="ticket-title">
      <h2 id="ticket-title" className="section-title">
        {t('ticket.title')}
      </h2>
      <p className={styles.lead}>{t('ticket.lead')}</p>
      <img
        className={styles.code}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(booking.ticket.qr_svg)}`}
        alt={t('ticket.alt', { rsvno: booking.rsvno })}
        data-testid="ticket-qr"
      />
      <p className={styles.hint}>{t('ticket.code')}</p>
    </section>
  );
}
