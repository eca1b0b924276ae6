import type { Booking, BookingOption } from '@tabi/contract/booking';
import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';

function Lines({ option, showName }: { option: BookingOption; showName: boolean }) {
  const t = useMypageMessages();
  const shared = useSharedMessages();
  const format = useFormat();
  const textLang = useTextLang();
  // SPEC lists adults and children; middle and infant lines appear when a server sends them.
  const lines = [
    { label: shared('ageClasses.adult'), unit: option.adultbaika, count: option.paxadultqty, always: true },
    {
      label: shared('ageClasses.middle'),
      unit: option.middlebaika ?? 0,
      count: option.paxmiddleqty ?? 0,
      always: false,
    },
    { label: shared('ageClasses.child'), unit: option.childbaika, count: option.paxchildqty, always: false },
    {
      label: shared('ageClasses.infant'),
      unit: option.infantbaika ?? 0,
      count: option.paxinfantqty ?? 0,
      always: false,
    },
  ].filter((l) => l.always || l.count > 0);
  return (
    <>
      {showName && (
        <tr className={styles.costGroup}>
          <th scope="rowgroup" colSpan={2} lang={textLang(option.webname)}>
            {option.webname}
          </th>
        </tr>
      )}
      {lines.map((l) => (
        <tr key={l.label}>
          <th scope="row">{l.label}</th>
          <td>{t('unitTimesCount', { unit: format.yen(l.unit), n: l.count })}</td>
        </tr>
      ))}
    </>
  );
}

/**
 * A canceled booking's cancellation fee and refund, when the server sends them: what was charged
 * and what goes back, below the total the booking was made for.
 */
function Cancellation({ cancelfee, refund }: { cancelfee: number; refund: number }) {
  const t = useMypageMessages();
  const format = useFormat();
  if (cancelfee === 0 && refund === 0) {
    return <p className={styles.cancelNote}>{t('nothingPaid')}</p>;
  }
  return (
    <>
      <table className={`${styles.cost} ${styles.cancelCost}`}>
        <caption>{t('cancelCost')}</caption>
        <tbody>
          <tr>
            <th scope="row">{t('cancelFee')}</th>
            <td data-testid="cancel-fee">{format.yen(cancelfee)}</td>
          </tr>
          <tr>
            <th scope="row">{t('refundAmount')}</th>
            <td data-testid="cancel-refund">{format.yen(refund)}</td>
          </tr>
        </tbody>
      </table>
      <p className="hint">{refund > 0 ? t('refundViaCard') : t('noRefund')}</p>
    </>
  );
}

/**
 * SPEC §2 My page, cost: unit price × count per class, a 割引コード's discount (ADR 0210), and the total paid in JPY;
 * after a cancellation, its fee and refund.
 */
export function Cost({ booking }: { booking: Booking }) {
  const t = useMypageMessages();
  const format = useFormat();
  const priced = booking.optionList.filter(
    (o) => o.paxadultqty + o.paxchildqty + (o.paxmiddleqty ?? 0) + (o.paxinfantqty ?? 0) > 0,
  );
  const many = priced.length > 1;
  const canceled = booking.state === 'canceled' && booking.cancelfee !== undefined;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="cost-title">
      <h2 id="cost-title" className="section-title">
        {t('cost')}
      </h2>
      <table className={styles.cost}>
        <tbody>
          {priced.map((o) => (
            <Lines key={`${o.pkcd}-${o.opcd}`} option={o} showName={many} />
          ))}
        </tbody>
        <tfoot>
          {booking.discount && (
            <tr className={styles.discount}>
              <th scope="row">{t('discountLine', { code: booking.discount.code })}</th>
              <td data-testid="booking-discount">−{format.yen(booking.discount.discount)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">{canceled ? t('totalAtBooking') : t('total')}</th>
            <td data-testid="booking-total">{format.yen(booking.amountjp)}</td>
          </tr>
        </tfoot>
      </table>
      {canceled && <Cancellation cancelfee={booking.cancelfee ?? 0} refund={booking.refund ?? 0} />}
      <p className="hint">{t('yenNote')}</p>
    </section>
  );
}
