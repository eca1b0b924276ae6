/**
 * Receipts (ADR 0163): which ones a booking has, and issuing one. The travel price is receipted once
 * the booking is paid, for what was paid and kept; a cancellation with a fee gets a receipt for the fee instead
 * (不課税), never one for the travel price. The first issue needs the 宛名, every later one prints the stored
 * one marked 再発行. Each issue, by the customer or by staff, counts in `receipts` and is an event of the booking.
 */
import { ErrCd } from '@tabi/contract/constants';
import { formatTimes, isoDateToYmd, tokyoYmd, toTokyoIso } from '@tabi/contract/dates';
import {
  includedTax,
  RECEIPT_PROVISO,
  RECEIPT_TAX_RATE_PERCENT,
  type ReceiptKind,
  type ReceiptList,
  ReceiptMsg,
  type ReceiptStatus,
  shownUnprintable,
} from '@tabi/contract/receipt';
import { say } from '@tabi/contract/said';
import { DEMO_SITE_LEGAL } from '@tabi/contract/site';
import { and, eq } from 'drizzle-orm';
import { type Actor, customerActor, staffActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type PaymentRow, type ReceiptRow, receipts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../booking/events.ts';
import { isEnded, lifecycleOf } from '../booking/lifecycle.ts';
import * as repo from '../booking/repository.ts';
import { findPayments } from '../payment/index.ts';
import { requireSession } from '../session/service.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import { unprintableChars } from './font-coverage.ts';
import { type ReceiptModel, renderReceiptPdf } from './pdf.ts';

/** What one kind of receipt would state now, or why the booking has none of it. */
type Receiptable = { ok: true; amount: number; paidAt: Date; canceledAt: Date | null } | { ok: false; message: string };

/** 2026年11月26日, in Tokyo. */
export function japaneseDate(instant: Date): string {
  const day = tokyoYmd(instant);
  return `${day.slice(0, 4)}年${Number(day.slice(4, 6))}月${Number(day.slice(6, 8))}日`;
}

/** The payment the booking was paid with: the first one paid (a duplicate is refunded, and so not `paid`). */
function paymentOf(payments: PaymentRow[]): (PaymentRow & { paidAt: Date }) | undefined {
  return payments
    .filter((p): p is PaymentRow & { paidAt: Date } => p.status === 'paid' && p.paidAt !== null)
    .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime())[0];
}

/** The rules of ADR 0163: what a receipt of `kind` would say for this booking now. */
export function receiptable(booking: repo.BookingRow, payments: PaymentRow[], kind: ReceiptKind): Receiptable {
  const payment = paymentOf(payments) ?? payments.find((p) => p.paidAt !== null && p.status === 'refunded');
  if (kind === 'payment') {
    const state = lifecycleOf(booking);
    if (isEnded(state)) return { ok: false, message: ReceiptMsg.travelCanceled };
    if (state === 'cancelling') return { ok: false, message: ReceiptMsg.cancellationPending };
    if (state !== 'paid' || !payment?.paidAt) return { ok: false, message: ReceiptMsg.notPaid };
    // What was paid and kept: a partial refund (none today outside a cancellation) is not receipted.
    const amount = payment.amount - payment.refundedAmount;
    if (amount <= 0) return { ok: false, message: ReceiptMsg.notPaid };
    return { ok: true, amount, paidAt: payment.paidAt, canceledAt: null };
  }
  const state = lifecycleOf(booking);
  if (state === 'cancelling') return { ok: false, message: ReceiptMsg.cancellationPending };
  const fee = booking.cancelFee ?? 0;
  if (!isEnded(state) || fee <= 0 || !payment?.paidAt) {
    return { ok: false, message: ReceiptMsg.noCancelFee };
  }
  return { ok: true, amount: fee, paidAt: payment.paidAt, canceledAt: booking.canceledAt };
}

async function findReceipt(db: DbOrTx, rsvno: string, kind: ReceiptKind): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.rsvno, rsvno), eq(receipts.kind, kind)));
  return row;
}

/** The receipts the booking can have now, each with whether (and to whom) it was issued. */
export async function receiptList(ctx: AppContextBase, rsvno: string): Promise<ReceiptList> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  const [payments, issued] = await Promise.all([
    findPayments(ctx.db, rsvno),
    ctx.db.select().from(receipts).where(eq(receipts.rsvno, rsvno)),
  ]);
  const list: ReceiptStatus[] = [];
  for (const kind of ['payment', 'cancel_fee'] as const) {
    const facts = receiptable(booking, payments, kind);
    if (!facts.ok) continue;
    const row = issued.find((r) => r.kind === kind);
    list.push({
      kind,
      amount: facts.amount,
      issued: row !== undefined,
      addressee: row?.addressee ?? null,
      issueCount: row?.issueCount ?? 0,
      lastIssuedAt: row ? toTokyoIso(row.lastIssuedAt) : null,
    });
  }
  return { receipts: list };
}

export interface IssuedReceipt {
  pdf: Buffer;
  model: ReceiptModel;
}

/**
 * Issues a receipt of `kind`: the first time with `addressee` (required), later with the stored one and marked
 * 再発行 (a new 宛名 is ignored). Under the booking's lock: the count, the dates and the event are written
 * together, and two issues at once count twice in order. The PDF is drawn after the commit.
 */
