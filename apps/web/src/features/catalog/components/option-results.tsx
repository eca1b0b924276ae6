import type { PaginatedOptions } from '@tabi/contract/catalog';
import { Link } from 'react-router';
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
  if (!list) return <div className={styles.results} aria-busy={updating} />;
  return (
    <section className={styles.results} aria-busy={updating} aria-labelledby="results-count">
      <p id="results-count" className={styles.count} aria-live="polite">
        {list.data.length > 0 ? (
          <>
            <strong>
              {list.from}～{list.to}
            </strong>{' '}
            件 (全 <strong>{list.total}</strong> 件)
          </>
        ) : (
          <>0 件 (全 {list.total} 件)</>
        )}
      </p>
      {list.total === 0 ? (
        <div className={`card ${styles.empty}`}>
          <p>ご指定の条件に合うオプションが見つかりませんでした。</p>
          <p>条件を変更して、もう一度検索してください。</p>
        </div>
      ) : list.data.length === 0 ? (
        // A page past the last (an old link or bookmark): the options are on the pages before it.
        <div className={`card ${styles.empty}`}>
          <p>このページに表示するオプションはありません。</p>
          <p>
            <Link to={hrefForPage(1)}>最初のページへ戻る</Link>
          </p>
        </div>
      ) : (
        <>
          <Pagination links={list.links} label="ページ送り（上）" hrefFor={hrefForPage} />
          <ol className={styles.list}>
            {list.data.map((item, i) => (
              <li key={item.opcd}>
                <OptionCard item={item} href={hrefForOption(item.opcd)} eager={i < 2} />
              </li>
            ))}
          </ol>
          <Pagination links={list.links} label="ページ送り（下）" hrefFor={hrefForPage} />
        </>
      )}
    </section>
  );
}
