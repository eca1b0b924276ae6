import { type Booking, partyOfLine } from '@tabi/contract/booking';
import { monthStart, type Ymd } from '@tabi/contract/dates';
import { priceAfterDiscount } from '@tabi/contract/discounts';
import { partyTotal, unitPricesOf } from '@tabi/contract/party';
import { useEffect, useState } from 'react';
import { useDepartures } from '../features/availability/api/get-departures.ts';
import { AvailabilityCalendar } from '../features/availability/components/availability-calendar.tsx';
import { DepartureChoice } from '../features/availability/components/departure-choice.tsx';
import { useOptionDetail } from '../features/catalog/api/get-option-detail.ts';
import { useChangeDeparture } from '../features/mypage/api/change-departure.ts';
import { BookingDialog } from '../features/mypage/components/booking-dialog.tsx';
import styles from '../features/mypage/components/mypage.module.css';
import { useMypageMessages } from '../features/mypage/lib/messages.ts';
import { useCommonMessages } from '../i18n/common.ts';
import { useFormat } from '../i18n/format.ts';
import { showAlert } from '../lib/alert.ts';
import { ApiError, failureMessage } from '../lib/api-client.ts';

/** What my page hands its change dialog (the dialog is the app's: it composes the catalog's calendar, ADR 0197). */
export interface ChangeDialogProps {
  booking: Booking;
  today: Ymd;
  open: boolean;
  onClose(): void;
  onDone(): void;
}

/**
 * 日時を変更 (ADR 0197): another day (and time, for an option with start times) of the same option for the same
 * party. The new total and the difference are shown before anything is sent; a difference to pay goes to the
 * checkout, and the booking moves once it is paid.
 */
export function ChangeDepartureModal({ booking, today, open, onClose, onDone }: ChangeDialogProps) {
  const t = useMypageMessages();
  const common = useCommonMessages();
  const format = useFormat();
  const line = booking.optionList[0];
  const [month, setMonth] = useState<Ymd>(monthStart(booking.fromdate));
  const [day, setDay] = useState<Ymd | null>(null);
  const [startTime, setStartTime] = useState<string | null>(null);
  const detail = useOptionDetail({ opcd: open && line ? line.opcd : '', usedate: month, background: true });
  const option = detail.data;
  const timed = option?.timed === true;
  const departures = useDepartures(line?.opcd ?? '', day, open && timed);
  const change = useChangeDeparture();

  useEffect(() => {
    if (!open) {
      setDay(null);
      setStartTime(null);
    }
  }, [open]);

  if (!line) return null;
  const chosen = departures.data?.departures.find((d) => d.start_time === startTime);
  const calendarDay = day ? option?.valueList[day] : undefined;
  const prices = timed ? chosen : calendarDay;
  const amount = prices ? partyTotal(partyOfLine(line), unitPricesOf(prices)) : null;
  // The booking's 割引コード discounts the new price too (ADR 0210); the server is sent the price before it.
  const paid = amount === null ? null : priceAfterDiscount(booking.discount, amount);
  const difference = paid === null ? null : paid - booking.amountjp;
  const same = day === line.usedate && (startTime ?? '') === line.start_time;
  const ready = day !== null && amount !== null && !same && (!timed || chosen !== undefined);

  async function confirm() {
    if (!ready || day === null || amount === null) return;
    try {
      const answer = await change.mutateAsync({
        rsvno: booking.rsvno,
        usedate: day,
        startTime: startTime ?? '',
        amount,
      });
      if (answer.checkout_url) {
        window.location.assign(answer.checkout_url);
        return;
      }
      showAlert(t('changeDone'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && failureMessage(error) !== null) {
        showAlert(error.errMsg || common('unexpected'));
      }
    }
  }

  return (
    <BookingDialog
      open={open}
      title={t('changeTitle')}
      lead={t('changeLead')}
      confirmLabel={difference !== null && difference > 0 ? t('changePay') : t('changeConfirm')}
      disabled={!ready || change.isPending}
      busy={change.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <dl className={styles.cancelPrice}>
        <div>
          <dt>{t('changeCurrent')}</dt>
          <dd data-testid="change-current">
            {format.departure(line.usedate, line.start_time, line.end_time, { weekday: true })}
          </dd>
        </div>
      </dl>
      {option ? (
        <AvailabilityCalendar
          option={option}
          month={month}
          today={today}
          selected={day}
          loading={detail.isPlaceholderData}
          onMonthChange={setMonth}
          onSelect={(picked) => {
            setDay(picked);
            setStartTime(null);
          }}
        />
      ) : (
        <p className="hint" aria-live="polite">
          {t('changeLoading')}
        </p>
      )}
      {timed &&
        day !== null &&
        (departures.data ? (
          <DepartureChoice departures={departures.data.departures} chosen={startTime} onChoose={setStartTime} />
        ) : (
          <p className="hint">{t('changeLoading')}</p>
        ))}
      {same && <p className="error-text">{t('changeSameDeparture')}</p>}
      {ready && amount !== null && difference !== null && (
        <dl className={styles.cancelPrice} data-testid="change-quote">
          <div>
            <dt>{t('changeNew')}</dt>
            <dd>{format.departure(day, chosen?.start_time ?? '', chosen?.end_time ?? '', { weekday: true })}</dd>
          </div>
          <div>
            <dt>{t('changeTotal')}</dt>
            <dd>{format.yen(paid ?? amount)}</dd>
          </div>
          <div>
            <dt>{difference > 0 ? t('changeToPay') : t('changeRefund')}</dt>
            <dd data-testid="change-difference">{format.yen(Math.abs(difference))}</dd>
          </div>
        </dl>
      )}
      {ready && difference !== null && difference > 0 && <p className="hint">{t('changePayNote')}</p>}
      {ready && difference !== null && difference < 0 && <p className="hint">{t('cancelRefundNote')}</p>}
    </BookingDialog>
  );
}
