import type { ReactNode } from 'react';
import styles from './option-detail.module.css';

/** The detail page's content with the buy panel beside it (desktop) or as a bar below it (phone). */
export function DetailLayout({ panel, children }: { panel: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.detailLayout}>
      <div className={styles.detailMain}>{children}</div>
      {panel}
    </div>
  );
}
