/**
 * The purchase flow's right to pay a booking (ADR 0102): the booking answer adds the booking to
 * one HttpOnly cookie, each entry bound to its booking number and expiry with APP_KEY, and POST /checkout
 * opens a checkout for a browser that holds the booking's entry, whatever my page holds. A
 * stranger who guesses numbers learns nothing: every number is refused alike, before the booking is looked up.
 *
 * One cookie whatever the number of bookings: `RSVNO.EXPIRY.MAC~RSVNO.EXPIRY.MAC…`, expired
 * entries dropped and at most MAX_ENTRIES kept, so a travel agent's browser never grows its headers.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNPAID_GRACE_MINUTES } from '@tabi/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

const COOKIE = 'tabi_bk';
/** The per-booking cookies of before (`tabi_bk_AA100001`): cleared when the one cookie is written. */
const LEGACY_PREFIX = 'tabi_bk_';
/** Bookings a browser can pay at once without my page; older ones are paid from my page. */
const MAX_ENTRIES = 20;
const GRACE_SECONDS = UNPAID_GRACE_MINUTES * 60;

interface Entry {
  rsvno: string;
  /** Epoch seconds after which the entry no longer counts. */
  expires: number;
  mac: string;
}

function mac(appKey: string, rsvno: string, expires: number): string {
  return createHmac('sha256', appKey)
    .update(`booking-capability:${rsvno}:${expires}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

function sameMac(expected: string, actual: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The cookie's entries that are genuine and not expired at `now`. */
function validEntries(value: string | undefined, appKey: string, now: Date): Entry[] {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const entries: Entry[] = [];
  for (const part of (value ?? '').split('~').slice(-MAX_ENTRIES)) {
    const [rsvno = '', expiresText = '', given = ''] = part.split('.');
    const expires = Number(expiresText);
    if (!/^[A-Z0-9]{1,20}$/.test(rsvno) || !Number.isSafeInteger(expires) || expires <= nowSeconds) continue;
    if (sameMac(mac(appKey, rsvno, expires), given)) entries.push({ rsvno, expires, mac: given });
  }
  return entries;
}

function cookieValue(entries: Entry[]): string {
  return entries.map((e) => `${e.rsvno}.${e.expires}.${e.mac}`).join('~');
}

/** The cookie's value after adding `rsvno` to `previous`, as the booking answer writes it. */
export function withBooking(previous: string | undefined, appKey: string, rsvno: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + GRACE_SECONDS;
  const kept = validEntries(previous, appKey, now).filter((e) => e.rsvno !== rsvno);
  return cookieValue([...kept, { rsvno, expires, mac: mac(appKey, rsvno, expires) }].slice(-MAX_ENTRIES));
}

export function grantBookingCapability(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'appKey' | 'secureCookies'>,
  rsvno: string,
  now: Date,
): void {
  const options = { path: '/api', httpOnly: true, sameSite: 'strict', secure: config.secureCookies } as const;
  reply.setCookie(COOKIE, withBooking(request.cookies[COOKIE], config.appKey, rsvno, now), {
    ...options,
    maxAge: GRACE_SECONDS,
  });
  for (const name of Object.keys(request.cookies)) {
    if (name.startsWith(LEGACY_PREFIX)) reply.clearCookie(name, options);
  }
}

export function holdsBookingCapability(request: FastifyRequest, appKey: string, rsvno: string, now: Date): boolean {
  return validEntries(request.cookies[COOKIE], appKey, now).some((e) => e.rsvno === rsvno);
}

/** The cookie's name and value for a booking, as a test or a script sends it back. */
export function bookingCapabilityCookie(appKey: string, rsvno: string, now = new Date()): Record<string, string> {
  return { [COOKIE]: withBooking(undefined, appKey, rsvno, now) };
}
