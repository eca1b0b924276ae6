import { SITE_LOGOS, SITE_NAMES } from '@tabi/contract/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { useLang } from '../../../i18n/lang.tsx';
import { useAuthMessages } from '../lib/messages.ts';
import styles from './login-screen.module.css';

/** The login page stands alone (no header or footer, SPEC §2), so it carries its own logo and way back. */
export function LoginScreen({ children }: { children: ReactNode }) {
  const lang = useLang();
  const t = useAuthMessages();
  return (
    <div className={styles.screen}>
      <div className={styles.box}>
        <div className={styles.language}>
          <LanguageSwitch />
        </div>
        <Link to="/" className={styles.logo}>
          <img src={SITE_LOGOS[lang]} alt={SITE_NAMES[lang]} width={196} height={36} />
        </Link>
        <section className={`card ${styles.card}`} aria-labelledby="login-title">
          <h1 id="login-title" className={styles.title}>
            {t('title')}
          </h1>
          <p className={styles.lead}>{t('lead')}</p>
          {children}
        </section>
        <p className={styles.back}>
          <Link to="/">{t('backToList')}</Link>
        </p>
      </div>
    </div>
  );
}
