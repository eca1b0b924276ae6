import { useCouponMessages } from '../lib/messages.ts';
import styles from './coupon.module.css';

/** The coupon's picture; once nothing is left a 使用済み stamp lies over it. */
export function CouponImage({ src, name, usedUp }: { src: string; name: string; usedUp: boolean }) {
  const t = useCouponMessages();
  return (
    <div className={`${styles.imageBox} ${usedUp ? styles.imageUsed : ''}`}>
      {src ? (
        <img src={src} alt={name} className={styles.image} loading="lazy" width={640} height={400} />
      ) : (
        <div className={styles.imagePlaceholder} aria-hidden="true">
          COUPON
        </div>
      )}
      {usedUp && (
        <span className={styles.stamp} data-testid="used-stamp">
          {t('usedMark')}
        </span>
      )}
    </div>
  );
}
