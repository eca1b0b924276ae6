/**
 * The payments module as the rest of the server sees it (ADR 0181): the booking and the console ask through these
 * functions, and hear back through `PaymentOutcomes`. Payments, refunds, provider calls and the provider are written
 * only inside this folder.
 */
export { grantBookingCapability, holdsBookingCapability } from './capability.ts';
export { type FulfilOutcome, fulfil } from './fulfil.ts';
export { openSlipOf, recordSlip, remindSlips, voidOpenSlips } from './konbini.ts';
export type { IssuedSlip, PaidCheckout, PaidVerdict, PaymentOutcomes, RefundOutcome } from './outcomes.ts';
export { type ReconcileReport, reconcile, reportIsEmpty, settleOpenPayments } from './reconciler.ts';
export {
  planRefunds,
  REFUND_MAX_ATTEMPTS,
  refundableByPayment,
  refundsSettled,
  sendPendingRefunds,
  sendRefund,
  voidRefusedRefunds,
} from './refunds.ts';
export {
  findPaidPayments,
  findPayments,
  findProviderCalls,
  findRefunds,
  type PaymentRow,
  PROVIDER_CALL_GRACE_MS,
  type ProviderCallRow,
  type RefundReason,
  type RefundRow,
} from './repository.ts';
export { changeOfCheckout, createCheckoutForDifference } from './service.ts';
