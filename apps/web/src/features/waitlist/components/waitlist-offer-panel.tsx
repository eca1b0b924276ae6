import type { WaitlistOffer } from '@tabi/contract/waitlist';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormat } from '../../../i18n/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { leaveWaitlist, lookUpOffer } from '../api/waitlist.ts';
import { useWaitlistMessages } from '../lib/messages.ts';
import styles from './waitlist.module.css';

function pricesOf(offer: WaitlistOffer) {
  return {
    adult: Number(offer.prices.adultbaika),
    middle: Number(offer.prices.middlebaika),
    child: Number(offer.prices.childbaika),
    infant: Number(offer.prices.infantbaika),
  };
}

function Ended({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h2 className={styles.offerTitle}>{title}</h2>
      <p className={styles.offerText}>{text}</p>
    </>
  );
}

/**
 * The landing of a キャンセル待ち mail's link (ADR 0167): /detail?opcd=&usedate=&waitlist=TOKEN. An offer says
 * which seats are held until when and opens the party form limited to them (the purchase flow then books them
 * with the token); a waiting entry can be left; an ended one says so.
 */
/** What the party form needs to book an offer's held seats. */
export interface OfferBooking {
  token: string;
  /** YYYYMMDD */
  usedate: string;
  /** The departure's start time (`HH:MM`), '' for a whole day. */
  startTime: string;
  held: number;
  /** ISO instant. */
  expiresAt: string;
  prices: ReturnType<typeof pricesOf>;
}

export function WaitlistOfferPanel({ token, onBook }: { token: string; onBook(offer: OfferBooking): void }) {
  const t = useWaitlistMessages();
  const format = useFormat();
  const queryClient = useQueryClient();
  const queryKey = ['waitlist-offer', token];
  const offer = useQuery({ queryKey, queryFn: () => lookUpOffer(token), retry: false, staleTime: 0 });
  const [message, setMessage] = useState<string | null>(null);

  async function leave() {
    try {
      await leaveWaitlist(token);
      setMessage(t('left'));
    } catch (error) {
      setMessage(error instanceof ApiError ? error.errMsg : t('alreadyEnded'));
    }
    await queryClient.invalidateQueries({ queryKey });
  }

  let body: React.ReactNode = null;
  if (offer.isError) {
    body = <Ended title={t('title')} text={offer.error instanceof ApiError ? offer.error.errMsg : t('tokenUnknown')} />;
  } else if (offer.data) {
    const o = offer.data;
    const day = format.day(o.usedate);
    if (o.state === 'offered' && o.offer_expires_at) {
      const until = format.dateTime(o.offer_expires_at);
      body = (
        <>
          <h2 className={styles.offerTitle}>{t('offerTitle')}</h2>
          <p className={styles.offerText} data-testid="waitlist-offer-text">
            {t('offerHeldBefore', { day })}
            <strong>{t('offerHeld', { n: o.held })}</strong>
            {t('offerHeldMiddle')}
            <strong>{until}</strong>
            {t('offerHeldAfter')}
          </p>
          <div className={styles.offerActions}>
            <button
              type="button"
              className="btn btn-primary"
              aria-haspopup="dialog"
              data-testid="waitlist-book"
              onClick={() =>
                onBook({
                  token,
                  usedate: o.usedate,
                  startTime: o.start_time,
                  held: o.held,
                  expiresAt: o.offer_expires_at ?? '',
                  prices: pricesOf(o),
                })
              }
            >
              {t('book')}
            </button>
            <button type="button" className="btn btn-outline" onClick={leave}>
              {t('decline')}
            </button>
          </div>
        </>
      );
    } else if (o.state === 'waiting') {
      body = (
        <>
          <h2 className={styles.offerTitle}>{t('waitingTitle')}</h2>
          <p className={styles.offerText}>{t('waitingText', { day, party: o.party })}</p>
          <div className={styles.offerActions}>
            <button type="button" className="btn btn-outline" onClick={leave}>
              {t('leave')}
            </button>
          </div>
        </>
      );
    } else if (o.state === 'booked') {
      body = <Ended title={t('title')} text={t('offerUsed')} />;
    } else if (o.state === 'expired') {
      body = <Ended title={t('title')} text={t('offerExpired')} />;
    } else {
      body = <Ended title={t('title')} text={t('withdrawn')} />;
    }
  }

  return (
    <section className={styles.offer} aria-label={t('panel')} aria-busy={offer.isPending} data-testid="waitlist-offer">
      {body}
      <output className={styles.offerText}>{message}</output>
    </section>
  );
}
