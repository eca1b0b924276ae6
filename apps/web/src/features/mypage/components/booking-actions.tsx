import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';
import { ReceiptButtons } from './receipt-button.tsx';
import { WithdrawRequest } from './withdraw-request.tsx';

export interface BookingActionsProps {
  payable: boolean;
  paymentDeadline: string | null;
  paying: boolean;
  couponLink: boolean;
  /** Why the coupons cannot be used yet, shown instead of a link that would bounce back. */
  couponNote: string | null;
  /** An unpaid card booking still within its hold: the notice and its pay button. */
  cardPaymentNote: string | null;
  rentalLink: boolean;
  /** 日時を変更 (ADR 0197): a paid booking whose cancellation is still free. */
  changeable: boolean;
  cancellable: boolean;
  onPay(): void;
  onCardPay(): void;
  onConsent(): void;
  onChange(): void;
  onCancel(): void;
  onLogout(): void;
}

/** What is due and the button that pays it (a confirmed request, or a card booking still on hold). */
function PayBox(props: { note: ReactNode; label: string; paying: boolean; onPay(): void; testId?: string }) {
  return (
    <div className={styles.payBox} data-testid={props.testId}>
      <p className={styles.payNote}>{props.note}</p>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={props.onPay}
        disabled={props.paying}
        aria-busy={props.paying}
      >
        {props.label}
      </button>
    </div>
  );
}

/**
 * SPEC §2 My page buttons: conditions (always), pay, coupons, rental, receipts after payment, cancel,
 * withdraw a request, logout.
 */
export function BookingActions(props: BookingActionsProps) {
  const t = useMypageMessages();
  return (
    <aside className={`card ${styles.actions}`} aria-labelledby="actions-title">
      <h2 id="actions-title" className={styles.actionsTitle}>
        {t('actions')}
      </h2>
      {props.payable && (
        <PayBox
          label={t('pay')}
          paying={props.paying}
          onPay={props.onPay}
          note={
            <>
              {t('arranged')}
              {props.paymentDeadline && (
                <>
                  <br />
                  {t('paymentDeadline')}
                  <strong>{props.paymentDeadline}</strong>
                </>
              )}
            </>
          }
        />
      )}
      {props.cardPaymentNote && (
        <PayBox
          label={t('cardPay')}
          paying={props.paying}
          onPay={props.onCardPay}
          note={props.cardPaymentNote}
          testId="card-payment"
        />
      )}
      {props.couponLink &&
        (props.couponNote ? (
          <div className={styles.couponWait}>
            <button type="button" className="btn btn-secondary btn-block" disabled aria-describedby="coupon-note">
              {t('useCoupons')}
            </button>
            <p id="coupon-note" className={styles.couponNote} data-testid="coupon-note">
              {props.couponNote}
            </p>
          </div>
        ) : (
          <Link to="/coopon" className="btn btn-secondary btn-block">
            {t('useCoupons')}
          </Link>
        ))}
      {props.rentalLink && (
        <Link to="/mypage/rental/edit" className="btn btn-secondary btn-block">
          {t('rentalEdit')}
        </Link>
      )}
      <ReceiptButtons />
      <button type="button" className="btn btn-outline btn-block" onClick={props.onConsent}>
        {t('conditions')}
      </button>
      {props.changeable && (
        <button type="button" className="btn btn-secondary btn-block" onClick={props.onChange}>
          {t('changeButton')}
        </button>
      )}
      {props.cancellable && (
        <button type="button" className={`btn btn-block ${styles.cancelButton}`} onClick={props.onCancel}>
          {t('cancel')}
        </button>
      )}
      <WithdrawRequest />
      <Link to="/login?switch=1" className="btn btn-outline btn-block">
        {t('anotherBooking')}
      </Link>
      <button type="button" className={`btn btn-block ${styles.logoutButton}`} onClick={props.onLogout}>
        {t('logout')}
      </button>
    </aside>
  );
}
