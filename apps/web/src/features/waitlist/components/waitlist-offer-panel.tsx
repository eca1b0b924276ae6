import { formatTokyoDateTime, formatYmd } from '@tabi/contract/dates';
import { WaitlistMsg, type WaitlistOffer } from '@tabi/contract/waitlist';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { leaveWaitlist, lookUpOffer } from '../api/waitlist.ts';
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
 * The landing of a キャンセル待ち mail's link (issue 27): /detail?opcd=&usedate=&waitlist=TOKEN. An offer says
 * which seats are held until when and opens the party form limited to them (the purchase flow then books them
 * with the token); a waiting entry can be left; an ended one says so.
 */
/** What the party form needs to book an offer's held seats. */
export interface OfferBooking {
  token: string;
  /** YYYYMMDD */
  usedate: string;
  held: number;
  /** ISO instant. */
  expiresAt: string;
  prices: ReturnType<typeof pricesOf>;
}

export function WaitlistOfferPanel({ token, onBook }: { token: string; onBook(offer: OfferBooking): void }) {
  const queryClient = useQueryClient();
  const queryKey = ['waitlist-offer', token];
  const offer = useQuery({ queryKey, queryFn: () => lookUpOffer(token), retry: false, staleTime: 0 });
  const [message, setMessage] = useState<string | null>(null);

  async function leave() {
    try {
      await leaveWaitlist(token);
      setMessage(WaitlistMsg.left);
    } catch (error) {
      setMessage(error instanceof ApiError ? error.errMsg : WaitlistMsg.alreadyEnded);
    }
    await queryClient.invalidateQueries({ queryKey });
  }

  let body: React.ReactNode = null;
  if (offer.isError) {
    body = (
      <Ended
        title="キャンセル待ち"
        text={offer.error instanceof ApiError ? offer.error.errMsg : WaitlistMsg.tokenUnknown}
      />
    );
  } else if (offer.data) {
    const o = offer.data;
    const day = formatYmd(o.usedate);
    if (o.state === 'offered' && o.offer_expires_at) {
      const until = formatTokyoDateTime(o.offer_expires_at);
      body = (
        <>
          <h2 className={styles.offerTitle}>キャンセル待ちのお席をご用意しました</h2>
          <p className={styles.offerText} data-testid="waitlist-offer-text">
            {day}のお席を<strong>{o.held}名分</strong>、<strong>{until}</strong>
            まで確保しています。期限までにお申し込み手続きを完了してください。
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
                  held: o.held,
                  expiresAt: o.offer_expires_at ?? '',
                  prices: pricesOf(o),
                })
              }
            >
              人数を選んで申し込む
            </button>
            <button type="button" className="btn btn-outline" onClick={leave}>
              辞退する
            </button>
          </div>
        </>
      );
    } else if (o.state === 'waiting') {
      body = (
        <>
          <h2 className={styles.offerTitle}>キャンセル待ちに登録中です</h2>
          <p className={styles.offerText}>
            {day}・{o.party}名でお待ちいただいています。お席に空きが出ましたら、ご登録順にメールでご案内します。
          </p>
          <div className={styles.offerActions}>
            <button type="button" className="btn btn-outline" onClick={leave}>
              キャンセル待ちを取り消す
            </button>
          </div>
        </>
      );
    } else if (o.state === 'booked') {
      body = <Ended title="キャンセル待ち" text={WaitlistMsg.offerUsed} />;
    } else if (o.state === 'expired') {
      body = <Ended title="キャンセル待ち" text={WaitlistMsg.offerExpired} />;
    } else {
      body = <Ended title="キャンセル待ち" text="このキャンセル待ちは取り消されています。" />;
    }
  }

  return (
    <section
      className={styles.offer}
      aria-label="キャンセル待ちのご案内"
      aria-busy={offer.isPending}
      data-testid="waitlist-offer"
    >
      {body}
      <output className={styles.offerText}>{message}</output>
    </section>
  );
}
