import { zodResolver } from '@hookform/resolvers/zod';
import type { CouponOption } from '@tabi/contract/coupon';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field.tsx';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { showAlert } from '../../../lib/alert.ts';
import { ApiUnavailableError, failureMessage } from '../../../lib/api-client.ts';
import { useRedeemCoupon } from '../api/use-coupon.ts';
import { couponCounts, newIdempotencyKey, range } from '../lib/coupon-rules.ts';
import { type CouponUseFormOutput, type CouponUseFormValues, couponUseFormSchema } from '../lib/coupon-use-schema.ts';
import { useCouponMessages } from '../lib/messages.ts';
import styles from './coupon.module.css';

function QuantitySelect(props: {
  label: string;
  id: string;
  value: number;
  choices: number[];
  disabled: boolean;
  onChange(value: string): void;
}) {
  const t = useCouponMessages();
  return (
    <Field label={props.label} id={props.id}>
      {(control) => (
        <select
          {...control}
          className="select"
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        >
          {props.choices.map((n) => (
            <option key={n} value={n}>
              {t('sheets', { n })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

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
  const t = useCouponMessages();
  const _common = useCommonMessages();
  const shared = useSharedMessages();
  const counts = coupon ? couponCounts(coupon) : null;
  const adultChoices = counts ? (counts.adultLeft > 0 ? range(1, counts.adultLeft) : [0]) : [];
  const childChoices = counts ? range(0, counts.childLeft) : [];
  const showChild = (coupon?.paxchildqty ?? 0) > 0;
  // SPEC §5: a use takes at least one adult, so children's coupons left alone cannot be used here.
  const adultsUsedUp = counts !== null && counts.adultLeft === 0;
  const attemptKey = useRef<string | null>(null);
  const redeem = useRedeemCoupon();
  const { control, handleSubmit, register, setValue } = useForm<CouponUseFormValues, unknown, CouponUseFormOutput>({
    resolver: zodResolver(couponUseFormSchema),
    defaultValues: { adult: '', child: '0', pin: '' },
  });
  const values = useWatch({ control });
  const adult = Number(values.adult);
  const child = Number(values.child);
  const pin = values.pin ?? '';

  const adultQty = values.adult !== '' && adultChoices.includes(adult) ? adult : (adultChoices[0] ?? 0);
  const childQty = childChoices.includes(child) ? child : 0;
  const ready = coupon !== null && pin.trim() !== '' && adultQty >= 1 && !redeem.isPending;

  const quantities: { name: 'adult' | 'child'; label: string; value: number; choices: number[] }[] = [
    { name: 'adult', label: shared('ageClasses.adult'), value: adultQty, choices: adultChoices },
    ...(showChild
      ? [{ name: 'child' as const, label: shared('ageClasses.child'), value: childQty, choices: childChoices }]
      : []),
  ];

  // A change made by the visitor is a new attempt with a new key (not the quantities following a reload).
  const changed = () => {
    attemptKey.current = null;
  };

  // The quantities shown are the ones validated and sent, also before anyone touches the selects.
  useEffect(() => {
    setValue('adult', String(adultQty));
    setValue('child', String(childQty));
  }, [adultQty, childQty, setValue]);

  async function submit(input: CouponUseFormOutput) {
    if (!ready) return;
    attemptKey.current ??= newIdempotencyKey();
    try {
      await redeem.mutateAsync({
        opcd,
        pkcd,
        adultqty: String(input.adult),
        childqty: String(input.child),
        usekey: input.pin,
        idempotency_key: attemptKey.current,
      });
      attemptKey.current = null;
      setValue('pin', '');
      onUsed({ adult: input.adult, child: input.child });
    } catch (error) {
      // No answer: keep the key so that trying again cannot use the coupon twice.
      if (!(error instanceof ApiUnavailableError) || error.kind !== 'network') attemptKey.current = null;
      const refusal = failureMessage(error);
      if (refusal !== null) {
        setValue('pin', '');
        showAlert(refusal);
      }
    }
  }

  return (
    <form
      id="use-coopon"
      className={`card ${styles.useForm}`}
      onSubmit={handleSubmit(submit)}
      aria-labelledby="use-coopon-title"
      noValidate
    >
      <h2 id="use-coopon-title" className={styles.useTitle}>
        {t('useTitle')}
      </h2>
      <div className={styles.qtyRow}>
        {quantities.map((q) => (
          <QuantitySelect
            key={q.name}
            label={q.label}
            id={`coupon-${q.name}`}
            value={q.value}
            choices={q.choices}
            disabled={!coupon}
            onChange={(n) => {
              changed();
              setValue(q.name, n);
            }}
          />
        ))}
      </div>
      <Field label={t('pin')} id="coupon-pin" hint={t('pinHint')} hintClassName={styles.pinHint}>
        {(ids) => (
          <input
            {...ids}
            className={`input ${styles.pin}`}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            disabled={!coupon}
            required
            {...register('pin', { onChange: changed })}
          />
        )}
      </Field>
      {adultsUsedUp && (
        <p id="coupon-adult-needed" className={styles.adultNeeded}>
          {t('adultNeeded')}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={!ready}
        aria-busy={redeem.isPending}
        aria-describedby={adultsUsedUp ? 'coupon-adult-needed' : undefined}
      >
        {t('use')}
      </button>
    </form>
  );
}
