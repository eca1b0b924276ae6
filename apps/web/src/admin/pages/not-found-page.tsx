import { Link } from 'react-router';
import { AdminPage } from '../components/page.tsx';

/** A console address with no page. */
export function NotFoundPage() {
  return (
    <AdminPage title="ページが見つかりません">
      <p>
        ご指定のページはありません。<Link to="/admin">ダッシュボードへ戻る</Link>
      </p>
    </AdminPage>
  );
}
