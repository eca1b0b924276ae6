import { FROMSPOTS } from '@tabi/contract/constants';
import { inLang } from '@tabi/contract/content';
import type { Ymd } from '@tabi/contract/dates';
import { LANG_BASE } from '@tabi/contract/i18n';
import { choosePlace, type PlaceLevel } from '@tabi/contract/places';
import { type FormEvent, type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Choice, Field, FieldSet } from '../../../components/form/field.tsx';
import { SearchIcon } from '../../../components/icons.tsx';
import { useLang, useTextLang } from '../../../i18n/lang.tsx';
import { useAreas } from '../api/get-areas.ts';
import { useCities } from '../api/get-cities.ts';
import { useConditions } from '../api/get-conditions.ts';
import { useCatalogMessages } from '../lib/messages.ts';
import { countConditions, type SearchConditions } from '../lib/search-query.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { DateField } from './date-field.tsx';
import styles from './search-panel.module.css';

const DESKTOP = '(min-width: 960px)';

interface SearchPanelProps {
  /** The conditions in the URL. */
  applied: SearchConditions;
  today: Ymd;
  /** The list's other query parameters (md, the order), carried along when the form is sent before the app is live. */
  carry: Record<string, string>;
  onSearch(conditions: SearchConditions): void;
  /** The list without conditions (検索条件をすべてリセット is a link: it works before the app is live). */
  resetHref: string;
}

interface PanelSelectProps {
  label: string;
  /** The URL query parameter it sets (search-query.ts reads it). */
  name: string;
  value: string;
  /** The first entry, which means "any". */
  placeholder: string;
  /** `lang` marks a name from the catalog (Japanese) on a page in another language. */
  options: { value: string; label: string; lang?: string }[];
  /** Disabled until the level above is chosen; the hint says so meanwhile. */
  disabled?: boolean;
  hint?: string;
  onChange(value: string): void;
}

