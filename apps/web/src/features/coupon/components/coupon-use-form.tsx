import { ErrCd } from '@tabi/contract/constants';
import type { CouponOption } from '@tabi/contract/coupon';
import { Msg } from '@tabi/contract/messages';
import { type FormEvent, useId, useRef, useState } from 'react';
import { showAlert } from '../../../lib/alert.ts';
import { ApiUnavailableError } from '../../../lib/api-client.ts';
import { useRedeemCoupon } from '../api/use-coupon.ts';
import { couponCounts, newIdempotencyKey, range } from '../lib/coupon-rules.ts';
import styles from './coupon.module.css';

export interface Redeemed {
  adult: number;
  child: number;
}

/**
 * SPEC §2 Coupon detail use form: adult and child quantities and the PIN the facility staff enter.
 * One idempotency key per attempt, kept for a retry after a lost answer so a coupon is never used twice.
 */
export function CouponUseForm({
  coupon,
  opcd,
  pkcd,
  onUsed,
}: {
  coupon: CouponOption | null;
  opcd: string;
  pkcd: string;
  onUsed(used: Redeemed): void;
}) {
  const counts = coupon ? couponCounts(coupon) : null;
  const adultChoices = counts ? (counts.adultLeft > 0 ? range(1, counts.adultLeft) : [0]) : [];
  const childChoices = counts ? range(0, counts.childLeft) : [];
  const showChild = (coupon?.paxchildqty ?? 0) > 0;
  const [adult, setAdult] = useState<number | null>(null);
  const [child, setChild] = useState(0);
  const [pin, setPin] = useState('');
  const attemptKey = useRef<string | null>(null);
  const redeem = useRedeemCoupon();
  const pinHintId = useId();

  const adultQty = adult !== null && adultChoices.includes(adult) ? adult : (adultChoices[0] ?? 0);
  const childQty = childChoices.includes(child) ? child : 0;
  const ready = coupon !== null && pin.trim() !== '' && adultQty >= 1 && !redeem.isPending;

  function changed() {
    attemptKey.current = null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    attemptKey.current ??= newIdempotencyKey();
    try {
      const res = await redeem.mutateAsync({
        opcd,
        pkcd,
        adultqty: String(adultQty),
        childqty: String(childQty),
        usekey: pin.trim(),
        idempotency_key: attemptKey.current,
      });
      attemptKey.current = null;
      setPin('');
      if (res.errcd === ErrCd.success) onUsed({ adult: adultQty, child: childQty });
      else showAlert(res.errMsg);
    } catch (error) {
      // No answer: keep the key so that trying again cannot use the coupon twice.
      if (!(error instanceof ApiUnavailableError) || error.kind !== 'network') attemptKey.current = null;
    }
  }

  return (
    <form id="use-coopon" className={`card ${styles.useForm}`} onSubmit={submit} aria-labelledby="use-coopon-title">
      <h2 id="use-coopon-title" className={styles.useTitle}>
        クーポンを使用する
      </h2>
      <div className={styles.qtyRow}>
        <div className="field">
          <label htmlFor="coupon-adult">大人</label>
          <select
            id="coupon-adult"
            className="select"
            value={adultQty}
            disabled={!coupon}
            onChange={(e) => {
              setAdult(Number(e.currentTarget.value));
              changed();
            }}
          >
            {adultChoices.map((n) => (
              <option key={n} value={n}>
                {n}枚
              </option>
            ))}
          </select>
        </div>
        {showChild && (
          <div className="field">
            <label htmlFor="coupon-child">小人</label>
            <select
              id="coupon-child"
              className="select"
              value={childQty}
              disabled={!coupon}
              onChange={(e) => {
                setChild(Number(e.currentTarget.value));
                changed();
              }}
            >
              {childChoices.map((n) => (
                <option key={n} value={n}>
                  {n}枚
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="field">
        <label htmlFor="coupon-pin">暗証番号</label>
        <input
          id="coupon-pin"
          className={`input ${styles.pin}`}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={pin}
          disabled={!coupon}
          required
          aria-describedby={pinHintId}
          onChange={(e) => {
            setPin(e.currentTarget.value);
            changed();
          }}
        />
        <p id={pinHintId} className={styles.pinHint}>
          {Msg.pinHint}
        </p>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={!ready} aria-busy={redeem.isPending}>
        使用する
      </button>
    </form>
  );
}
