import type { OptionDetail } from '@tabi/contract/catalog';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useDetailMessages } from '../lib/detail-messages.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import { HeadlineFacts } from './headline-facts.tsx';
import styles from './option-detail.module.css';
import { OptionFacts } from './option-facts.tsx';
import { OptionGallery } from './option-gallery.tsx';

/** The top of the detail page: badge, name, gallery and the option's facts. */
export function OptionHeader({ option }: { option: OptionDetail }) {
  const t = useCatalogMessages();
  const d = useDetailMessages();
  const common = useCommonMessages();
  const textLang = useTextLang();
  return (
    <header className={styles.header}>
      <div className={styles.titleBlock}>
        {option.flg_request_item === 1 && <span className="badge-request">{t('requestBadge')}</span>}
        <h1 className={styles.title} lang={textLang(option.webname)}>
          {option.webname}
        </h1>
        {textLang(option.introduction + option.contents) === 'ja' && (
          <p className={styles.untranslated}>{common('untranslated')}</p>
        )}
      </div>
      <HeadlineFacts option={option} />
      <div className={styles.headerGrid}>
        <OptionGallery images={option.imageList} title={option.webname} />
        <div className={`card ${styles.factsCard}`}>
          <OptionFacts option={option} />
          <a href="#price" className={`btn btn-primary btn-block ${styles.toPrice}`}>
            {d('seePrices')}
          </a>
        </div>
      </div>
    </header>
  );
}
