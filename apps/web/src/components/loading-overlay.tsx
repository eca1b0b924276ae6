import { useEffect, useState } from 'react';
import { useCommonMessages } from '../i18n/common.ts';
import { useLoadingStore } from '../lib/loading.ts';
import styles from './loading-overlay.module.css';
import { Spinner } from './spinner.tsx';

/** Shown during calls (SPEC §2 Shared), after a short delay so fast answers do not flash. */
export function LoadingOverlay() {
  const pending = useLoadingStore((s) => s.pending);
  const [visible, setVisible] = useState(false);
  const t = useCommonMessages();
  useEffect(() => {
    if (pending === 0) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), 150);
    return () => window.clearTimeout(timer);
  }, [pending]);
  if (!visible) return null;
  return (
    <output className={styles.overlay} aria-live="polite" data-testid="loading-overlay">
      <Spinner />
      <span className="visually-hidden">{t('loading')}</span>
    </output>
  );
}
