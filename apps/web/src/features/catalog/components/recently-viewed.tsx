import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useCatalogMessages } from '../lib/messages.ts';
import { readRecentlyViewed, type ViewedOption } from '../lib/recently-viewed.ts';
import styles from './recently-viewed.module.css';

/**
 * 最近見た商品 from this browser's own history. Read after mounting, so the server-rendered page
 * (which cannot know it) and the first client render agree.
 */
export function RecentlyViewed({ exclude, hrefFor }: { exclude?: string; hrefFor(opcd: string): string }) {
  const [items, setItems] = useState<ViewedOption[]>([]);
  const t = useCatalogMessages();
  const format = useFormat();
  const textLang = useTextLang();
  useEffect(() => {
    setItems(readRecentlyViewed().filter((o) => o.opcd !== exclude));
  }, [exclude]);
  if (items.length === 0) return null;
  return (
    <section className={styles.recent} aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.title}>
        {t('recentlyViewed')}
      </h2>
      <ul className={styles.strip}>
        {items.map((o) => (
          <li key={o.opcd} className={styles.item}>
            <Link to={hrefFor(o.opcd)} className={styles.link}>
              {o.image ? (
                <img src={o.image} alt="" className={styles.image} width={160} height={100} loading="lazy" />
              ) : (
                <span className={styles.noImage} aria-hidden="true" />
              )}
              <span className={styles.name} lang={textLang(o.webname)}>
                {o.webname}
              </span>
              {o.price !== null && (
                <span className={styles.price}>
                  {format.yen(o.price)}
                  {t('from')}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
