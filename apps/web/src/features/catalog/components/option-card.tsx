import type { OptionListItem } from '@tabi/contract/catalog';
import { CARD_IMAGE_SIZES } from '@tabi/contract/picture-sizes';
import { Link } from 'react-router';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { useCommonMessages } from '../../../i18n/common.ts';
import { type Format, useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import type { Translate } from '../../../i18n/messages.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import styles from './option-card.module.css';
import { OptionFacts } from './option-facts.tsx';
import { OptionPicture } from './option-picture.tsx';

function priceRange(format: Format, common: Translate<'common'>, min: number, max: number): string {
  return min === max ? format.yen(min) : common('range', { from: format.yen(min), to: format.yen(max) });
}

/** SPEC §2 Option list card. */
export function OptionCard({ item, href, eager }: { item: OptionListItem; href: string; eager?: boolean }) {
  const image = item.imageList[0];
  const titleId = `option-${item.opcd}-title`;
  const t = useCatalogMessages();
  const format = useFormat();
  const common = useCommonMessages();
  const textLang = useTextLang();
  return (
    <article className={`card ${styles.card}`} aria-labelledby={titleId} data-opcd={item.opcd}>
      <figure className={styles.figure}>
        {image ? (
          <>
            <OptionPicture
              picture={image}
              sizes={CARD_IMAGE_SIZES}
              alt={image.alt || item.webname}
              altLang={textLang(image.alt)}
              className={styles.image}
              eager={eager}
            />
            {image.caption && (
              <figcaption className={styles.caption} lang={textLang(image.caption)}>
                {image.caption}
              </figcaption>
            )}
          </>
        ) : (
          <div className={styles.noImage} aria-hidden="true" />
        )}
      </figure>
      <div className={styles.body}>
        {item.flg_request_item === 1 && <span className={`badge-request ${styles.badge}`}>{t('requestBadge')}</span>}
        <h2 id={titleId} className={styles.title} lang={textLang(item.webname)}>
          {item.webname}
        </h2>
        <SafeHtml html={item.introduction} className={styles.intro} lang={textLang(item.introduction)} />
        <OptionFacts compact option={item} />
        <div className={styles.footer}>
          <p className={styles.price}>
            <span className={styles.priceLabel}>{t('perAdult')}</span>
            <span className={styles.priceValue} data-testid="price-range">
              {priceRange(format, common, item.min_baika, item.max_baika)}
            </span>
          </p>
          <Link to={href} className={`btn btn-secondary ${styles.more}`}>
            {t('detailLink')}
            <span className="visually-hidden">
              {t('detailLinkSeparator')}
              <span lang={textLang(item.webname)}>{item.webname}</span>
            </span>
          </Link>
        </div>
      </div>
    </article>
  );
}
