import type { WaitlistJoinRequest } from '@tabi/contract/waitlist';
import { API, call } from '../../../lib/api-client.ts';

/** POST /waitlist (ADR 0167): joins the waiting list of a sold-out day. */
export function joinWaitlist(body: WaitlistJoinRequest) {
  return call(API['POST /waitlist'], { body });
}

/** POST /waitlist/offer: what the link's entry is now (waiting, offered with its held seats, …). */
export function lookUpOffer(token: string) {
  return call(API['POST /waitlist/offer'], { body: { token } }, { loading: false });
}

/** POST /waitlist/leave: leaves the list, or declines the offer. */
export function leaveWaitlist(token: string) {
  return call(API['POST /waitlist/leave'], { body: { token } });
}
