import type { BookingOption } from '@tabi/contract/booking';
import type { ReactNode } from 'react';
import { FacilityDetails } from '../../../components/facility-details.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';

export function itineraryId(option: BookingOption): string {
  return `itinerary-${option.pkcd}-${option.opcd}`;
}

function Panel({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <details className={styles.panel} id={id}>
      <summary className={styles.panelSummary}>{title}</summary>
      <div className={styles.panelBody}>{children}</div>
    </details>
  );
}

/** SPEC §2 My page accordion: itinerary, facility info (with the map), cancellation rules. */
export function OptionAccordion({ options }: { options: BookingOption[] }) {
  const t = useMypageMessages();
  const textLang = useTextLang();
  return (
    <section className={`card ${styles.section}`} aria-labelledby="details-title">
      <h2 id="details-title" className="section-title">
        {t('details')}
      </h2>
      {options.map((o) => (
        <div key={`${o.pkcd}-${o.opcd}`} className={styles.accordion}>
          {options.length > 1 && (
            <h3 className={styles.subTitle} lang={textLang(o.webname)}>
              {o.webname}
            </h3>
          )}
          <Panel id={itineraryId(o)} title={t('itinerary')}>
            {o.contents ? <SafeHtml html={o.contents} lang={textLang(o.contents)} /> : <p>{t('noItinerary')}</p>}
          </Panel>
          <Panel title={t('facility')}>
            <FacilityDetails facility={o} listClassName={styles.info} />
          </Panel>
          <Panel title={t('cancelRules')}>
            {o.cancel_note ? (
              <SafeHtml html={o.cancel_note} lang={textLang(o.cancel_note)} />
            ) : (
              <p>{t('noCancelRules')}</p>
            )}
          </Panel>
        </div>
      ))}
    </section>
  );
}
