import { SITE_NAME } from '@tabi/contract/routes';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useAuthStore } from '../stores/auth-store.ts';
import styles from './site-header.module.css';

const marketingUrl = import.meta.env.VITE_MARKETING_URL ?? 'https://www.example.co.jp/';

/**
 * Whether the visitor is logged in (persisted in this browser). A page the server rendered was rendered logged
 * out: it is hydrated as such, then shows the visitor's own state, instead of failing to hydrate.
 */
function useIsLogin(): boolean {
  return useSyncExternalStore(
    useAuthStore.subscribe,
    () => useAuthStore.getState().isLogin,
    () => false,
  );
}

export function SiteHeader() {
  const isLogin = useIsLogin();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <a href={marketingUrl} className={styles.logo}>
          <img src="/logo.svg" alt={SITE_NAME} width={196} height={36} />
        </a>
        <nav aria-label="サイト内リンク" className={styles.nav}>
          <Link to="/">オプション一覧</Link>
          <Link to={isLogin ? '/mypage' : '/login'}>{isLogin ? 'マイページ' : '予約確認'}</Link>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className="container">
        <p className={styles.company}>旅行企画・実施：さくらトラベル株式会社（観光庁長官登録旅行業第0000号）</p>
        <small>© {new Date().getFullYear()} Sakura Travel Co., Ltd. All Rights Reserved.</small>
      </div>
    </footer>
  );
}
