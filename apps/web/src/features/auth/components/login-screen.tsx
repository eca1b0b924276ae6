import { SITE_NAME } from '@tabi/contract/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './login-screen.module.css';

/** The login page stands alone (no header or footer, SPEC §2), so it carries its own logo and way back. */
export function LoginScreen({ children }: { children: ReactNode }) {
  return (
    <div className={styles.screen}>
      <div className={styles.box}>
        <Link to="/" className={styles.logo}>
          <img src="/logo.svg" alt={SITE_NAME} width={196} height={36} />
        </Link>
        <section className={`card ${styles.card}`} aria-labelledby="login-title">
          <h1 id="login-title" className={styles.title}>
            予約確認・マイページ
          </h1>
          <p className={styles.lead}>予約番号とお申し込み時の電話番号を入力して、ログインしてください。</p>
          {children}
        </section>
        <p className={styles.back}>
          <Link to="/">オプション一覧へ戻る</Link>
        </p>
      </div>
    </div>
  );
}
