import { useCommonMessages } from '../i18n/common.ts';
import styles from './step-indicator.module.css';

/**
 * SPEC §2 Confirm / Complete: the steps of a flow with the current one marked (aria-current="step").
 * `current` is the index of the current step.
 */
export function StepIndicator({
  steps,
  current,
  label,
}: {
  steps: readonly string[];
  current: number;
  label?: string;
}) {
  const t = useCommonMessages();
  return (
    <nav aria-label={label ?? t('steps')} className={styles.nav}>
      <ol className={styles.steps}>
        {steps.map((step, i) => {
          const state = i < current ? styles.done : i === current ? styles.current : styles.todo;
          return (
            <li key={step} className={`${styles.step} ${state}`} aria-current={i === current ? 'step' : undefined}>
              <span className={styles.number} aria-hidden="true">
                {i < current ? '✓' : i + 1}
              </span>
              <span className={styles.label}>
                <span className="visually-hidden">
                  {i < current ? t('stepDone') : i === current ? t('stepCurrent') : ''}
                  {t('step', { n: i + 1 })}
                </span>
                {step}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
