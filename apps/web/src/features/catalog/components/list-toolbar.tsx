import { FROMSPOTS } from '@tabi/contract/constants';
import { inLang } from '@tabi/contract/content';
import { OPTION_SORTS, type OptionSort } from '@tabi/contract/option-sort';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format.ts';
import { useLang, useTextLang } from '../../../i18n/lang.tsx';
import { useAreas } from '../api/get-areas.ts';
import { useCities } from '../api/get-cities.ts';
import { useConditions } from '../api/get-conditions.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import {
  type ActiveCondition,
  activeConditions,
  type SearchConditions,
  withoutCondition,
} from '../lib/search-query.ts';
import styles from './list-toolbar.module.css';

interface Chip {
  id: string;
  label: string;
  /** The label is a name from the catalog (a place or keyword), not one of ours. */
  content: boolean;
  remove: ActiveCondition;
}

/** One chip per active condition, named as the search panel names it (the code while names load). */
function useChips(c: SearchConditions): Chip[] {
  const choices = useConditions().data;
  const areas = useAreas(c.homencd).data;
  const cities = useCities(c.homencd, c.areacd).data;
  const t = useCatalogMessages();
  const lang = useLang();
  const format = useFormat();
  const name = (condition: ActiveCondition): { label: string; content: boolean } => {
    const { key, value } = condition;
    switch (key) {
      case 'homencd':
        return { label: choices?.homenList.find((r) => r.homencd === value)?.homennm ?? value, content: true };
      case 'areacd':
        return { label: areas?.find((a) => a.areacd === value)?.areanm ?? value, content: true };
      case 'citycd':
        return { label: cities?.find((x) => x.citycd === value)?.citynm ?? value, content: true };
      case 'fromspotcd': {
        const spot = FROMSPOTS.find((f) => f.id === value);
        const place = spot ? inLang(spot, spot.translations, lang, ['caption']).caption : value;
        return { label: t('departingFrom', { place }), content: false };
      }
      case 'usedate':
        return { label: t('usingOn', { day: format.day(value) }), content: false };
      case 'keycd':
        return { label: choices?.keywordList.find((k) => k.keycd === value)?.keyname ?? value, content: true };
    }
  };
  return activeConditions(c).map((condition) => ({
    id: condition.key === 'keycd' ? `keycd-${condition.value}` : condition.key,
    ...name(condition),
    remove: condition,
  }));
}

interface ListToolbarProps {
  conditions: SearchConditions;
  sort: OptionSort;
  onSort(sort: OptionSort): void;
  /** The list under other conditions (a chip is a link: it works before the app is live). */
  hrefFor(conditions: SearchConditions): string;
}

/** The list's order and a removable chip for each active search condition. */
export function ListToolbar({ conditions, sort, onSort, hrefFor }: ListToolbarProps) {
  const chips = useChips(conditions);
  const t = useCatalogMessages();
  const textLang = useTextLang();
  return (
    <div className={styles.toolbar}>
      {chips.length > 0 && (
        <ul className={styles.chips} aria-label={t('activeConditions')}>
          {chips.map((chip) => (
            <li key={chip.id}>
              <Link
                to={hrefFor(withoutCondition(conditions, chip.remove))}
                replace
                className={styles.chip}
                aria-label={t('removeCondition', { label: chip.label })}
              >
                <span lang={chip.content ? textLang(chip.label) : undefined}>{chip.label}</span>
                <span aria-hidden="true" className={styles.chipX}>
                  ×
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <label className={styles.sort}>
        <span className={styles.sortLabel}>{t('sortBy')}</span>
        <select
          className={`select ${styles.sortSelect}`}
          value={sort}
          onChange={(e) => onSort(OPTION_SORTS.find((s) => s === e.target.value) ?? 'recommended')}
        >
          {OPTION_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sorts.${s}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
