import type { Keyword } from '@tabi/contract/catalog';
import { formatYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import styles from './option-facts.module.css';

/** What a list item and the detail both have (the detail also a meeting point). */
interface Facts {
  use_from: string;
  use_to: string;
  homen: string;
  area: string;
  city: string;
  fromspot: string | null;
  meetpoint?: string | null;
  keywordList: Keyword[];
  opcd: string;
}

export function destinationText(homen: string, area: string, city: string): string {
  return [homen, area, city].filter(Boolean).join(' ／ ');
}

/** The facts a card and the detail page both list: period, places, keywords and the option code. */
export function OptionFacts({ option, compact }: { option: Facts; compact?: boolean }) {
  const { use_from, use_to, homen, area, city, fromspot, meetpoint, keywordList, opcd } = option;
  return (
    <div className={compact ? `${styles.facts} ${styles.compact}` : styles.facts}>
      {keywordList.length > 0 && (
        <ul className={styles.tags} aria-label="キーワード">
          {keywordList.map((k) => (
            <li key={k.keycd} className="tag">
              {k.keyname}
            </li>
          ))}
        </ul>
      )}
      <dl className={`info-list ${styles.list}`}>
        <div>
          <dt>利用期間</dt>
          <dd>
            {formatYmd(use_from)}～{formatYmd(use_to)}
          </dd>
        </div>
        <div>
          <dt>目的地</dt>
          <dd>{destinationText(homen, area, city)}</dd>
        </div>
        <div>
          <dt>出発地</dt>
          <dd>{fromspot || Msg.localMeeting}</dd>
        </div>
        {meetpoint && (
          <div>
            <dt>集合場所</dt>
            <dd>{meetpoint}</dd>
          </div>
        )}
        <div>
          <dt>商品コード</dt>
          <dd>{opcd}</dd>
        </div>
      </dl>
    </div>
  );
}
