import { Link, useLocation } from 'react-router';
import { AdminPage } from '../components/page.tsx';

/** A console address with no page yet (the booking detail comes with the booking actions). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const booking = /^\/admin\/bookings\/([A-Z0-9]+)$/i.exec(pathname)?.[1];
  return (
    <AdminPage title="ページが見つかりません" heading={booking ? `予約 ${booking}` : 'ページが見つかりません'}>
      {booking ? (
        <p>
          予約詳細の画面は準備中です。予約一覧で <Link to={`/admin/bookings?rsvno=${booking}`}>{booking} を検索</Link>{' '}
          できます。
        </p>
      ) : (
        <p>
          ご指定のページはありません。<Link to="/admin">ダッシュボードへ戻る</Link>
        </p>
      )}
    </AdminPage>
  );
}
