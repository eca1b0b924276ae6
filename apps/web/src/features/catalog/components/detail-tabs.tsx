import { Link } from 'react-router';
import { useDetailMessages } from '../lib/detail-messages.ts';
import styles from './option-detail.module.css';

export const DETAIL_SECTIONS = {
  contentGuide: 'content-guide',
  price: 'price',
  applicationGuide: 'application-guide',
} as const;

/** SPEC §2: anchor tabs to the content guide, the travel price and the application guide. */
export function DetailTabs({ showPrice }: { showPrice: boolean }) {
  const t = useDetailMessages();
  const tabs = [
    { id: DETAIL_SECTIONS.contentGuide, label: t('contentGuide') },
    ...(showPrice ? [{ id: DETAIL_SECTIONS.price, label: t('price') }] : []),
    { id: DETAIL_SECTIONS.applicationGuide, label: t('applicationGuide') },
  ];
  return (
    <nav className={styles.tabs} aria-label={t('pageMenu')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <a href={`#${tab.id}`}>{tab.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className={styles.back}>
      <Link to={to}>
        <span aria-hidden="true">‹ </span>
        {label}
      </Link>
    </p>
  );
}
