import type { PaginatedOptions } from '@tabi/contract/catalog';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import { OptionCard } from './option-card.tsx';
import styles from './option-results.module.css';
import { Pagination } from './pagination.tsx';

interface OptionResultsProps {
  list: PaginatedOptions | null | undefined;
  /** With an empty result for a searched use date: the nearest days (YYYYMMDD) that have room. */
  nearestDays?: string[] | undefined;
  /** The searched use date (YYYYMMDD or ''). */
  usedate: string;
  /** A new page or search is loading while the previous results stay on screen. */
  updating: boolean;
  hrefForPage(page: number): string;
  /** The same search on another use date. */
  hrefForDay(usedate: string): string;
  hrefForOption(opcd: string): string;
}

/**
 * Nothing found: for a searched use date, say that day has no room and offer the nearest days that have some as
 * searches of those days; otherwise ask for other conditions.
 */
function EmptyResult({
  usedate,
  nearestDays,
  hrefForDay,
}: Pick<OptionResultsProps, 'usedate' | 'nearestDays' | 'hrefForDay'>) {
  const t = useCatalogMessages();
  const format = useFormat();
  if (usedate === '' || nearestDays === undefined || nearestDays.length === 0) {
    return (
      <div className={`card ${styles.empty}`}>
        <p>{t('noResults')}</p>
        <p>{t('noResultsHint')}</p>
      </div>
    );
  }
  return (
    <div className={`card ${styles.empty}`}>
      <p>{t('noRoomOn', { day: format.day(usedate, { weekday: true }) })}</p>
      <p id="nearest-days-lead">{t('nearestDaysLead')}</p>
      <ul className={styles.days} aria-labelledby="nearest-days-lead">
        {nearestDays.map((day) => (
          <li key={day}>
            <Link className={styles.day} to={hrefForDay(day)}>
              {format.day(day, { weekday: true })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** SPEC §2: "from～to 件 (全 total 件)", page links above and below, and one card per option. */
export function OptionResults({
  list,
  nearestDays,
  usedate,
  updating,
  hrefForPage,
  hrefForDay,
  hrefForOption,
}: OptionResultsProps) {
  const t = useCatalogMessages();
  if (!list) return <div className={styles.results} aria-busy={updating} />;
  return (
    <section className={styles.results} aria-busy={updating} aria-labelledby="results-count">
      <p id="results-count" className={styles.count} aria-live="polite">
        {list.data.length > 0 ? (
          <>
            <strong>{t('resultRange', { from: list.from ?? 0, to: list.to ?? 0 })}</strong>
            {t('resultCountMiddle')}
            <strong>{list.total}</strong>
            {t('resultCountEnd')}
          </>
        ) : (
          t('resultCountEmpty', { total: list.total })
        )}
      </p>
      {list.total === 0 ? (
        <EmptyResult usedate={usedate} nearestDays={nearestDays} hrefForDay={hrefForDay} />
      ) : list.data.length === 0 ? (
        // A page past the last (an old link or bookmark): the options are on the pages before it.
        <div className={`card ${styles.empty}`}>
          <p>{t('pastLastPage')}</p>
          <p>
            <Link to={hrefForPage(1)}>{t('toFirstPage')}</Link>
          </p>
        </div>
      ) : (
        <>
          <Pagination links={list.links} label={t('pagesAbove')} hrefFor={hrefForPage} />
          <ol className={styles.list}>
            {list.data.map((item, i) => (
              <li key={item.opcd}>
                <OptionCard item={item} href={hrefForOption(item.opcd)} eager={i === 0} />
              </li>
            ))}
          </ol>
          <Pagination links={list.links} label={t('pagesBelow')} hrefFor={hrefForPage} />
        </>
      )}
    </section>
  );
}
