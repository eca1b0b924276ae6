/**
 * 催行中止 of one booking: the company cancels it through the one lifecycle (ADR 0100), with no fee and
 * everything paid refunded. Safe to run again at any point (a stop resumed after a crash, or two instances):
 * a claimed cancellation is resumed, refunds go out once by their idempotency keys, the mail is queued once with
 * the final step.
 */
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { dayStoppedMail, loadMailBooking, loadStopNotice } from '../mail/templates.ts';
import { sendPendingRefunds, voidOpenSlips } from '../payment/index.ts';
import { beginCancellation, CancellationNotDue, cancellationPending, tryFinishCancellation } from './cancel.ts';
import { canMove, isEnded, lifecycleOf } from './lifecycle.ts';
import * as repo from './repository.ts';
import { cancelUnpaid } from './service.ts';

/**
 * canceled: final (or was already); pending: its refund is still on its way (the reconciler finishes it); skipped:
 * `stillDue` said under the booking's lock that it is no longer to be cancelled, and nothing was changed.
 */
export type CompanyCancelOutcome = 'canceled' | 'pending' | 'skipped';

export async function cancelByCompany(
  ctx: AppContext,
  rsvno: string,
  actor: Actor,
  note: string,
  stillDue?: (tx: DbOrTx, booking: repo.BookingRow) => Promise<boolean>,
): Promise<CompanyCancelOutcome> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking || isEnded(lifecycleOf(booking))) return 'canceled';
  if (canMove(booking, 'endUnpaid')) {
    // A request, answered or not, never paid: canceled at once with its seats back (the day stays closed).
    const ended = await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockBooking(tx, rsvno);
      if (!locked || isEnded(lifecycleOf(locked))) return true;
      if (!canMove(locked, 'endUnpaid')) return false;
      if (stillDue && !(await stillDue(tx, locked))) return 'skipped' as const;
      await cancelUnpaid(ctx, tx, locked, 'company', actor);
      const mail = await loadMailBooking(tx, ctx.config, rsvno);
      if (mail)
        await enqueueMail(
          tx,
          dayStoppedMail(mail, 0, await loadStopNotice(tx, rsvno, mail.loginUrl, mail.lang ?? 'ja', ctx.clock.now())),
        );
      return true;
    });
    if (ended === 'skipped') return 'skipped';
    // Paid in the meantime: it is a card booking now, canceled as one.
    if (ended) return 'canceled';
  }
  if (!cancellationPending(booking) || booking.cancelReason === 'company') {
    try {
      await beginCancellation(ctx, rsvno, {
        actor,
        feeOverride: { amount: 0, reason: note },
        company: true,
        ...(stillDue ? { stillDue } : {}),
      });
    } catch (error) {
      if (error instanceof CancellationNotDue) return 'skipped';
      throw error;
    }
  }
  await sendPendingRefunds(ctx, rsvno, ['cancel'], actor);
  if (await tryFinishCancellation(ctx, rsvno, actor)) {
    await voidOpenSlips(ctx, rsvno);
    return 'canceled';
  }
  const after = await repo.findBooking(ctx.db, rsvno);
  return after && isEnded(lifecycleOf(after)) ? 'canceled' : 'pending';
}
