import type { OptionListItem } from '@tabi/contract/catalog';
import { formatJpy } from '@tabi/contract/format';
import { Msg } from '@tabi/contract/messages';
import { CARD_IMAGE_SIZES } from '@tabi/contract/picture-sizes';
import { Link } from 'react-router';
import { SafeHtml } from '../../../components/safe-html.tsx';
import styles from './option-card.module.css';
import { OptionFacts } from './option-facts.tsx';
import { OptionPicture } from './option-picture.tsx';

function priceRange(min: number, max: number): string {
  return min === max ? formatJpy(min) : `${formatJpy(min)}～${formatJpy(max)}`;
}

/** SPEC §2 Option list card. */
export function OptionCard({ item, href, eager }: { item: OptionListItem; href: string; eager?: boolean }) {
  const image = item.imageList[0];
  const titleId = `option-${item.opcd}-title`;
  return (
    <article className={`card ${styles.card}`} aria-labelledby={titleId} data-opcd={item.opcd}>
      <figure className={styles.figure}>
        {image ? (
          <>
            <OptionPicture
              picture={image}
              sizes={CARD_IMAGE_SIZES}
              alt={image.alt || item.webname}
              className={styles.image}
              eager={eager}
            />
            {image.caption && <figcaption className={styles.caption}>{image.caption}</figcaption>}
          </>
        ) : (
          <div className={styles.noImage} aria-hidden="true" />
        )}
      </figure>
      <div className={styles.body}>
        {item.flg_request_item === 1 && <span className={`badge-request ${styles.badge}`}>{Msg.requestBadge}</span>}
        <h2 id={titleId} className={styles.title}>
          {item.webname}
        </h2>
        <SafeHtml html={item.introduction} className={styles.intro} />
        <OptionFacts compact option={item} />
        <div className={styles.footer}>
          <p className={styles.price}>
            <span className={styles.priceLabel}>{Msg.perAdult}</span>
            <span className={styles.priceValue} data-testid="price-range">
              {priceRange(item.min_baika, item.max_baika)}
            </span>
          </p>
          <Link to={href} className={`btn btn-secondary ${styles.more}`}>
            {Msg.detailLink}
            <span className="visually-hidden">：{item.webname}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
