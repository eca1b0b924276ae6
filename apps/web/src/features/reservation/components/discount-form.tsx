import { type FormEvent, useRef, useState } from 'react';
import { Field } from '../../../components/form/field.tsx';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useFormat } from '../../../i18n/format.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { quoteDiscount } from '../api/quote-discount.ts';
import { reservationAmount } from '../lib/amount.ts';
import { useReservationMessages } from '../lib/messages.ts';
import styles from './discount-form.module.css';

/**
 * 割引コード on the check page (ADR 0210): 適用 asks the server what the code takes off this booking and keeps its
 * answer, which the summary shows and the booking sends back; 取り消す removes it. `locked`: a booking is already made
 * and waits for its payment, so its code stays as it was booked.
 */
export function DiscountForm({ locked }: { locked: boolean }) {
  const t = useReservationMessages();
  const common = useCommonMessages();
  const format = useFormat();
  const discount = useReservationStore((s) => s.discount ?? null);
  const setDiscount = useReservationStore((s) => s.setDiscount);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  if (locked) {
    return discount ? <p className={styles.status}>{t('discount.locked', { code: discount.code })}</p> : null;
  }

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const code = typed.trim();
    if (!code) {
      setError(t('discount.required'));
      input.current?.focus();
      return;
    }
    const state = useReservationStore.getState();
    if (!state.optionDetail || !state.usedate) return;
    setBusy(true);
    setError(undefined);
    setStatus('');
    try {
      const quote = await quoteDiscount({
        code,
        opcd: state.optionDetail.opcd,
        usedate: state.usedate,
        start_time: state.startTime ?? '',
        amountjp: String(reservationAmount(state.party, state.prices, state.amount)),
        ...(state.leader?.phoneNumber ? { tel: state.leader.phoneNumber } : {}),
      });
      setDiscount(quote);
      setTyped('');
      setStatus(t('discount.applied', { code: quote.code }));
    } catch (failure) {
      setError(failureMessage(failure) ?? common('unexpected'));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const remove = () => {
    setDiscount(null);
    setStatus(t('discount.removed'));
    // The field comes back in place of the applied code: the keyboard goes on from it.
    requestAnimationFrame(() => input.current?.focus());
  };

  return (
    <section className={`card ${styles.card}`} aria-labelledby="discount-heading">
      <h2 id="discount-heading" className={styles.heading}>
        {t('discount.title')}
      </h2>
      {discount ? (
        <div className={styles.applied}>
          <p className={styles.appliedText}>
            {t('discount.line', { code: discount.code })} −{format.yen(discount.discount)}
          </p>
          <button type="button" className="btn btn-outline" onClick={remove}>
            {t('discount.remove')}
          </button>
        </div>
      ) : (
        <form onSubmit={apply} noValidate>
          <Field label={t('discount.label')} error={error} errorRole="alert" className={styles.field}>
            {(control) => (
              <div className={styles.row}>
                <input
                  {...control}
                  ref={input}
                  className="input"
                  type="text"
                  name="discount_code"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  enterKeyHint="done"
                  maxLength={64}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                />
                <button type="submit" className="btn btn-secondary" disabled={busy} aria-busy={busy}>
                  {busy ? t('discount.applying') : t('discount.apply')}
                </button>
              </div>
            )}
          </Field>
        </form>
      )}
      <output className={styles.status} aria-live="polite">
        {status}
      </output>
    </section>
  );
}
