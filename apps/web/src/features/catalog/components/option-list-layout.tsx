import type { ReactNode } from 'react';
import { useCatalogMessages } from '../lib/messages.ts';
import styles from './option-list-layout.module.css';

/** The list page: search panel beside the results on desktop, above them on phones. */
export function OptionListLayout({ title, panel, children }: { title: string; panel: ReactNode; children: ReactNode }) {
  const t = useCatalogMessages();
  return (
    <div className={`container page ${styles.page}`}>
      <div className={styles.hero}>
        <h1 className={`page-title ${styles.title}`}>{title}</h1>
        <p className={styles.lead}>{t('listLead')}</p>
      </div>
      <div className={styles.layout}>
        <div className={styles.side}>{panel}</div>
        <div className={styles.main}>{children}</div>
      </div>
    </div>
  );
}
