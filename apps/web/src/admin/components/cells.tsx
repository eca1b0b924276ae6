/**
 * What the console's lists show in their cells, one way each: a booking's number links to its detail, an
 * option is its code and name, money is yen, instants are Tokyo time, an error is red. Each `…Cell` takes
 * the cell's context (TanStack Table's `getValue`).
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { slashDate, tokyoDateTime, yen } from '../lib/format.ts';

interface Value<V> {
  getValue(): V;
}

export const NUM = { className: 'num' };
export const WRAP = { className: 'wrap' };

/** A mail address that may wrap where a reader expects: before its @ (a long local part still wraps as a word). */
export function mailCell(c: Value<string | null>): ReactNode {
  const mail = c.getValue() ?? '';
  const at = mail.lastIndexOf('@');
  if (at <= 0) return mail;
  return (
    <>
      {mail.slice(0, at)}
      <wbr />
      {mail.slice(at)}
    </>
  );
}

/** The booking's number as a link to 予約詳細 ('—' for none). */
/** Where 予約詳細's 「予約一覧へ」 returns: the list as it was (its filters and page), when it came from there. */
export interface FromList {
  list?: string;
}

export function BookingLink({ rsvno, children }: { rsvno: string | null; children?: ReactNode }) {
  const { pathname, search } = useLocation();
  const state: FromList = pathname === '/admin/bookings' ? { list: `${pathname}${search}` } : {};
  return rsvno ? (
    <Link to={`/admin/bookings/${rsvno}`} state={state}>
      {children ?? rsvno}
    </Link>
  ) : (
    '—'
  );
}

/** An option as its code (small, grey) and its name. */
export function Product({ opcd, webname }: { opcd: string; webname: string }) {
  return (
    <>
      <span className="adm-code">{opcd}</span> {webname}
    </>
  );
}

export const bookingCell = (c: Value<string | null>) => <BookingLink rsvno={c.getValue()} />;
export const yenCell = (c: Value<number>) => yen(c.getValue());
export const dateTimeCell = (c: Value<string | null>) => tokyoDateTime(c.getValue());
export const dateCell = (c: Value<string>) => slashDate(c.getValue());
export const errorCell = (c: Value<string | null>) => <span className="adm-error-text">{c.getValue() ?? '—'}</span>;
/** A count with its unit: 3 → 「3名」. */
export const countCell = (unit: string) => (c: Value<number>) => `${c.getValue()}${unit}`;
