import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { partyLines, reservationAmount } from '../lib/amount.ts';
import { useReservationMessages } from '../lib/messages.ts';
import styles from './booking-summary.module.css';
import { ReviewCard } from './review-card.tsx';

/** The option, use date, party by class with unit prices and the total (SPEC §2 Confirm "reservation summary"). */
export function BookingSummary({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = useReservationMessages();
  const shared = useSharedMessages();
  const format = useFormat();
  const textLang = useTextLang();
  const optionDetail = useReservationStore((s) => s.optionDetail);
  const usedate = useReservationStore((s) => s.usedate);
  const startTime = useReservationStore((s) => s.startTime);
  const endTime = useReservationStore((s) => s.endTime);
  const party = useReservationStore((s) => s.party);
  const prices = useReservationStore((s) => s.prices);
  const stored = useReservationStore((s) => s.amount);
  const discount = useReservationStore((s) => s.discount ?? null);
  if (!optionDetail) return null;
  const lines = party && prices ? partyLines(party, prices) : [];
  return (
    <ReviewCard title={t('bookingDetails')} headingLevel={headingLevel}>
      <div className={styles.option}>
        {optionDetail.flg_request_item === 1 && <span className="badge-request">{t('requestBadge')}</span>}
        <p className={styles.name} lang={textLang(optionDetail.webname)}>
          {optionDetail.webname}
        </p>
        <p className={styles.code}>{t('optionCode', { opcd: optionDetail.opcd })}</p>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('usedate')}</dt>
          <dd data-testid="summary-usedate">{usedate ? format.departure(usedate, startTime, endTime) : '—'}</dd>
        </div>
        <div>
          <dt>{t('people')}</dt>
          <dd>
            {lines.length > 0
              ? lines
                  .map((l) => t('partyLine', { ageClass: shared(`ageClasses.${l.ageClass}`), count: l.count }))
                  .join(t('partyJoin'))
              : '—'}
          </dd>
        </div>
      </dl>
      <table className={styles.prices}>
        <caption className="visually-hidden">{t('breakdown')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ageClassColumn')}</th>
            <th scope="col">{t('unitPrice')}</th>
            <th scope="col">{t('countColumn')}</th>
            <th scope="col">{t('subtotal')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.ageClass}>
              <th scope="row">{shared(`ageClasses.${l.ageClass}`)}</th>
              <td>{format.yen(l.unitPrice)}</td>
              <td>{t('count', { n: l.count })}</td>
              <td>{format.yen(l.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('totalTaxIncluded')}
            </th>
            <td className={discount ? undefined : styles.total}>
              {format.yen(reservationAmount(party, prices, stored))}
            </td>
          </tr>
          {discount && (
            <>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('discount.line', { code: discount.code })}
                </th>
                <td>−{format.yen(discount.discount)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('discount.toPay')}
                </th>
                <td className={styles.total}>{format.yen(discount.amountjp)}</td>
              </tr>
            </>
          )}
        </tfoot>
      </table>
    </ReviewCard>
  );
}
