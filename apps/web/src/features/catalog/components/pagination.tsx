import type { PageLink } from '@tabi/contract/catalog';
import { PAGINATION_MIN_LINKS } from '@tabi/contract/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Translate } from '../../../i18n/messages.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import styles from './pagination.module.css';

function pageOf(url: string): number {
  const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Laravel-style labels ("&laquo; Previous", "Next &raquo;") in the page's language. */
function linkLabel(label: string, t: Translate<'catalog'>): ReactNode {
  const plain = label
    .replace(/&laquo;/g, '«')
    .replace(/&raquo;/g, '»')
    .replace(/&amp;/g, '&')
    .trim();
  if (/previous|前/i.test(plain) || plain.startsWith('«')) {
    return (
      <>
        <span aria-hidden="true">‹</span> {t('previous')}
      </>
    );
  }
  if (/next|次/i.test(plain) || plain.endsWith('»')) {
    return (
      <>
        {t('next')} <span aria-hidden="true">›</span>
      </>
    );
  }
  return plain;
}

interface PaginationProps {
  links: PageLink[];
  label: string;
  hrefFor(page: number): string;
}

/** SPEC §2: page links only with at least four links; links without a url are shown disabled. */
export function Pagination({ links, label, hrefFor }: PaginationProps) {
  const t = useCatalogMessages();
  if (links.length < PAGINATION_MIN_LINKS) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <ul>
        {links.map((link, i) => {
          const text = linkLabel(link.label, t);
          const key = `${i}-${link.label}`;
          if (!link.url) {
            return (
              <li key={key}>
                <span aria-disabled="true" className={styles.disabled}>
                  {text}
                </span>
              </li>
            );
          }
          return (
            <li key={key}>
              <Link
                to={hrefFor(pageOf(link.url))}
                className={link.active ? styles.active : styles.link}
                aria-current={link.active ? 'page' : undefined}
              >
                {text}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
