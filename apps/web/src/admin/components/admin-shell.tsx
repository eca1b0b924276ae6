import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useLogout, useMe } from '../lib/staff-session.ts';
import { Loading, QueryError } from './query-state.tsx';

const ROLE_LABEL = { admin: '管理者', operator: 'オペレーター' } as const;

/** The console's frame: who is signed in, the navigation, and the page; signed-out users go to the sign-in page. */
export function AdminShell() {
  const me = useMe();
  const logout = useLogout();
  const location = useLocation();
  if (me.isPending) return <Loading />;
  if (me.isError) return <QueryError error={me.error} />;
  const staff = me.data;
  if (staff.mustChangePassword && location.pathname !== '/admin/password') {
    return <Navigate to="/admin/password" replace />;
  }
  const links = [
    { to: '/admin', label: 'ダッシュボード', end: true },
    { to: '/admin/bookings', label: '予約一覧' },
    { to: '/admin/mails', label: 'メール' },
    ...(staff.role === 'admin' ? [{ to: '/admin/staff', label: 'スタッフ' }] : []),
  ];
  return (
    <div className="adm-shell">
      <a href="#adm-main" className="visually-hidden adm-skip">
        本文へ移動
      </a>
      <header className="adm-topbar">
        <span className="adm-brand">さくらトラベル スタッフ管理</span>
        <div className="adm-user">
          <span>
            {staff.mail}（{ROLE_LABEL[staff.role]}）
          </span>
          <NavLink to="/admin/security">2段階認証</NavLink>
          <NavLink to="/admin/password">パスワード変更</NavLink>
          <button type="button" onClick={() => void logout()}>
            ログアウト
          </button>
        </div>
      </header>
      <div className="adm-body">
        <nav className="adm-nav" aria-label="管理メニュー">
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end ?? false}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="adm-main" className="adm-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
