import { COUPON_LOCK_MINUTES, COUPON_PIN_MAX_FAILURES, ErrCd } from '@tabi/contract/constants';
import { inLang, type OptionTextField } from '@tabi/contract/content';
import type { CouponOption } from '@tabi/contract/coupon';
import { formatYmd, isoDateToYmd } from '@tabi/contract/dates';
import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { say } from '@tabi/contract/said';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { effectiveLifecycle, lifecycleOf } from '../booking/lifecycle.ts';
import { findBooking, lockBooking } from '../booking/repository.ts';
import { requireSession } from '../session/service.ts';
import { verifyPin } from './pin.ts';
import * as repo from './repository.ts';

const MINUTE = 60_000;
/** More than any party; keeps absurd quantities away from the integer columns. */
const MAX_QUANTITY = 999;

/** A coupon's texts a visitor reads, in the page's language where written. */
const COUPON_TEXTS = [
  'webname',
  'introduction',
  'contents',
  'optionattention',
  'companyname',
  'hours',
  'address',
  'companyattention',
] as const satisfies readonly OptionTextField[];

function toCouponOption(row: repo.CouponLine, lang: Lang): CouponOption {
  const line = inLang(row, row.translations, lang, COUPON_TEXTS);
  return {
    opcd: line.opcd,
    pkcd: line.pkcd,
    webname: line.webname,
    usedate: isoDateToYmd(line.usedate),
    image: line.image ?? '',
    introduction: line.introduction,
    contents: line.contents,
    optionattention: line.optionattention,
    companyname: line.companyname,
    hours: line.hours,
    tel: line.tel,
    address: line.address,
    companyattention: line.companyattention,
    lat: line.lat,
    lon: line.lon,
    paxadultqty: line.adultqty,
    adultqty: Math.max(0, line.adultqty - line.adultUsed),
    paxchildqty: line.childqty,
    childqty: Math.max(0, line.childqty - line.childUsed),
    facility_stopped: line.facilityDisabled === true,
  };
}

/** POST /coopon: the coupon options of the session's booking, with what remains of each. */
export async function listCoupons(
  ctx: AppContext,
  input: { session: string; rsvno?: string | undefined },
  lang: Lang = DEFAULT_LANG,
): Promise<{ optionList: CouponOption[] }> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  const lines = await repo.findCouponLines(ctx.db, rsvno);
  return { optionList: lines.map((line) => toCouponOption(line, lang)) };
}

async function findLine(ctx: AppContext, rsvno: string, opcd: string, pkcd: string): Promise<repo.CouponLine> {
  const line = await repo.findCouponLine(ctx.db, rsvno, opcd, pkcd);
  if (!line) throw AppError.notFound(say('couponNotFound'));
  return line;
}

/** POST /coopon/{opcd}/{pkcd}: one coupon option of the session's booking. */
export async function getCoupon(
  ctx: AppContext,
  input: { session: string; rsvno?: string | undefined; opcd: string; pkcd: string },
  lang: Lang = DEFAULT_LANG,
): Promise<CouponOption> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  return toCouponOption(await findLine(ctx, rsvno, input.opcd, input.pkcd), lang);
}

/**
 * When the booking's coupon use is locked: a wrong PIN that was the 5th within 15 minutes locks it for
 * 15 minutes from that moment (DESIGN §10). Attempts during the lock are not counted as wrong PINs.
 */
export async function couponLockedUntil(ctx: AppContext, rsvno: string, db: DbOrTx = ctx.db): Promise<Date | null> {
  const now = ctx.clock.now().getTime();
  const window = COUPON_LOCK_MINUTES * MINUTE;
  const failures = await repo.recentBadPins(db, rsvno, new Date(now - 2 * window));
  let until: number | null = null;
  for (const failure of failures) {
    const at = failure.getTime();
    if (at + window <= now) continue;
    const inWindow = failures.filter((f) => f.getTime() <= at && f.getTime() > at - window).length;
    if (inWindow >= COUPON_PIN_MAX_FAILURES) until = Math.max(until ?? 0, at + window);
  }
  return until === null ? null : new Date(until);
}

function lockedError(ctx: AppContext, until: Date, before?: string): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - ctx.clock.now().getTime()) / MINUTE));
  const locked = say('couponLocked', { minutes });
  return new AppError(ErrCd.generic, before ? say('twoSentences', { first: before, second: locked }) : locked, 429);
}

export interface CouponUseInput {
  session: string;
  rsvno?: string | undefined;
  opcd: string;
  pkcd: string;
  adultqty: string;
  childqty: string;
  usekey: string;
  idempotency_key?: string | undefined;
}

/**
 * POST /coopon/use: facility staff enter the PIN and the quantities are taken off what remains, once.
 * Order: same request again → success; the coupon's day, quantities, lock and PIN; then one
 * conditional update, so two devices can never use the same remaining coupon.
 */
