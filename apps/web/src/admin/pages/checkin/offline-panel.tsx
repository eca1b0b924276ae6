/** What the scanner says of its offline state: the network, the copy's age, what is not sent, and what to check. */
import { CHECKIN_VERDICT_LABEL, type CheckinPack } from '@tabi/contract/checkin';
import { useId } from 'react';
import { tokyoDateTime } from '../../lib/format.ts';
import styles from './checkin-page.module.css';
import type { ReviewItem } from './offline-copy.ts';
import { dismissReview } from './offline-store.ts';
import { OfflineWords } from './offline-words.ts';

/** HH:MM in Tokyo of an instant. */
const hhmm = (iso: string) => tokyoDateTime(iso).slice(-5);

export function OfflineStatus({
  offline,
  copy,
  pending,
}: {
  offline: boolean;
  copy: CheckinPack | null;
  pending: number;
}) {
  return (
    <>
      <p className={styles.status}>
        <output className={styles.statusLive}>
          {offline && <span className={styles.offline}>{OfflineWords.offline}</span>}
          {pending > 0 && <span className={styles.pending}>{OfflineWords.notSent(pending)}</span>}
        </output>
        <span className={styles.copyAge}>
          {copy ? OfflineWords.copyAt(hhmm(copy.servertime)) : OfflineWords.noCopy}
        </span>
      </p>
      {offline && <p className={styles.onlineOnly}>{OfflineWords.onlineOnly}</p>}
    </>
  );
}

/** The check-ins made offline that the server judged otherwise, each kept until the staff has looked at it. */
export function ReviewList({ items }: { items: readonly ReviewItem[] }) {
  const heading = useId();
  if (items.length === 0) return null;
  return (
    <section className={styles.review} aria-labelledby={heading}>
      <h2 id={heading}>{OfflineWords.reviewHeading}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <p>
              <span className={styles.mono}>{item.rsvno}</span>　{item.applicant} 様（読み取り {hhmm(item.scannedAt)}）
            </p>
            <p>
              {OfflineWords.serverSaid}：{item.verdict ? CHECKIN_VERDICT_LABEL[item.verdict] : item.message}
            </p>
            {item.first && (
              <p>
                {OfflineWords.firstDevice}：「{item.first.device}」{tokyoDateTime(item.first.at)}・{item.first.by}
              </p>
            )}
            <button
              type="button"
              aria-label={`${OfflineWords.reviewDone}（${item.rsvno}）`}
              onClick={() => dismissReview(item.id)}
            >
              {OfflineWords.reviewDone}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
