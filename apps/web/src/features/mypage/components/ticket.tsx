import type { Booking } from '@tabi/contract/booking';
import { ticketFileName } from '@tabi/contract/tickets';
import { useState } from 'react';
import { failureMessage } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { openWalletPass, useTicketPdf, useWalletLink } from '../api/ticket-files.ts';
import { useMypageMessages } from '../lib/messages.ts';
import page from './mypage.module.css';
import styles from './ticket.module.css';

/**
 * チケット (ADR 0212): a paid booking's QR code for the door, large enough to be scanned from a phone held at arm's
 * length. The server draws it; it is shown as an image, so nothing of it runs as markup. Under it the same ticket as
 * an A4 PDF to print, and, where the site signs Wallet passes, in Apple Wallet (ADR 0214).
 */
export function Ticket({ booking }: { booking: Booking }) {
  const t = useMypageMessages();
  const pdf = useTicketPdf();
  const wallet = useWalletLink();
  const [saved, setSaved] = useState('');
  if (!booking.ticket) return null;
  const refusal =
    (pdf.isPending ? null : failureMessage(pdf.error)) ?? (wallet.isPending ? null : failureMessage(wallet.error));

  async function print() {
    if (pdf.isPending) return;
    setSaved('');
    wallet.reset();
    let file: Blob;
    try {
      file = await pdf.mutateAsync(booking.rsvno);
    } catch {
      // Said from the mutation's error below (network, token and session failures were alerted already).
      return;
    }
    saveFile(file, ticketFileName(booking.rsvno));
    setSaved(t('ticket.printSaved'));
  }

  async function addToWallet() {
    if (wallet.isPending) return;
    setSaved('');
    pdf.reset();
    let url: string;
    try {
      url = await wallet.mutateAsync(booking.rsvno);
    } catch {
      return;
    }
    openWalletPass(url);
  }

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
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-outline btn-block"
          onClick={() => void print()}
          disabled={pdf.isPending}
          aria-busy={pdf.isPending}
          aria-describedby="ticket-print-hint"
        >
          {t('ticket.print')}
        </button>
        <p id="ticket-print-hint" className={styles.hint}>
          {t('ticket.printHint')}
        </p>
        {booking.ticket.wallet && (
          <button
            type="button"
            className={`btn btn-block ${styles.wallet}`}
            onClick={() => void addToWallet()}
            disabled={wallet.isPending}
            aria-busy={wallet.isPending}
          >
            {t('ticket.wallet')}
          </button>
        )}
        <p className={styles.hint} aria-live="polite" data-testid="ticket-saved">
          {saved}
        </p>
        {refusal && (
          <p className="error-text" role="alert">
            {refusal}
          </p>
        )}
      </div>
    </section>
  );
}
