import styles from './spinner.module.css';

/** The one turning circle of the site: the loading overlay's, and a small one beside a message that waits. */
export function Spinner({ small = false }: { small?: boolean }) {
  return <span className={`${styles.spinner} ${small ? styles.small : ''}`} aria-hidden="true" />;
}
