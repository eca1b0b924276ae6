/** Paying a booking in tests as the purchase flow does: its checkout from the browser that booked, the sandbox's card. */
import { expect } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { bookingCapabilityCookie } from './capability.ts';
import { SANDBOX_CARD_OK } from './sandbox.ts';

let address = 1;

/** Opens the booking's checkout (the purchase flow's return paths) and answers the sandbox session's id. */
export async function openSandboxCheckout(t: TestApp, rsvno: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/checkout',
    payload: { rsvno, success_path: '/reservation/complete?processing=success', cancel_path: '/reservation/complete' },
    cookies: bookingCapabilityCookie(t.config.appKey, rsvno),
    remoteAddress: `10.199.${address >> 8}.${address++ & 255}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().response.url as string;
  return url.slice(url.lastIndexOf('/') + 1);
}

/** Pays a sandbox session (or the card page of its `url`) with the test card that succeeds. */
export async function paySandboxCheckout(t: TestApp, idOrUrl: string): Promise<void> {
  const id = idOrUrl.slice(idOrUrl.lastIndexOf('/') + 1);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number: SANDBOX_CARD_OK, expiry: '12/34', cvc: '123' }).toString(),
  });
  expect(paid.statusCode).toBe(303);
}

/** Opens the booking's checkout and pays it. */
export async function payBooking(t: TestApp, rsvno: string): Promise<void> {
  await paySandboxCheckout(t, await openSandboxCheckout(t, rsvno));
}

/** Chooses konbini on the sandbox session's page (ADR 0213): the slip is issued for `store`; answers the response. */
export function issueSandboxSlip(t: TestApp, id: string, store = 'familymart') {
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${id}/pay/konbini`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ decision: 'approve', store }).toString(),
  });
}

/** Pays the sandbox session's konbini slip at the store (the voucher page's button); answers the response. */
export function payAtSandboxStore(t: TestApp, id: string) {
  return t.app.inject({ method: 'POST', url: `/sandbox/konbini/${id}` });
}