function PanelSelect({ label, name, value, placeholder, options, disabled = false, hint, onChange }: PanelSelectProps) {
  return (
    <Field label={label} hint={disabled ? hint : undefined} hintAs="span">
      {(control) => (
        <select
          {...control}
          name={name}
          className="select"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value} lang={o.lang}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A level of the place cascade (方面 → エリア → 都市): the condition it sets and its select. */
type PlaceSelect = { key: PlaceLevel } & Pick<PanelSelectProps, 'label' | 'placeholder' | 'options' | 'hint'>;

function sameConditions(a: SearchConditions, b: SearchConditions): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The panel as a popover (`showPopover` is missing where the browser has no Popover API, e.g. jsdom). */
function setShown(panel: HTMLElement | null, shown: boolean): void {
  if (!panel || typeof panel.showPopover !== 'function') return;
  if (panel.matches(':popover-open') === shown) return;
  if (shown) panel.showPopover();
  else panel.hidePopover();
}

/**
 * SPEC §2 Option list search panel: region → area → city cascade, departure point, use date and
 * keywords. Always shown on desktop; on phones a toggle opens it over the page and locks the body scroll.
 *
 * It works before the app is live on a server-rendered page (ADR 0192): the phone sheet is a popover its toggle
 * opens natively, and the form is a GET of the list with the query parameters the list reads. Once live, the
 * app drives both and searches without reloading.
 */
export function SearchPanel({ applied, today, carry, onSearch, resetHref }: SearchPanelProps) {
  const t = useCatalogMessages();
  const lang = useLang();
  const textLang = useTextLang();
  const [form, setForm] = useState<SearchConditions>(applied);
  const [open, setOpen] = useState(false);
  const desktop = useMediaQuery(DESKTOP);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const appliedKey = JSON.stringify(applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-sync only when the URL's conditions change
  useEffect(() => {
    setForm((current) => (sameConditions(current, applied) ? current : applied));
  }, [appliedKey]);

  const conditions = useConditions();
  const areas = useAreas(form.homencd);
  const cities = useCities(form.homencd, form.areacd);

  // Opened natively before the app was live: the app takes the sheet over as it is.
  useEffect(() => {
    const panel = panelRef.current;
    if (panel && typeof panel.showPopover === 'function' && panel.matches(':popover-open')) setOpen(true);
  }, []);
  useEffect(() => setShown(panelRef.current, open && !desktop), [open, desktop]);

  const locked = open && !desktop;
  useEffect(() => {
    if (!locked) return;
    document.body.classList.add('scroll-locked');
    headingRef.current?.focus();
    return () => document.body.classList.remove('scroll-locked');
  }, [locked]);

  /** Closing without 検索する drops what was chosen since: the panel shows again the conditions the list is under. */
  const close = () => {
    setForm(applied);
    setOpen(false);
    toggleRef.current?.focus();
  };
  /** The toggle and 閉じる, once the app is live: the app's state decides, not the native popover action. */
  const onToggleClick = (event: MouseEvent) => {
    event.preventDefault();
    if (open) close();
    else setOpen(true);
  };

  // A typed date that is not one keeps the panel open with its message; read at submit time.
  const dateInvalid = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dateInvalid.current) {
      panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    onSearch(form);
    setOpen(false);
    // The phone sheet closes under the focused 検索する button: give the focus back to the toggle.
    if (locked) toggleRef.current?.focus();
  };

  /** While the phone sheet covers the page, Tab and Shift+Tab cycle inside it (WCAG 2.4.3, 2.4.11). */
  const keepFocusInSheet = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !locked || !panelRef.current) return;
    const focusables = Array.from(
      panelRef.current.querySelectorAll<HTMLElement>(
        'button:not([disabled]), select:not([disabled]), input:not([disabled]), a[href], [tabindex="0"]',
      ),
    ).filter((el) => el.getClientRects().length > 0);
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && (active === first || active === headingRef.current)) {
      event.preventDefault();
      last.focus();
    }
  };

  const homenList = (conditions.data?.homenList ?? []).filter((h) => h.homencd !== '');
  const keywordList = conditions.data?.keywordList ?? [];
  const appliedCount = countConditions(applied);

  /** The place cascade, broadest first: a level opens once the one above is chosen. */
  const places: PlaceSelect[] = [
    {
      key: 'homencd',
      label: t('homen'),
      placeholder: t('allRegions'),
      options: homenList.map((h) => ({
        value: h.homencd,
        label: h.homennm || t('allRegions'),
        lang: textLang(h.homennm),
      })),
    },
    {
      key: 'areacd',
      label: t('area'),
      hint: t('areaHint'),
      placeholder: t('allAreas'),
      options: (areas.data ?? []).map((a) => ({ value: a.areacd, label: a.areanm, lang: textLang(a.areanm) })),
    },
    {
      key: 'citycd',
      label: t('city'),
      hint: t('cityHint'),
      placeholder: t('allCities'),
      options: (cities.data ?? []).map((c) => ({ value: c.citycd, label: c.citynm, lang: textLang(c.citynm) })),
    },
  ];

  return (
    <aside className={styles.wrap} aria-label={t('searchPanel')}>
      <button
        ref={toggleRef}
        type="button"
        className={`btn btn-outline btn-block ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        popoverTarget={panelId}
        onClick={onToggleClick}
      >
        <SearchIcon />
        {open ? t('closeSearch') : t('openSearch')}
        {appliedCount > 0 && <span className={styles.count}>{t('appliedCount', { n: appliedCount })}</span>}
      </button>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: Tab stays in the phone sheet (Escape closes a popover) */}
      <div
        id={panelId}
        ref={panelRef}
        popover="manual"
        className={open ? `${styles.panel} ${styles.open}` : styles.panel}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && locked) close();
          keepFocusInSheet(e);
        }}
      >
        <div className={styles.sheetHeader}>
          <h2 ref={headingRef} tabIndex={-1} className={styles.heading}>
            {t('searchTitle')}
          </h2>
          <button
            type="button"
            className={styles.close}
            popoverTarget={panelId}
            popoverTargetAction="hide"
            onClick={onToggleClick}
          >
            {t('close')}
          </button>
        </div>
        <form
          className={styles.form}
          method="get"
          action={`${LANG_BASE[lang]}/`}
          onSubmit={submit}
          aria-label={t('searchTitle')}
        >
          {Object.entries(carry)
            .filter(([, value]) => value !== '')
            .map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          <div className={styles.fields}>
            {places.map(({ key, ...place }, i) => {
              const above = places[i - 1];
              const disabled = above !== undefined && form[above.key] === '';
              return (
                <PanelSelect
                  key={key}
                  name={key}
                  {...place}
                  value={form[key]}
                  disabled={disabled}
                  options={disabled ? [] : place.options}
                  onChange={(value) => setForm((f) => choosePlace(f, key, value))}
                />
              );
            })}
            <PanelSelect
              label={t('fromspot')}
              name="fromspotcd"
              value={form.fromspotcd}
              placeholder={t('allFromspots')}
              options={FROMSPOTS.map((s) => ({
                value: s.id,
                label: inLang(s, s.translations, lang, ['caption']).caption,
              }))}
              onChange={(fromspotcd) => setForm((f) => ({ ...f, fromspotcd }))}
            />

            <DateField
              label={t('usedate')}
              name="usedate"
              value={form.usedate}
              today={today}
              onChange={(usedate) => setForm((f) => ({ ...f, usedate }))}
              onValidity={(valid) => {
                dateInvalid.current = !valid;
              }}
            />

            {keywordList.length > 0 && (
              <FieldSet legend={t('keywords')} className={styles.keywords}>
                {(control) => (
                  <div className={styles.keywordList}>
                    {keywordList.map((k) => {
                      const checked = form.keycd.includes(k.keycd);
                      return (
                        <Choice
                          key={k.keycd}
                          look="chip"
                          label={<span lang={textLang(k.keyname)}>{k.keyname}</span>}
                          input={{
                            id: `${control.id}-${k.keycd}`,
                            name: 'keycd',
                            value: k.keycd,
                            checked,
                            onChange: (e) =>
                              setForm((f) => ({
                                ...f,
                                keycd: keywordList
                                  .map((kw) => kw.keycd)
                                  .filter((code) => (code === k.keycd ? e.target.checked : f.keycd.includes(code))),
                              })),
                          }}
                        />
                      );
                    })}
                  </div>
                )}
              </FieldSet>
            )}
          </div>

          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary btn-block">
              {t('search')}
            </button>
            <Link to={resetHref} replace className={`btn btn-outline btn-block ${styles.reset}`}>
              {t('resetSearch')}
            </Link>
          </div>
        </form>
      </div>
    </aside>
  );
}
