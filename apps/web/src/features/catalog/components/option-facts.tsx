import type { Keyword } from '@tabi/contract/catalog';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useCatalogMessages } from '../lib/messages.ts';
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

/** Region, area and city as the page's language joins them: 関東 ／ 東京, Kanto › Tokyo. */
export function destinationText(homen: string, area: string, city: string, separator: string): string {
  return [homen, area, city].filter(Boolean).join(separator);
}

/** The facts a card and the detail page both list: period, places, keywords and the option code. */
export function OptionFacts({ option, compact }: { option: Facts; compact?: boolean }) {
  const { use_from, use_to, homen, area, city, fromspot, meetpoint, keywordList, opcd } = option;
  const t = useCatalogMessages();
  const format = useFormat();
  const common = useCommonMessages();
  const textLang = useTextLang();
  const destination = destinationText(homen, area, city, t('placeSeparator'));
  return (
    <div className={compact ? `${styles.facts} ${styles.compact}` : styles.facts}>
      {keywordList.length > 0 && (
        <ul className={styles.tags} aria-label={t('keywordsLabel')}>
          {keywordList.map((k) => (
            <li key={k.keycd} className="tag" lang={textLang(k.keyname)}>
              {k.keyname}
            </li>
          ))}
        </ul>
      )}
      <dl className={`info-list ${styles.list}`}>
        <div>
          <dt>{t('usePeriod')}</dt>
          <dd>{common('range', { from: format.day(use_from), to: format.day(use_to) })}</dd>
        </div>
        <div>
          <dt>{t('destination')}</dt>
          <dd lang={textLang(destination)}>{destination}</dd>
        </div>
        <div>
          <dt>{t('fromspot')}</dt>
          {fromspot ? <dd lang={textLang(fromspot)}>{fromspot}</dd> : <dd>{t('localMeeting')}</dd>}
        </div>
        {meetpoint && (
          <div>
            <dt>{t('meetpoint')}</dt>
            <dd lang={textLang(meetpoint)}>{meetpoint}</dd>
          </div>
        )}
        <div>
          <dt>{t('opcd')}</dt>
          <dd>{opcd}</dd>
        </div>
      </dl>
    </div>
  );
}
