import { type ReactNode, useId } from 'react';
import styles from './review-card.module.css';

/** A titled card of what the visitor is about to send (ご予約内容, 代表者, 参加者), as the check page shows it. */
export function ReviewCard({
  title,
  headingLevel = 2,
  children,
}: {
  title: ReactNode;
  headingLevel?: 2 | 3;
  children: ReactNode;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={`card ${styles.card}`} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.heading}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
