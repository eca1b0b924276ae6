import type { OptionDetail } from '@tabi/contract/catalog';
import { type SalesCutoff, salesCutoffAsRead } from '@tabi/contract/sales-cutoff';
import type { ReactNode } from 'react';
import { FacilityMap } from '../../../components/facility-map.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useLang, useTextLang } from '../../../i18n/lang.tsx';
import { useSharedMessages } from '../../../i18n/shared.ts';
import { telHref } from '../../../lib/facility-links.ts';
import { siteLegal } from '../../../lib/site-legal.ts';
import { useDetailMessages } from '../lib/detail-messages.ts';
import { DETAIL_SECTIONS } from './detail-tabs.tsx';
import styles from './option-detail.module.css';

type SectionId = (typeof DETAIL_SECTIONS)[keyof typeof DETAIL_SECTIONS];

/** One of the page's anchored sections (the tabs jump to `id`), named by its heading. */
function DetailSection({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  return (
    // Focusable, so that a jump to it (the buy panel's 日付を選んで予約する) moves the keyboard there too.
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SubSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.sub}>
      <h3 className={styles.subTitle}>{title}</h3>
      {children}
    </div>
  );
}

/** 内容案内: contents, facility information, map and precautions. */
export function ContentGuide({ option }: { option: OptionDetail }) {
  const t = useDetailMessages();
  const _common = useCommonMessages();
  const shared = useSharedMessages();
  const textLang = useTextLang();
  const hasFacility = Boolean(option.companyname || option.hours || option.address || option.tel);
  return (
    <DetailSection id={DETAIL_SECTIONS.contentGuide} title={t('contentGuide')}>
      <SafeHtml html={option.contents} className={styles.html} lang={textLang(option.contents)} />

      {hasFacility && (
        <SubSection title={t('facility')}>
          <dl className={`info-list ${styles.facility}`}>
            {option.companyname && (
              <div>
                <dt>{shared('facilityName')}</dt>
                <dd lang={textLang(option.companyname)}>{option.companyname}</dd>
              </div>
            )}
            {option.hours && (
              <div>
                <dt>{shared('hours')}</dt>
                <dd className={styles.preline} lang={textLang(option.hours)}>
                  {option.hours}
                </dd>
              </div>
            )}
            {option.address && (
              <div>
                <dt>{shared('address')}</dt>
                <dd lang={textLang(option.address)}>{option.address}</dd>
              </div>
            )}
            {option.tel && (
              <div>
                <dt>{shared('tel')}</dt>
                <dd>
                  <a href={telHref(option.tel)}>{option.tel}</a>
                </dd>
              </div>
            )}
          </dl>
        </SubSection>
      )}

      {option.lat !== null && option.lon !== null && (
        <SubSection title={t('map')}>
          <FacilityMap lat={option.lat} lon={option.lon} place={option.companyname || option.webname} />
        </SubSection>
      )}

      {option.optionattention && (
        <SubSection title={t('attention')}>
          <SafeHtml
            html={option.optionattention}
            className={`${styles.html} ${styles.attention}`}
            lang={textLang(option.optionattention)}
          />
        </SubSection>
      )}
    </DetailSection>
  );
}

/** 旅行代金: the notes around the availability calendar, which the page passes in. */
export function PriceSection({
  requestItem,
  salesCutoff,
  children,
}: {
  requestItem: boolean;
  salesCutoff: SalesCutoff | undefined;
  children: ReactNode;
}) {
  const t = useDetailMessages();
  return (
    <DetailSection id={DETAIL_SECTIONS.price} title={t('price')}>
      <ul className={styles.notes}>
        <li>{t('priceNoteAdult')}</li>
        <li>{t('priceNoteOthers')}</li>
        {salesCutoff && <li>{t('salesCutoff', salesCutoffAsRead(salesCutoff))}</li>}
        {requestItem && <li className={styles.requestNote}>{t('priceNoteRequest')}</li>}
      </ul>
      <p className={styles.legend}>
        <span>
          <b aria-hidden="true">○</b>
          {t('legendAvailable')}
        </span>
        <span>
          <b aria-hidden="true">1～9</b>
          {t('legendFew')}
        </span>
        <span>
          <b aria-hidden="true" className={styles.legendBlank} />
          {t('legendClosed')}
        </span>
      </p>
      {children}
    </DetailSection>
  );
}

/** 申込案内 and the cancellation fee guide. */
export function ApplicationGuide({ option }: { option: OptionDetail }) {
  const t = useDetailMessages();
  const textLang = useTextLang();
  return (
    <DetailSection id={DETAIL_SECTIONS.applicationGuide} title={t('applicationGuide')}>
      <SafeHtml html={option.information} className={styles.html} lang={textLang(option.information)} />
      {option.cancel_note && (
        <SubSection title={t('cancelNote')}>
          <SafeHtml html={option.cancel_note} className={styles.html} lang={textLang(option.cancel_note)} />
        </SubSection>
      )}
    </DetailSection>
  );
}

/** The travel organiser named with its registration, as Japanese travel law asks of every offer. */
export function OrganiserBlock() {
  const t = useDetailMessages();
  const textLang = useTextLang();
  const legal = siteLegal(useLang());
  return (
    <section className={`${styles.section} ${styles.organiser}`} aria-labelledby="organiser-title">
      <h2 id="organiser-title" className={styles.organiserTitle}>
        {t('organiser')}
      </h2>
      <p className={styles.organiserName} lang={textLang(legal.companyName)}>
        {legal.companyName}
      </p>
      <ul className={styles.organiserList}>
        <li lang={textLang(legal.registration)}>{legal.registration}</li>
        <li>{t('organiserJata')}</li>
        <li>{t('organiserFairTrade')}</li>
        <li lang={textLang(legal.address)}>{legal.address}</li>
        <li>{t('organiserManager')}</li>
        <li>{t('organiserContact', { tel: legal.tel })}</li>
      </ul>
      <p className={styles.organiserNote}>{t('organiserNote')}</p>
    </section>
  );
}