export async function useCoupon(ctx: AppContext, input: CouponUseInput): Promise<null> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  const adult = Number(input.adultqty);
  const child = Number(input.childqty);
  if (adult > MAX_QUANTITY || child > MAX_QUANTITY) throw new AppError(ErrCd.generic, say('couponOverRemaining'), 422);
  const key = input.idempotency_key;

  if (key) {
    const earlier = await repo.findUseByKey(ctx.db, rsvno, key);
    if (earlier) return answerRepeat(earlier, input);
  }

  const line = await findLine(ctx, rsvno, input.opcd, input.pkcd);
  const now = ctx.clock.now();
  const audit = (outcome: repo.AttemptOutcome) =>
    repo.insertAudit(ctx.db, {
      rsvno,
      opcd: line.opcd,
      pkcd: line.pkcd,
      adultqty: adult,
      childqty: child,
      outcome,
      createdAt: now,
    });

  const booking = await findBooking(ctx.db, rsvno);
  if (!booking || effectiveLifecycle(booking, now) !== 'paid') {
    await audit('not_usable');
    throw AppError.conflict(ErrCd.generic, say('couponNotUsable'));
  }
  const usedate = isoDateToYmd(line.usedate);
  if (usedate !== todayIn(ctx.clock)) {
    await audit('not_today');
    throw AppError.conflict(ErrCd.generic, say('couponNotToday', { day: formatYmd(usedate) }));
  }
  if (adult < 1) throw new AppError(ErrCd.generic, say('couponAdultRequired'), 422);
  if (adult > line.adultqty - line.adultUsed || child > line.childqty - line.childUsed) {
    await audit('over_remaining');
    throw AppError.conflict(ErrCd.generic, say('couponOverRemaining'));
  }

  if (line.facilityDisabled) throw AppError.conflict(ErrCd.generic, say('couponFacilityStopped'));
  const attempt = await admitPinCheck(ctx, rsvno, {
    rsvno,
    opcd: line.opcd,
    pkcd: line.pkcd,
    adultqty: adult,
    childqty: child,
    createdAt: now,
  });
  if ('lockedUntil' in attempt) throw lockedError(ctx, attempt.lockedUntil);
  const pinOk = line.pinHash ? await verifyPin(input.usekey, line.pinHash) : false;
  if (!pinOk) {
    const nowLocked = await couponLockedUntil(ctx, rsvno);
    if (nowLocked) throw lockedError(ctx, nowLocked, say('couponPinWrong'));
    throw new AppError(ErrCd.generic, say('couponPinWrong'), 400);
  }
  // The right PIN: the attempt was no wrong PIN after all.
  await repo.deleteAudit(ctx.db, attempt.attemptId);

  const outcome = await ctx.db
    .transaction(async (tx) => {
      // Under the booking's lock, as every move of its lifecycle is: a cancellation claimed meanwhile (its refund
      // on its way) is seen here and refused, and one claimed after this commits sees the coupons used.
      const locked = await lockBooking(tx, rsvno);
      if (!locked || lifecycleOf(locked) !== 'paid') throw new NotUsable();
      const row = { rsvno, opcd: line.opcd, pkcd: line.pkcd, adultqty: adult, childqty: child, createdAt: now };
      if (key && !(await repo.insertKeyedUse(tx, { ...row, outcome: 'used', idempotencyKey: key }))) {
        return 'repeat' as const;
      }
      if (!(await repo.consume(tx, line.id, adult, child))) throw new OverRemaining();
      if (!key) await repo.insertAudit(tx, { ...row, outcome: 'used' });
      return 'used' as const;
    })
    .catch(async (error: unknown) => {
      if (error instanceof NotUsable) {
        await audit('not_usable');
        throw AppError.conflict(ErrCd.generic, say('couponNotUsable'));
      }
      if (!(error instanceof OverRemaining)) throw error;
      await audit('over_remaining');
      throw AppError.conflict(ErrCd.generic, say('couponOverRemaining'));
    });
  if (outcome === 'repeat') {
    const earlier = key ? await repo.findUseByKey(ctx.db, rsvno, key) : undefined;
    if (earlier) return answerRepeat(earlier, input);
  }
  return null;
}

/**
 * Counts and records a PIN check under the booking's lock (ADR 0080): when the booking is locked the
 * attempt is recorded as `locked`, otherwise as `bad_pin` before the PIN is even looked at, and only a
 * right PIN takes that row back. However many requests arrive at once, each one that gets to check a PIN
 * has already been counted, so no more than COUPON_PIN_MAX_FAILURES wrong PINs are ever checked per window.
 */
async function admitPinCheck(
  ctx: AppContext,
  rsvno: string,
  row: Omit<repo.CouponAudit, 'outcome'>,
): Promise<{ attemptId: number } | { lockedUntil: Date }> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockPinChecks(tx, rsvno);
    const lockedUntil = await couponLockedUntil(ctx, rsvno, tx);
    if (lockedUntil) {
      await repo.insertAudit(tx, { ...row, outcome: 'locked' });
      return { lockedUntil };
    }
    return { attemptId: await repo.insertAudit(tx, { ...row, outcome: 'bad_pin' }) };
  });
}

/** Rolls back the use's transaction when the last coupons went to a concurrent request. */
class OverRemaining extends Error {}

/** Rolls back the use's transaction when the booking left `paid` (a cancellation claimed) since it was read. */
class NotUsable extends Error {}

/** A retried request (same idempotency key) succeeds again without being counted twice. */
function answerRepeat(earlier: { opcd: string; pkcd: string }, input: CouponUseInput): null {
  if (earlier.opcd !== input.opcd || earlier.pkcd !== input.pkcd) throw AppError.badRequest();
  return null;
}
