import { isValidYmd, type Ymd, ymd } from '@tabi/contract/dates';

/**
 * The birthday is typed as text (or picked on the calendar) and shown as YYYY/MM/DD. Typed text is
 * accepted as YYYY/M/D, YYYY-M-D, YYYY.M.D, YYYY年M月D日 or YYYYMMDD, in half- or full-width digits.
 */
export function parseBirthdayText(text: string): Ymd | null {
  const s = text.normalize('NFKC').trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  const separated = /^(\d{4})\s*[/\-.年]\s*(\d{1,2})\s*[/\-.月]\s*(\d{1,2})\s*日?$/.exec(s);
  const match = compact ?? separated;
  if (!match) return null;
  const day = ymd(Number(match[1]), Number(match[2]), Number(match[3]));
  // ymd() rolls 2月30日 over into March; only a date that survives the round trip is real.
  const typed = `${match[1]}${match[2]?.padStart(2, '0')}${match[3]?.padStart(2, '0')}`;
  return day === typed && isValidYmd(day) ? day : null;
}

/** YYYYMMDD → YYYY/MM/DD, the form's display. */
export function birthdayText(day: Ymd): string {
  return `${day.slice(0, 4)}/${day.slice(4, 6)}/${day.slice(6, 8)}`;
}

/** The store keeps YYYY-MM-DD (SPEC §3 Person); the form shows YYYY/MM/DD. */
export function birthdayTextFromIso(iso: string): string {
  return iso ? iso.replaceAll('-', '/') : '';
}

export function isoFromBirthdayText(text: string): string {
  const day = parseBirthdayText(text);
  return day ? `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}` : '';
}
