import { isValidYmd, type Ymd } from '@tabi/contract/dates';

/** yyyyMMdd, yyyy/MM/dd or yyyy-MM-dd (half- or full-width digits) to YYYYMMDD, or null. */
export function parseTypedDate(text: string): Ymd | null {
  const half = text.trim().replace(/[０-９／－]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(half) ?? /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(half);
  if (!match) return null;
  const day = `${match[1]}${match[2]?.padStart(2, '0')}${match[3]?.padStart(2, '0')}`;
  return isValidYmd(day) ? day : null;
}
