/**
 * The purchase flow's right to pay a booking (issue 11, ADR 0102): the booking answer sets an HttpOnly
 * cookie bound to that booking number with APP_KEY, and POST /checkout without a customer session opens a
 * checkout only for a browser that holds it. A stranger who guesses numbers learns nothing: every number
 * is refused alike, before the booking is looked up.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNPAID_GRACE_MINUTES } from '@tabi/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

const PREFIX = 'tabi_bk_';

function mac(appKey: string, rsvno: string): string {
  return createHmac('sha256', appKey).update(`booking-capability:${rsvno}`).digest('base64url');
}

export function grantBookingCapability(
  reply: FastifyReply,
  config: Pick<Config, 'appKey' | 'secureCookies'>,
  rsvno: string,
): void {
  reply.setCookie(`${PREFIX}${rsvno}`, mac(config.appKey, rsvno), {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    maxAge: UNPAID_GRACE_MINUTES * 60,
  });
}

export function holdsBookingCapability(request: FastifyRequest, appKey: string, rsvno: string): boolean {
  const given = request.cookies[`${PREFIX}${rsvno}`];
  if (!given) return false;
  const expected = Buffer.from(mac(appKey, rsvno));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The cookie's name and value for a booking, as a test or a script sends it back. */
export function bookingCapabilityCookie(appKey: string, rsvno: string): Record<string, string> {
  return { [`${PREFIX}${rsvno}`]: mac(appKey, rsvno) };
}
