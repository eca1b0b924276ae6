import { SITE_NAME } from '@tabi/contract/routes';
import { Link } from 'react-router';
import { siteLegal } from '../lib/site-legal.ts';
import { useIsLogin } from '../stores/auth-store.ts';
import styles from './site-header.module.css';

const marketingUrl = import.meta.env.VITE_MARKETING_URL ?? 'https://www.example.co.jp/';

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

/** The travel organiser's legal data from the server's configuration (issue 14); demo values say so. */
export function SiteFooter() {
  const legal = siteLegal();
  return (
    <footer className={styles.footer}>
      <div className="container">
        <p className={styles.company}>
          旅行企画・実施：{legal.companyName}（{legal.registration}）
        </p>
        <p className={styles.legal}>
          {legal.address}　TEL {legal.tel}
        </p>
        {legal.example && (
          <p className={styles.legal} data-testid="legal-example">
            ※ 上記の会社名・登録番号・所在地・電話番号はデモ用の例です。
          </p>
        )}
        <small>© {new Date().getFullYear()} Sakura Travel Co., Ltd. All Rights Reserved.</small>
      </div>
    </footer>
  );
}
