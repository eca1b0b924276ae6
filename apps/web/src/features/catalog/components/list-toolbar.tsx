import { FROMSPOTS } from '@tabi/contract/constants';
import { OPTION_SORTS, type OptionSort } from '@tabi/contract/option-sort';
import { useFormat } from '../../../i18n/format.ts';
import { useLang, useTextLang } from '../../../i18n/lang.tsx';
import { useAreas } from '../api/get-areas.ts';
import { useCities } from '../api/get-cities.ts';
import { useConditions } from '../api/get-conditions.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import { type ConditionKey, type SearchConditions, withoutCondition } from '../lib/search-query.ts';
import styles from './list-toolbar.module.css';

interface Chip {
  id: string;
  label: string;
  /** The label is a name from the catalog (a place or keyword), not one of ours. */
  content: boolean;
  remove: ConditionKey | { keycd: string };
}

/** One chip per active condition, named as the search panel names it (the code while names load). */
function useChips(c: SearchConditions): Chip[] {
  const choices = useConditions().data;
  const areas = useAreas(c.homencd).data;
  const cities = useCities(c.homencd, c.areacd).data;
  const t = useCatalogMessages();
  const lang = useLang();
  const format = useFormat();
  const chips: Chip[] = [];
  if (c.homencd) {
    const name = choices?.homenList.find((r) => r.homencd === c.homencd)?.homennm ?? c.homencd;
    chips.push({ id: 'homencd', label: name, content: true, remove: 'homencd' });
  }
  if (c.areacd) {
    const name = areas?.find((a) => a.areacd === c.areacd)?.areanm ?? c.areacd;
    chips.push({ id: 'areacd', label: name, content: true, remove: 'areacd' });
  }
  if (c.citycd) {
    const name = cities?.find((x) => x.citycd === c.citycd)?.citynm ?? c.citycd;
    chips.push({ id: 'citycd', label: name, content: true, remove: 'citycd' });
  }
  if (c.fromspotcd) {
    const spot = FROMSPOTS.find((f) => f.id === c.fromspotcd);
    const name = spot ? (lang === 'en' ? spot.captionEn : spot.caption) : c.fromspotcd;
    chips.push({ id: 'fromspotcd', label: t.departingFrom(name), content: false, remove: 'fromspotcd' });
  }
  if (c.usedate)
    chips.push({ id: 'usedate', label: t.usingOn(format.day(c.usedate)), content: false, remove: 'usedate' });
  for (const keycd of c.keycd) {
    const name = choices?.keywordList.find((k) => k.keycd === keycd)?.keyname ?? keycd;
    chips.push({ id: `keycd-${keycd}`, label: name, content: true, remove: { keycd } });
  }
  return chips;
}

interface ListToolbarProps {
  conditions: SearchConditions;
  sort: OptionSort;
  onSort(sort: OptionSort): void;
  onConditions(conditions: SearchConditions): void;
}

/** Issue 14: the list's order and a removable chip for each active search condition. */
export function ListToolbar({ conditions, sort, onSort, onConditions }: ListToolbarProps) {
  const chips = useChips(conditions);
  const t = useCatalogMessages();
  const textLang = useTextLang();
  return (
    <div className={styles.toolbar}>
      {chips.length > 0 && (
        <ul className={styles.chips} aria-label={t.activeConditions}>
          {chips.map((chip) => (
            <li key={chip.id}>
              <button
                type="button"
                className={styles.chip}
                aria-label={t.removeCondition(chip.label)}
                onClick={() => onConditions(withoutCondition(conditions, chip.remove))}
              >
                <span lang={chip.content ? textLang(chip.label) : undefined}>{chip.label}</span>
                <span aria-hidden="true" className={styles.chipX}>
                  ×
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className={styles.sort}>
        <span className={styles.sortLabel}>{t.sortBy}</span>
        <select
          className={`select ${styles.sortSelect}`}
          value={sort}
          onChange={(e) => onSort(OPTION_SORTS.find((s) => s === e.target.value) ?? 'recommended')}
        >
          {OPTION_SORTS.map((s) => (
            <option key={s} value={s}>
              {t.sorts[s]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
