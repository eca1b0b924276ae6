/**
 * 予約詳細 and its actions (DESIGN §11). The page reads the booking as my page shows it plus its
 * payments, provider calls, mails and history; every action is one call of the booking lifecycle with the staff
 * member as the actor, which checks the state and writes the event itself. Nothing here writes a booking.
 */
import type { StaffRole } from '@tabi/contract/admin';
import {
  type AdminEvent,
  type BookingActions,
  type BookingDetail,
  type CancelQuoteResult,
  CUSTOMER_ACTOR_LABEL,
  channelLabel,
  PROVIDER_STUCK_ATTEMPTS,
  type ReconcileResult,
  SYSTEM_ACTOR_LABEL,
} from '@tabi/contract/admin-bookings';
import { maskPassport, statusLabel } from '@tabi/contract/booking-rules';
import { toTokyoIso } from '@tabi/contract/dates';
import { say } from '@tabi/contract/said';
import { staffActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { cancelBooking, quoteCancellation } from '../booking/cancel.ts';
import { changeDeparture } from '../booking/change.ts';
import { canMove, effectiveLifecycle, isEnded, lifecycleOf, specStateFields } from '../booking/lifecycle.ts';
import { listBookingMails } from '../booking/mails.ts';
import { editRentals, type RentalEntry } from '../booking/rentals.ts';
import * as bookingRepo from '../booking/repository.ts';
import { confirmRequest, declineRequest, requestPaymentDeadline, type TransitionResult } from '../booking/service.ts';
import { addNote, changeContact, changeParticipants, resendMail } from '../booking/staff-actions.ts';
import type { BookingInput } from '../booking/validate.ts';
import { findCouponUses } from '../coupon/repository.ts';
import { bookingView } from '../mypage/service.ts';
import {
  findPaidPayments,
  findPayments,
  findProviderCalls,
  findRefunds,
  type ProviderCallRow,
  reconcile,
} from '../payment/index.ts';
import { findReseller, octoReferences } from '../reseller/repository.ts';
import { bookingResources } from '../resources/reassign.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import { staffMails } from './repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function callStuck(call: Pick<ProviderCallRow, 'state' | 'attempts'>): boolean {
  return call.state === 'failed' || (call.state === 'begun' && call.attempts >= PROVIDER_STUCK_ATTEMPTS);
}

async function loadBooking(ctx: AppContext, rsvno: string): Promise<bookingRepo.BookingRow> {
  const booking = await bookingRepo.findBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  return booking;
}

/** Which actions the state allows now: the predicates the lifecycle functions refuse with. */
export function allowedActions(
  booking: bookingRepo.BookingRow,
  now: Date,
  hasRental: boolean,
  mailCount: number,
): BookingActions {
  const live = !isEnded(lifecycleOf(booking));
  // As it stands now: a card booking past its hour is expired before the sweeper makes it so.
  const effective = effectiveLifecycle(booking, now);
  return {
    // Offered only while a payment deadline can still be set (before the day of use), as confirmRequest checks.
    confirm: canMove(booking, 'confirmRequest') && requestPaymentDeadline(now, booking.fromdate) > now,
    // A request not answered, or answered and not paid (declineRequest ends it unpaid).
    decline: canMove(booking, 'endUnpaid'),
    // Staff cancel a card booking (paid or within its grace) on the customer's behalf, also on or after its day.
    cancel: canMove(booking, 'claimCancellation') && effective !== 'expired',
    editParticipants: live,
    editRentals: hasRental && !isEnded(effective) && effective !== 'cancelling',
    resendMail: mailCount > 0,
    note: true,
    reconcile: true,
    // Its units count while it holds its seats; past its hour a card booking is about to give them back.
    reassignResources: !isEnded(effective),
  };
}

function actorLabel(
  kind: string,
  actor: string,
  mails: Map<number, string>,
  reseller: BookingDetail['reseller'],
): string {
  if (kind === 'staff') return mails.get(Number(actor)) ?? `スタッフ #${actor}`;
  if (kind === 'system') return SYSTEM_ACTOR_LABEL[actor] ?? actor;
  // A reseller through OCTO: the booking's channel, by its name.
  if (kind === 'reseller')
    return `${reseller && String(reseller.id) === actor ? reseller.name : `販売店 #${actor}`}（OCTO）`;
  return CUSTOMER_ACTOR_LABEL;
}

/** A copy of a history value with every passport number cut to its last 4, at any depth (members are arrays). */
function maskedPassports(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskedPassports);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      key === 'passport_number' && typeof inner === 'string' ? maskPassport(inner) : maskedPassports(inner),
    ]),
  );
}

/** The history as an operator reads it: a participants correction keeps passport numbers, shown as their last 4. */
function eventsForRole(events: AdminEvent[], role: StaffRole): AdminEvent[] {
  if (role === 'admin') return events;
  return events.map((e) => ({
    ...e,
    before: maskedPassports(e.before) as AdminEvent['before'],
    after: maskedPassports(e.after) as AdminEvent['after'],
  }));
}

