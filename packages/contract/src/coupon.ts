/** Coupon calls of SPEC §7. */
import { z } from 'zod';
import { envelope, facilityFields, numericString, plainText, session, ymdString } from './envelope.ts';

export const couponOption = z.object({
  opcd: z.string(),
  pkcd: z.string(),
  webname: z.string(),
  usedate: ymdString,
  image: z.string(),
  introduction: z.string(),
  contents: z.string(),
  optionattention: z.string(),
  ...facilityFields,
  companyattention: z.string(),
  paxadultqty: z.number().int(),
  adultqty: z.number().int(),
  paxchildqty: z.number().int(),
  childqty: z.number().int(),
  /**
   * Not in SPEC §3 (added): the coupon's facility takes no coupon now (stopped by the travel company), so the
   * pages say so before the facility's staff type a PIN. Absent from a server that does not know it.
   */
  facility_stopped: z.boolean().optional(),
});
export type CouponOption = z.infer<typeof couponOption>;

/** `rsvno` is not sent by SPEC's client; when a client names one, it must be the session's booking. */
export const couponListRequest = z.object({ session, rsvno: plainText().max(20).optional() });
export const couponListResponse = envelope(z.object({ optionList: z.array(couponOption) }));
export const couponParams = z.object({ opcd: plainText().max(20), pkcd: plainText().max(20) });
export const couponDetailResponse = envelope(couponOption);

export const couponUseRequest = z.object({
  session,
  rsvno: plainText().max(20).optional(),
  opcd: plainText().min(1).max(20),
  pkcd: plainText().min(1).max(20),
  adultqty: numericString,
  childqty: numericString.default('0'),
  usekey: plainText().min(1).max(20),
  idempotency_key: plainText().min(8).max(100).optional(),
});
export type CouponUseRequest = z.input<typeof couponUseRequest>;
export const couponUseResponse = envelope(z.unknown());
