import type { OptionDetail } from '@tabi/contract/catalog';
import { Msg } from '@tabi/contract/messages';
import { HeadlineFacts } from './headline-facts.tsx';
import styles from './option-detail.module.css';
import { OptionFacts } from './option-facts.tsx';
import { OptionGallery } from './option-gallery.tsx';

/** The top of the detail page: badge, name, gallery and the option's facts. */
export function OptionHeader({ option }: { option: OptionDetail }) {
  return (
    <header className={styles.header}>
      <div className={styles.titleBlock}>
        {option.flg_request_item === 1 && <span className="badge-request">{Msg.requestBadge}</span>}
        <h1 className={styles.title}>{option.webname}</h1>
      </div>
      <HeadlineFacts option={option} />
      <div className={styles.headerGrid}>
        <OptionGallery images={option.imageList} title={option.webname} />
        <div className={`card ${styles.factsCard}`}>
          <OptionFacts option={option} />
          <a href="#price" className={`btn btn-primary btn-block ${styles.toPrice}`}>
            空き状況・料金を見る
          </a>
        </div>
      </div>
    </header>
  );
}
