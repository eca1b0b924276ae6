import type { PaginatedOptions } from '@tabi/contract/catalog';
import { Link } from 'react-router';
import { useCatalogMessages } from '../lib/messages.ts';
import { OptionCard } from './option-card.tsx';
import styles from './option-results.module.css';
import { Pagination } from './pagination.tsx';

interface OptionResultsProps {
  list: PaginatedOptions | null | undefined;
  /** A new page or search is loading while the previous results stay on screen. */
  updating: boolean;
  hrefForPage(page: number): string;
  hrefForOption(opcd: string): string;
}

/** SPEC §2: "from～to 件 (全 total 件)", page links above and below, and one card per option. */
export function OptionResults({ list, updating, hrefForPage, hrefForOption }: OptionResultsProps) {
  const t = useCatalogMessages();
  if (!list) return <div className={styles.results} aria-busy={updating} />;
  return (
    <section className={styles.results} aria-busy={updating} aria-labelledby="results-count">
      <p id="results-count" className={styles.count} aria-live="polite">
        {list.data.length > 0 ? (
          <>
            <strong>{t.resultRange(list.from ?? 0, list.to ?? 0)}</strong>
            {t.resultCountMiddle}
            <strong>{list.total}</strong>
            {t.resultCountEnd}
          </>
        ) : (
          t.resultCountEmpty(list.total)
        )}
      </p>
      {list.total === 0 ? (
        <div className={`card ${styles.empty}`}>
          <p>{t.noResults}</p>
          <p>{t.noResultsHint}</p>
        </div>
      ) : list.data.length === 0 ? (
        // A page past the last (an old link or bookmark): the options are on the pages before it.
        <div className={`card ${styles.empty}`}>
          <p>{t.pastLastPage}</p>
          <p>
            <Link to={hrefForPage(1)}>{t.toFirstPage}</Link>
          </p>
        </div>
      ) : (
        <>
          <Pagination links={list.links} label={t.pagesAbove} hrefFor={hrefForPage} />
          <ol className={styles.list}>
            {list.data.map((item, i) => (
              <li key={item.opcd}>
                <OptionCard item={item} href={hrefForOption(item.opcd)} eager={i < 2} />
              </li>
            ))}
          </ol>
          <Pagination links={list.links} label={t.pagesBelow} hrefFor={hrefForPage} />
        </>
      )}
    </section>
  );
}