export async function issueReceipt(
  ctx: AppContextBase,
  rsvno: string,
  input: { kind: ReceiptKind; addressee?: string | undefined },
  actor: Actor,
): Promise<IssuedReceipt> {
  const now = ctx.clock.now();
  const { booking, row, facts, lines } = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockBooking(tx, rsvno);
    if (!locked) throw AppError.notFound(say('bookingNotFound'));
    const state = receiptable(locked, await findPayments(tx, rsvno), input.kind);
    if (!state.ok) throw AppError.conflict(ErrCd.generic, state.message);
    const existing = await findReceipt(tx, rsvno, input.kind);
    let saved: ReceiptRow;
    if (existing) {
      const [updated] = await tx
        .update(receipts)
        .set({ issueCount: existing.issueCount + 1, lastIssuedAt: now })
        .where(eq(receipts.id, existing.id))
        .returning();
      saved = updated ?? existing;
    } else {
      const addressee = input.addressee?.trim() ?? '';
      if (addressee === '') throw new AppError(ErrCd.generic, ReceiptMsg.addresseeRequired, 422);
      // Kept for every later issue: a character the font cannot draw would print as □ on each of them.
      const unprintable = unprintableChars(addressee);
      if (unprintable.length > 0)
        throw new AppError(
          ErrCd.generic,
          say('receiptAddresseeUnprintable', { characters: shownUnprintable(unprintable) }),
          422,
        );
      const [inserted] = await tx
        .insert(receipts)
        .values({ rsvno, kind: input.kind, addressee, issueCount: 1, firstIssuedAt: now, lastIssuedAt: now })
        .returning();
      if (!inserted) throw new Error('receipt not saved');
      saved = inserted;
    }
    await recordEvent(tx, now, rsvno, actor, saved.issueCount > 1 ? 'receipt_reissued' : 'receipt_issued', {
      after: {
        receipt: input.kind === 'payment' ? '旅行代金' : 'キャンセル料',
        amount: state.amount,
        issue_count: saved.issueCount,
      },
    });
    return { booking: locked, row: saved, facts: state, lines: await repo.findBookingOptions(tx, rsvno) };
  });
  const model = receiptModel(ctx, booking, row, facts, lines);
  return { pdf: await renderReceiptPdf(model), model };
}

function receiptModel(
  ctx: AppContextBase,
  booking: repo.BookingRow,
  row: ReceiptRow,
  facts: Extract<Receiptable, { ok: true }>,
  lines: Awaited<ReturnType<typeof repo.findBookingOptions>>,
): ReceiptModel {
  const legal = ctx.config.legal;
  const items = lines.map(({ line, option }) => {
    const day = isoDateToYmd(line.usedate);
    const on = `${day.slice(0, 4)}年${Number(day.slice(4, 6))}月${Number(day.slice(6, 8))}日`;
    // A departure's start time beside the day (ADR 0196).
    const at = line.startTime ? ` ${formatTimes(line.startTime, line.endTime, 'ja')}` : '';
    return `${option.webname}（ご利用日 ${on}${at}）`;
  });
  return {
    kind: row.kind,
    reissue: row.issueCount > 1,
    issueCount: row.issueCount,
    receiptNo: `${booking.rsvno}-${row.kind === 'payment' ? 'R' : 'C'}`,
    issuedOn: japaneseDate(row.lastIssuedAt),
    firstIssuedOn: japaneseDate(row.firstIssuedAt),
    addressee: row.addressee,
    amount: facts.amount,
    proviso: RECEIPT_PROVISO[row.kind],
    tax:
      row.kind === 'payment'
        ? { ratePercent: RECEIPT_TAX_RATE_PERCENT, amount: includedTax(facts.amount, RECEIPT_TAX_RATE_PERCENT) }
        : null,
    rsvno: booking.rsvno,
    items,
    paidOn: japaneseDate(facts.paidAt),
    canceledOn: facts.canceledAt ? japaneseDate(facts.canceledAt) : null,
    issuer: {
      companyName: legal.companyName,
      address: legal.address,
      tel: legal.tel,
      invoiceNumber: legal.invoiceNumber,
      registration: legal.registration,
    },
    example: legal.example || legal.invoiceNumber === DEMO_SITE_LEGAL.invoiceNumber,
  };
}

// --- my page (the customer's session) and 予約詳細 (staff) ---

/** POST /booking/receipts */
export async function customerReceipts(ctx: AppContext, input: { session: string; rsvno: string }) {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  return receiptList(ctx, rsvno);
}

/** POST /booking/receipt */
export async function customerIssue(
  ctx: AppContext,
  input: { session: string; rsvno: string; kind: ReceiptKind; addressee?: string | undefined },
): Promise<IssuedReceipt> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  return issueReceipt(ctx, rsvno, input, customerActor);
}

/** POST /api/admin/bookings/{rsvno}/receipt */
export async function staffIssue(
  ctx: AppContextBase,
  staff: StaffPrincipal,
  rsvno: string,
  input: { kind: ReceiptKind; addressee?: string | undefined },
): Promise<IssuedReceipt> {
  return issueReceipt(ctx, rsvno, input, staffActor(staff.id));
}
