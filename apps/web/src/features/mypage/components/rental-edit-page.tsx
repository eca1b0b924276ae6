import type { Booking } from '@tabi/contract/booking';
import type { OptionSummary } from '@tabi/contract/catalog';
import { RentalCode, rentalNeedsBoots, rentalNeedsWear, WEAR_SIZES_ADULT } from '@tabi/contract/constants';
import { rentalChoices } from '@tabi/contract/rental';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Consent, ConsentForm, NO_CONSENT } from '../../../components/consent-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useRentalStock } from '../../../components/use-rental-stock.ts';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { showAlert } from '../../../lib/alert.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useEditBooking } from '../api/edit-booking.ts';
import { bookingQueryKey, useBooking } from '../api/get-booking.ts';
import { useOptionSummary } from '../api/get-option-summary.ts';
import { productCode } from '../lib/booking-view.ts';
import { useMypageMessages } from '../lib/messages.ts';
import { initialRentalRows, memberAgeClass, type RentalRow, toRentskiList } from '../lib/rental-form.ts';
import { useLogoutOnFailure } from '../lib/use-logout-on-failure.ts';
import styles from './rental-edit.module.css';
import { RentalMemberFields } from './rental-member-fields.tsx';
import { SizeCharts } from './size-charts.tsx';

function BackLink() {
  const t = useMypageMessages();
  return (
    <Link to="/mypage" className="back-link">
      {t('backToMyPage')}
    </Link>
  );
}

function RentalEditForm({ booking, option }: { booking: Booking; option: OptionSummary }) {
  const t = useMypageMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const edit = useEditBooking();
  const [rows, setRows] = useState<RentalRow[]>(() => initialRentalRows(booking));
  const [booked] = useState<RentalRow[]>(() => initialRentalRows(booking));
  const rentalLine = booking.optionList[0];
  const stock = useRentalStock(rentalLine?.opcd, rentalLine?.usedate);
  const [consentOpen, setConsentOpen] = useState(false);
  const [consent, setConsent] = useState<Consent>(NO_CONSENT);
  const [done, setDone] = useState(false);
  const { rentalcd } = option;

  function openConsent(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setConsent(NO_CONSENT);
    setConsentOpen(true);
  }

  async function submit() {
    try {
      await edit.mutateAsync({ booking, rentskiList: toRentskiList(rows, rentalcd) });
    } catch (error) {
      // SPEC §8: an update failure alerts errMsg; network, token and session were already alerted.
      const refusal = failureMessage(error);
      if (refusal !== null) showAlert(refusal);
      return;
    }
    setConsentOpen(false);
    await queryClient.invalidateQueries({ queryKey: bookingQueryKey(booking.rsvno) });
    setDone(true);
  }

  const wearLists = booking.memberList.map((m) => rentalChoices('wear_size', memberAgeClass(m)));
  const wear = rentalNeedsWear(rentalcd);
  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={openConsent} aria-labelledby="rental-form-title">
        <h2 id="rental-form-title" className="visually-hidden">
          {t('rentalsPerPerson')}
        </h2>
        {booking.memberList.map((m, i) => {
          const row = rows[i];
          if (!row) return null;
          return (
            <RentalMemberFields
              key={row.seq}
              index={i}
              member={m}
              rentalcd={rentalcd}
              value={row}
              onChange={(next) => setRows((all) => all.map((r, j) => (j === i ? next : r)))}
              stock={stock}
              kept={booked[i]}
            />
          );
        })}
        <div className={styles.submitRow}>
          <button type="submit" className="btn btn-primary" disabled={edit.isPending}>
            {t('update')}
          </button>
          <BackLink />
        </div>
      </form>
      <SizeCharts
        shoes={rentalNeedsBoots(rentalcd)}
        adultWear={wear && wearLists.some((list) => list === WEAR_SIZES_ADULT)}
        childWear={wear && wearLists.some((list) => list !== WEAR_SIZES_ADULT)}
      />
      <Modal
        open={consentOpen}
        title={t('conditions')}
        onClose={() => setConsentOpen(false)}
        footer={
          <button type="button" className="btn btn-primary" onClick={submit} disabled={edit.isPending}>
            {t('updateWithThis')}
          </button>
        }
      >
        <ConsentForm travelkubun={option.travelkubun} value={consent} onChange={setConsent} />
      </Modal>
      <Modal open={done} title={t('rentalUpdated')} onClose={() => navigate('/mypage')}>
        <p className={styles.doneText}>{t('rentalUpdatedNote')}</p>
      </Modal>
    </div>
  );
}

/** SPEC §2 Rental edit: per participant rental type, boots and wear sizes, with size charts. */
export function RentalEditPage() {
  const t = useMypageMessages();
  const common = useCommonMessages();
  const format = useFormat();
  const textLang = useTextLang();
  const rsvno = useAuthStore((s) => s.rsvno) ?? '';
  const navigate = useNavigate();
  const bookingQuery = useBooking(rsvno);
  const booking = bookingQuery.data ?? null;
  useLogoutOnFailure(failureMessage(bookingQuery.error));
  const summary = useOptionSummary(booking ? productCode(booking) : null);
  const option = summary.data;
  const noRental = option !== undefined && option.rentalcd === RentalCode.none;
  const warned = useRef(false);

  useEffect(() => {
    if (!noRental || warned.current) return;
    warned.current = true;
    showAlert(t('noRental'));
    const canGoBack = (window.history.state as { idx?: number } | null)?.idx;
    if (canGoBack) navigate(-1);
    else navigate('/mypage', { replace: true });
  }, [noRental, navigate, t]);

  return (
    <div className="container page">
      <p className={styles.topBack}>
        <BackLink />
      </p>
      <h1 className="page-title">{t('rentalEditTitle')}</h1>
      {booking && option && !noRental ? (
        <>
          <div className={`card ${styles.summary}`}>
            <p className={styles.summaryName} lang={textLang(option.webname || booking.optionList[0]?.webname)}>
              {option.webname || booking.optionList[0]?.webname}
            </p>
            <p className={styles.summaryMeta}>
              {t('rentalEditMeta', {
                rsvno: booking.rsvno,
                days:
                  booking.todate !== booking.fromdate
                    ? common('range', { from: format.day(booking.fromdate), to: format.day(booking.todate) })
                    : format.day(booking.fromdate),
              })}
            </p>
            <p className="hint">
              {t('rentalEditHintBefore')}
              <a href="#size-charts">{t('sizeCharts')}</a>
              {t('rentalEditHintAfter')}
            </p>
          </div>
          <RentalEditForm booking={booking} option={option} />
        </>
      ) : (
        <p className="hint" aria-live="polite">
          {summary.isError || bookingQuery.isError ? common('unexpected') : t('loadingBooking')}
        </p>
      )}
    </div>
  );
}
