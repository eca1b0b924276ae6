import type { OptionDetail } from '@tabi/contract/catalog';
import { type PartyPrices, unitPricesOf } from '@tabi/contract/party';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { type ReservedOption, useReservationStore, type WaitlistOfferRef } from '../../../stores/reservation-store.ts';
import { useDepartures } from '../api/get-departures.ts';
import { useAvailabilityMessages } from '../lib/messages.ts';
import { DepartureChoice } from './departure-choice.tsx';
import styles from './party-dialog.module.css';
import { PartyForm, usePartyForm } from './party-form.tsx';

function withoutCalendar({ valueList: _calendar, ...rest }: OptionDetail): ReservedOption {
  return rest;
}

interface PartyDialogProps {
  option: OptionDetail;
  /** The chosen day (YYYYMMDD), or null while none is chosen. */
  usedate: string | null;
  zaikozan: number;
  md: string;
  onClose(): void;
  /** A キャンセル待ち offer (ADR 0167): its held seats are the limit, its prices the departure's. */
  offer?: (WaitlistOfferRef & { prices: PartyPrices; startTime: string }) | undefined;
}

/**
 * SPEC §2 Option detail: choosing a day opens the party-count form, the age note and the way on to
 * applicant entry. The parent mounts it only while a day is chosen, so every opening loads its price afresh.
 */
export function PartyDialog({ option, usedate, zaikozan, md, onClose, offer }: PartyDialogProps) {
  // An option with start times (ADR 0196): the day's departures first; the form's limit and prices are the chosen
  // one's. A キャンセル待ち offer is for one departure already.
  const timed = option.timed === true && !offer;
  const departures = useDepartures(option.opcd, usedate, timed);
  const [startTime, setStartTime] = useState<string | null>(null);
  const chosen = departures.data?.departures.find((d) => d.start_time === startTime);
  const limit = offer ? offer.held : timed ? (chosen?.zaikozan ?? 0) : zaikozan;
  const known = offer?.prices ?? (timed ? (chosen ? unitPricesOf(chosen) : null) : undefined);
  const form = usePartyForm(option, usedate, limit, known ?? undefined, timed && !chosen);
  const navigate = useNavigate();
  const t = useAvailabilityMessages();
  const format = useFormat();
  const textLang = useTextLang();

  const proceed = () => {
    if (!form.valid || !form.prices || usedate === null || (timed && !chosen)) return;
    useReservationStore.getState().start({
      optionDetail: withoutCalendar(option),
      usedate,
      startTime: offer?.startTime ?? chosen?.start_time ?? '',
      endTime: chosen?.end_time ?? '',
      party: form.counts,
      prices: form.prices,
      amount: form.total,
      md,
      now: Date.now(),
      waitlist: offer ? { token: offer.token, expiresAt: offer.expiresAt, held: offer.held } : null,
    });
    navigate('/reservation/member');
  };

  return (
    <Modal
      open
      title={t('partyTitle')}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-primary" disabled={!form.valid} onClick={proceed}>
          {t('toMember')}
        </button>
      }
    >
      <div className={styles.body}>
        <dl className={`info-list ${styles.facts}`}>
          <div>
            <dt>{t('optionName')}</dt>
            <dd lang={textLang(option.webname)}>{option.webname}</dd>
          </div>
          <div>
            <dt>{t('usedate')}</dt>
            <dd data-testid="party-usedate">{usedate ? format.day(usedate, { weekday: true }) : t('notChosen')}</dd>
          </div>
          {offer && (
            <div>
              <dt>{t('heldSeats')}</dt>
              <dd data-testid="party-offer">{t('held', { n: offer.held, until: format.dateTime(offer.expiresAt) })}</dd>
            </div>
          )}
        </dl>
        {timed &&
          (departures.isPending ? (
            <p aria-busy="true">{t('loading')}</p>
          ) : (departures.data?.departures.length ?? 0) === 0 ? (
            <p className="error-text" data-testid="no-departures">
              {t('noDepartures')}
            </p>
          ) : (
            <DepartureChoice
              departures={departures.data?.departures ?? []}
              chosen={startTime}
              onChoose={setStartTime}
            />
          ))}
        {(!timed || chosen) && <PartyForm form={form} />}
        {option.age_note && (
          <section className={styles.ageNote} aria-labelledby="age-note-title">
            <h3 id="age-note-title" className={styles.ageNoteTitle}>
              {t('ageNote')}
            </h3>
            <SafeHtml html={option.age_note} lang={textLang(option.age_note)} />
          </section>
        )}
      </div>
    </Modal>
  );
}
