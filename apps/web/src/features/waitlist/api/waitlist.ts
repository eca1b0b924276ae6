import {
  type WaitlistJoinRequest,
  waitlistJoinResponse,
  waitlistLeaveResponse,
  waitlistOfferResponse,
} from '@tabi/contract/waitlist';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /waitlist (issue 27): joins the waiting list of a sold-out day. */
export function joinWaitlist(body: WaitlistJoinRequest) {
  return apiPost('/waitlist', body, waitlistJoinResponse, {});
}

/** POST /waitlist/offer: what the link's entry is now (waiting, offered with its held seats, …). */
export function lookUpOffer(token: string) {
  return apiPost('/waitlist/offer', { token }, waitlistOfferResponse, { loading: false });
}

/** POST /waitlist/leave: leaves the list, or declines the offer. */
export function leaveWaitlist(token: string) {
  return apiPost('/waitlist/leave', { token }, waitlistLeaveResponse, {});
}
