import { SITE_LOGOS, SITE_NAMES } from '@tabi/contract/routes';
import { Link } from 'react-router';
import { useCommonMessages } from '../i18n/common.ts';
import { useLang, useTextLang } from '../i18n/lang.tsx';
import { siteLegal } from '../lib/site-legal.ts';
import { useIsLogin } from '../stores/auth-store.ts';
import { LanguageSuggestion, LanguageSwitch } from './language-switch.tsx';
import styles from './site-header.module.css';

const marketingUrl = import.meta.env.VITE_MARKETING_URL ?? 'https://www.example.co.jp/';

export function SiteHeader() {
  const isLogin = useIsLogin();
  const lang = useLang();
  const t = useCommonMessages();
  return (
    <>
      <LanguageSuggestion />
      <nav aria-label={t('languageSwitch')} className={styles.topbar}>
        <div className={`container ${styles.topbarInner}`}>
          <LanguageSwitch />
        </div>
      </nav>
      <header className={styles.header}>
        <div className={`container ${styles.inner}`}>
          <a href={marketingUrl} className={styles.logo}>
            <img src={SITE_LOGOS[lang]} alt={SITE_NAMES[lang]} width={196} height={36} />
          </a>
          <nav aria-label={t('siteLinks')} className={styles.nav}>
            <Link to="/">{t('optionList')}</Link>
            <Link to={isLogin ? '/mypage' : '/login'}>{isLogin ? t('myPage') : t('bookingLookup')}</Link>
          </nav>
        </div>
      </header>
    </>
  );
}

/** The travel organiser's legal data from the server's configuration; demo values say so. */
export function SiteFooter() {
  const legal = siteLegal(useLang());
  const t = useCommonMessages();
  const textLang = useTextLang();
  return (
    <footer className={styles.footer}>
      <div className="container">
        <p className={styles.company}>
          {t('organiser')}
          <span lang={textLang(legal.companyName)}>
            {t('companyRegistration', { name: legal.companyName, registration: legal.registration })}
          </span>
        </p>
        <p className={styles.legal} lang={textLang(legal.address)}>
          {t('addressTel', { address: legal.address, tel: legal.tel })}
        </p>
        {legal.example && (
          <p className={styles.legal} data-testid="legal-example">
            {t('legalExample')}
          </p>
        )}
        <small>© {new Date().getFullYear()} Sakura Travel Co., Ltd. All Rights Reserved.</small>
      </div>
    </footer>
  );
}