/** The booking as my page shows it, with passport numbers cut to their last 4 for an operator. */
function forRole(view: BookingDetail['booking'], role: StaffRole): BookingDetail['booking'] {
  if (role === 'admin') return view;
  return {
    ...view,
    memberList: view.memberList.map((m) => {
      const fields = m.extended_datas.extended_participant_fields;
      if (typeof fields.passport_number !== 'string') return m;
      return {
        ...m,
        extended_datas: {
          extended_participant_fields: { ...fields, passport_number: maskPassport(fields.passport_number) },
        },
      };
    }),
  };
}

/** GET /api/admin/bookings/:rsvno */
export async function bookingDetail(ctx: AppContext, rsvno: string, role: StaffRole): Promise<BookingDetail> {
  const row = await loadBooking(ctx, rsvno);
  const [view, lines, payments, refunds, calls, mails, events, coupons, resources] = await Promise.all([
    bookingView(ctx, rsvno),
    bookingRepo.findBookingOptions(ctx.db, rsvno),
    findPayments(ctx.db, rsvno),
    findRefunds(ctx.db, rsvno),
    findProviderCalls(ctx.db, rsvno),
    listBookingMails(ctx.db, rsvno),
    bookingRepo.findEvents(ctx.db, rsvno),
    findCouponUses(ctx.db, rsvno),
    bookingResources(ctx.db, rsvno),
  ]);
  const first = lines[0];
  const option = first ? await bookingRepo.findOption(ctx.db, first.line.opcd) : undefined;
  const staffIds = [...new Set(events.filter((e) => e.actorKind === 'staff').map((e) => Number(e.actor)))];
  const names = await staffMails(
    ctx.db,
    staffIds.filter((id) => Number.isInteger(id)),
  );
  const servertime = toTokyoIso(ctx.clock.now());

  const rentalcd = lines.find(({ option: o }) => o.rentalcd !== '')?.option.rentalcd ?? '';
  const reseller = await resellerOf(ctx, row);
  return {
    booking: forRole(view, role),
    statusLabel: statusLabel(specStateFields(row), servertime),
    tel: row.tel,
    lang: row.lang,
    md: row.md,
    canceledAt: iso(row.canceledAt),
    cancelFee: row.cancelFee,
    refundAmount: row.refundAmount,
    cancelReason: row.cancelReason,
    option: {
      opcd: first?.line.opcd ?? '',
      webname: first?.option.webname ?? '',
      rentalcd,
      flgRequestItem: option?.flgRequestItem ?? false,
      extendedFields: option?.extendedFields ?? [],
      seats: lines.reduce((sum, l) => sum + l.line.seats, 0),
    },
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      checkoutSessionId: p.checkoutSessionId,
      amount: p.amount,
      status: p.status,
      chargeId: p.chargeId,
      refundedAmount: p.refundedAmount,
      createdAt: p.createdAt.toISOString(),
      paidAt: iso(p.paidAt),
      method: p.method,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      paymentId: r.paymentId,
      amount: r.amount,
      reason: r.reason,
      state: r.state,
      providerRef: r.providerRef,
      createdAt: r.createdAt.toISOString(),
      doneAt: iso(r.doneAt),
      awaitingAccount: r.awaitingAccount,
    })),
    providerCalls: calls.map((c) => ({
      id: c.id,
      kind: c.kind,
      paymentId: c.paymentId,
      amount: c.amount,
      reason: c.reason,
      state: c.state,
      attempts: c.attempts,
      lastError: c.lastError,
      providerRef: c.providerRef,
      createdAt: c.createdAt.toISOString(),
      doneAt: iso(c.doneAt),
      stuck: callStuck(c),
    })),
    mails: mails.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to,
      subject: m.subject,
      body: m.body,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
    })),
    couponUses: coupons.map((u) => ({
      id: u.id,
      at: u.createdAt.toISOString(),
      opcd: u.opcd,
      adultqty: u.adultqty,
      childqty: u.childqty,
      outcome: u.outcome,
    })),
    events: eventsForRole(
      events.map(
        (e): AdminEvent => ({
          id: e.id,
          at: e.at.toISOString(),
          actorKind: e.actorKind,
          actor: e.actor,
          actorLabel: actorLabel(e.actorKind, e.actor, names, reseller),
          action: e.action,
          before: e.before ?? null,
          after: e.after ?? null,
          note: e.note,
        }),
      ),
      role,
    ),
    resources,
    actions: allowedActions(row, ctx.clock.now(), rentalcd !== '', mails.length),
    channel: channelLabel(reseller?.name),
    reseller,
  };
}

