import { cancelPolicyLines } from '@tabi/contract/cancel-policy';
import type { OptionDetail } from '@tabi/contract/catalog';
import { Msg } from '@tabi/contract/messages';
import styles from './headline-facts.module.css';

const HH_MM = /^\s*(\d{1,2})[:：](\d{2})/;

function minutesOf(time: string | null | undefined): number | null {
  const m = time ? HH_MM.exec(time.normalize('NFKC')) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** 所要時間 from the meeting and end times, when the option gives both. */
export function durationText(departure: string | null | undefined, arrival: string | null | undefined): string | null {
  const from = minutesOf(departure);
  const to = minutesOf(arrival);
  if (from === null || to === null || to <= from) return null;
  const total = to - from;
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return `約${hours > 0 ? `${hours}時間` : ''}${minutes > 0 ? `${minutes}分` : ''}`;
}

/** The free-cancellation line of the policy, relative to the use date (no date is chosen yet). */
export function freeCancelText(policy: OptionDetail['cancel_policy']): string | null {
  const first = policy ? cancelPolicyLines(policy)[0] : undefined;
  return first?.endsWith('：無料') ? `ご利用日の${first.replace('：無料', '')}無料` : null;
}

/** Issue 14: the facts a traveller decides on, near the top of the detail page. */
export function HeadlineFacts({ option }: { option: OptionDetail }) {
  const duration = durationText(option.departure_time, option.arrival_time);
  const place = option.meetpoint?.trim() || option.fromspot || Msg.localMeeting;
  const meeting = option.departure_time ? `${option.departure_time}　${place}` : place;
  const freeCancel = freeCancelText(option.cancel_policy);
  const facts: [string, string][] = [
    ...(duration ? [['所要時間', duration] as [string, string]] : []),
    ['集合時間・場所', meeting],
    ['予約方法', option.flg_request_item === 1 ? 'リクエスト（空き状況をメールでご回答）' : '即時確定'],
    ...(freeCancel ? [['キャンセル無料期限', freeCancel] as [string, string]] : []),
  ];
  return (
    <dl className={styles.facts} data-testid="headline-facts">
      {facts.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
