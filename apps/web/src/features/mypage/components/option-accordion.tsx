import type { BookingOption } from '@tabi/contract/booking';
import type { ReactNode } from 'react';
import { FacilityDetails } from '../../../components/facility-details.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
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
  return (
    <section className={`card ${styles.section}`} aria-labelledby="details-title">
      <h2 id="details-title" className="section-title">
        詳細情報
      </h2>
      {options.map((o) => (
        <div key={`${o.pkcd}-${o.opcd}`} className={styles.accordion}>
          {options.length > 1 && <h3 className={styles.subTitle}>{o.webname}</h3>}
          <Panel id={itineraryId(o)} title="行程詳細">
            {o.contents ? <SafeHtml html={o.contents} /> : <p>行程の詳細はありません。</p>}
          </Panel>
          <Panel title="施設情報">
            <FacilityDetails facility={o} listClassName={styles.info} />
          </Panel>
          <Panel title="キャンセル規定">
            {o.cancel_note ? <SafeHtml html={o.cancel_note} /> : <p>キャンセル規定はありません。</p>}
          </Panel>
        </div>
      ))}
    </section>
  );
}