/** The reseller that sold the booking (ADR 0170), with the OCTO side's references once it is written. */
async function resellerOf(ctx: AppContext, row: bookingRepo.BookingRow): Promise<BookingDetail['reseller']> {
  if (row.resellerId === null) return null;
  const [reseller, octo] = await Promise.all([findReseller(ctx.db, row.resellerId), octoReferences(ctx.db, row.rsvno)]);
  return {
    id: row.resellerId,
    name: reseller?.name ?? `#${row.resellerId}`,
    netAmount: row.netAmount,
    resellerReference: octo?.resellerReference ?? null,
    uuid: octo?.uuid ?? null,
  };
}

function asResult(r: TransitionResult) {
  return { rsvno: r.rsvno, status: r.status, paymentDeadline: iso(r.paymentDeadline) };
}

export async function confirm(ctx: AppContext, staff: StaffPrincipal, rsvno: string) {
  return asResult(await confirmRequest(ctx, rsvno, staffActor(staff.id)));
}

export async function decline(ctx: AppContext, staff: StaffPrincipal, rsvno: string) {
  return asResult(await declineRequest(ctx, rsvno, staffActor(staff.id)));
}

/** The cancellation's effect now: the policy's fee (or the fee the clerk typed), the refund, what was paid. */
export async function cancelQuote(
  ctx: AppContext,
  staff: StaffPrincipal,
  rsvno: string,
  fee: number | undefined,
): Promise<CancelQuoteResult> {
  const actor = staffActor(staff.id);
  // The reason is asked for when the cancellation is made; a preview stores nothing.
  const override = fee === undefined ? undefined : { amount: fee, reason: 'preview' };
  const quote = await quoteCancellation(ctx, rsvno, actor, override);
  return { ...quote, paid: await paidAmount(ctx, rsvno) };
}

/** Money still held for the booking (paid minus refunded), or the booking's amount when settled by hand. */
async function paidAmount(ctx: AppContext, rsvno: string): Promise<number> {
  const booking = await loadBooking(ctx, rsvno);
  const paid = await findPaidPayments(ctx.db, rsvno);
  if (paid.length > 0) return paid.reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);
  return booking.statusPayment === 1 ? booking.amountjp : 0;
}

export async function cancel(
  ctx: AppContext,
  staff: StaffPrincipal,
  rsvno: string,
  input: { feeOverride?: { amount: number; reason: string } | undefined; expectedRefund?: number | undefined },
) {
  return cancelBooking(ctx, rsvno, {
    actor: staffActor(staff.id),
    ...(input.feeOverride ? { feeOverride: input.feeOverride } : {}),
    ...(input.expectedRefund !== undefined ? { expectedRefund: input.expectedRefund } : {}),
  });
}

/**
 * 日時を変更 by staff (ADR 0197): the customer's rules, the staff member in the history; a difference to pay opens the
 * checkout the customer pays from (the link is handed to them; it comes back to their my page).
 */
export async function changeBookingDeparture(
  ctx: AppContext,
  staff: StaffPrincipal,
  rsvno: string,
  input: { usedate: string; start_time: string; amountjp: string },
  origin: string,
) {
  return changeDeparture(
    ctx,
    rsvno,
    { usedate: input.usedate, startTime: input.start_time },
    Number(input.amountjp),
    staffActor(staff.id),
    { origin, successPath: '/mypage?change=paid', cancelPath: '/mypage?change=canceled' },
  );
}

export async function resend(ctx: AppContext, staff: StaffPrincipal, rsvno: string, mailId: number) {
  await resendMail(ctx, rsvno, mailId, staffActor(staff.id));
  return { ok: true as const };
}

export async function participants(
  ctx: AppContext,
  staff: StaffPrincipal,
  rsvno: string,
  memberList: BookingInput['memberList'],
) {
  await changeParticipants(ctx, rsvno, memberList, staffActor(staff.id));
  return { ok: true as const };
}

export async function rentals(ctx: AppContext, staff: StaffPrincipal, rsvno: string, entries: RentalEntry[]) {
  await editRentals(ctx, rsvno, entries, staffActor(staff.id));
  return { ok: true as const };
}

export async function contact(
  ctx: AppContext,
  staff: StaffPrincipal,
  rsvno: string,
  input: { tel: string; mail: string },
) {
  return changeContact(ctx, rsvno, input, staffActor(staff.id));
}

export async function note(ctx: AppContext, staff: StaffPrincipal, rsvno: string, text: string) {
  await addNote(ctx, rsvno, text, staffActor(staff.id));
  return { ok: true as const };
}

/** 今すぐ照合: this booking's unfinished provider steps, whether due or not, finished now. */
export async function reconcileNow(ctx: AppContext, staff: StaffPrincipal, rsvno: string): Promise<ReconcileResult> {
  await loadBooking(ctx, rsvno);
  return reconcile(ctx, { rsvno, actor: staffActor(staff.id) });
}
