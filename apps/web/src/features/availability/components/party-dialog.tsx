import type { OptionDetail } from '@tabi/contract/catalog';
import { formatTokyoDateTime, formatYmd, parseYmd } from '@tabi/contract/dates';
import type { PartyPrices } from '@tabi/contract/party';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { type ReservedOption, useReservationStore, type WaitlistOfferRef } from '../../../stores/reservation-store.ts';
import styles from './party-dialog.module.css';
import { PartyForm, usePartyForm } from './party-form.tsx';

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

function dayLabel(usedate: string): string {
  const p = parseYmd(usedate);
  if (!p) return usedate;
  return `${formatYmd(usedate)}（${WEEKDAYS[new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay()]}）`;
}

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
  /** A キャンセル待ち offer (issue 27): its held seats are the limit, its prices the day's. */
  offer?: (WaitlistOfferRef & { prices: PartyPrices }) | undefined;
}

/**
 * SPEC §2 Option detail: choosing a day opens the party-count form, the age note and the way on to
 * applicant entry. The parent mounts it only while a day is chosen, so every opening loads its price afresh.
 */
export function PartyDialog({ option, usedate, zaikozan, md, onClose, offer }: PartyDialogProps) {
  const form = usePartyForm(option, usedate, offer ? offer.held : zaikozan, offer?.prices);
  const navigate = useNavigate();

  const proceed = () => {
    if (!form.valid || !form.prices || usedate === null) return;
    useReservationStore.getState().start({
      optionDetail: withoutCalendar(option),
      usedate,
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
      title="ご利用人数の選択"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-primary" disabled={!form.valid} onClick={proceed}>
          申込者情報の入力へ
        </button>
      }
    >
      <div className={styles.body}>
        <dl className={styles.facts}>
          <div>
            <dt>商品名</dt>
            <dd>{option.webname}</dd>
          </div>
          <div>
            <dt>ご利用日</dt>
            <dd data-testid="party-usedate">{usedate ? dayLabel(usedate) : '未選択'}</dd>
          </div>
          {offer && (
            <div>
              <dt>確保中のお席</dt>
              <dd data-testid="party-offer">
                {offer.held}名分（{formatTokyoDateTime(offer.expiresAt)}まで）
              </dd>
            </div>
          )}
        </dl>
        <PartyForm form={form} />
        {option.age_note && (
          <section className={styles.ageNote} aria-labelledby="age-note-title">
            <h3 id="age-note-title" className={styles.ageNoteTitle}>
              年齢区分について
            </h3>
            <SafeHtml html={option.age_note} />
          </section>
        )}
      </div>
    </Modal>
  );
}
