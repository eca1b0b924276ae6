import type { CSSProperties, ReactNode } from 'react';
import styles from './aside-layout.module.css';

/**
 * A detail page of my page or a coupon: its head, a side column with what the customer can do, and the main
 * column. One column on a phone (head, side, main, so the actions come before the long text); from 960 px the
 * side column stands right of both and stays in view.
 */
export function AsideLayout({
  head,
  aside,
  asideWidth,
  children,
}: {
  head: ReactNode;
  aside?: ReactNode;
  /** The side column's width from 960 px (320 px unless given). */
  asideWidth?: number;
  children?: ReactNode;
}) {
  const style = asideWidth ? ({ '--aside-width': `${asideWidth}px` } as CSSProperties) : undefined;
  return (
    <div className={styles.layout} style={style}>
      <div className={styles.head}>{head}</div>
      {aside && <div className={styles.aside}>{aside}</div>}
      {children && <div className={styles.main}>{children}</div>}
    </div>
  );
}
