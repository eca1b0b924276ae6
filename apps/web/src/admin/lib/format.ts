import { formatJpy } from '@tabi/contract/format';

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** An instant as Tokyo's YYYY/MM/DD HH:mm. */
export function tokyoDateTime(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** YYYYMMDD as YYYY/MM/DD. */
export function slashDate(ymd: string): string {
  return ymd.length === 8 ? `${ymd.slice(0, 4)}/${ymd.slice(4, 6)}/${ymd.slice(6, 8)}` : ymd;
}

/** YYYYMMDD ↔ the value of an <input type="date"> (YYYY-MM-DD). */
export const ymdToInput = (ymd: string) =>
  ymd.length === 8 ? `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}` : '';
export const inputToYmd = (value: string) => value.replaceAll('-', '');

/** 95 → 「1時間35分」. */
export function duration(minutes: number): string {
  const m = Math.abs(minutes);
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const rest = m % 60;
  if (days > 0) return `${days}日${hours}時間`;
  if (hours > 0) return `${hours}時間${rest}分`;
  return `${rest}分`;
}

export const yen = formatJpy;
