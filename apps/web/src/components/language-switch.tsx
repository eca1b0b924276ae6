import {
  LANG_BASE,
  LANG_NAMES,
  LANG_SUGGESTION,
  LANGS,
  type Lang,
  pathInLang,
  preferredLang,
} from '@tabi/contract/i18n';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useCommonMessages } from '../i18n/common.ts';
import { useLang } from '../i18n/lang.tsx';
import { GlobeIcon } from './icons.tsx';
import styles from './language-switch.module.css';

/** The same place in another language: the same page, the same option or step, the same query and anchor. */
function useSamePlaceIn(): (lang: Lang) => string {
  const current = useLang();
  const location = useLocation();
  // The router's location is below the language's base (/en): add it back to name the page as the address bar does.
  const pathname = `${LANG_BASE[current]}${location.pathname}`;
  return (lang) => `${pathInLang(pathname, lang)}${location.search}${location.hash}`;
}

/**
 * This page in each of our languages, each named in its own, behind the current one's name: a disclosure that
 * opens without script, as the server sent it. Each link is a full page load: the other language's texts and
 * server-rendered page come with it, and what the visitor entered so far is kept where the site keeps it (the
 * reservation in progress, the search in the address).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const current = useLang();
  const samePlaceIn = useSamePlaceIn();
  const t = useCommonMessages();
  return (
    <details
      className={`${styles.switch} ${className ?? ''}`}
      data-language-switch=""
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.currentTarget.open = false;
      }}
    >
      <summary className={styles.current} aria-label={`${t('languageSwitch')}: ${LANG_NAMES[current]}`}>
        <GlobeIcon />
        <span lang={current}>{LANG_NAMES[current]}</span>
      </summary>
      <ul className={styles.menu}>
        {LANGS.map((lang) => (
          <li key={lang}>
            <a
              href={samePlaceIn(lang)}
              lang={lang}
              hrefLang={lang}
              className={styles.link}
              aria-current={lang === current ? 'page' : undefined}
            >
              {LANG_NAMES[lang]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

const DISMISSED_KEY = 'language-suggestion-dismissed';

/**
 * The first visit follows the browser's languages only as a suggestion: a visitor whose browser
 * prefers another of our languages sees one line offering it, in that language, until they close it. Never a
 * redirect. Shown after the page is live, so the server's page is the same for everyone.
 */
export function LanguageSuggestion() {
  const current = useLang();
  const samePlaceIn = useSamePlaceIn();
  const [suggested, setSuggested] = useState<Lang | null>(null);
  useEffect(() => {
    const wanted = preferredLang(navigator.languages.length ? navigator.languages : [navigator.language]);
    let dismissed = false;
    try {
      dismissed = localStorage.getItem(DISMISSED_KEY) === '1';
    } catch {
      // Storage may be blocked; the line then shows on each visit.
    }
    if (wanted && wanted !== current && !dismissed) setSuggested(wanted);
  }, [current]);
  if (!suggested) return null;
  const words = LANG_SUGGESTION[suggested];
  const dismiss = () => {
    setSuggested(null);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Closed for this page only.
    }
  };
  return (
    <aside className={styles.suggestion} lang={suggested} aria-label={words.link}>
      <div className={styles.suggestionInner}>
        <p>
          {words.text}{' '}
          <a href={samePlaceIn(suggested)} hrefLang={suggested}>
            {words.link}
          </a>
        </p>
        <button type="button" className={styles.close} onClick={dismiss} aria-label={words.dismiss}>
          ×
        </button>
      </div>
    </aside>
  );
}
