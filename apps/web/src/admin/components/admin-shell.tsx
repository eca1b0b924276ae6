import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { lastKnownMe, useLogout, useMe } from '../lib/staff-session.ts';
import { AdminPage } from './page.tsx';
import { Loading, QueryError } from './query-state.tsx';

/** The navigation's links to the sections only an admin uses; the route tree guards them (`AdminOnly`). */
const ADMIN_SECTIONS = [
  { to: '/admin/options', label: '商品' },
  { to: '/admin/facilities', label: '施設とクーポン' },
  { to: '/admin/resources', label: 'リソース' },
  { to: '/admin/discount-codes', label: '割引コード' },
  { to: '/admin/resellers', label: '販売代理店' },
  { to: '/admin/reports/sales', label: '売上レポート' },
  { to: '/admin/staff', label: 'スタッフ' },
];

/** What an operator sees at an admin's address: the server would refuse its every call anyway. */
function AdminOnlyPage() {
  return (
    <AdminPage title="管理者専用の画面です">
      <p>
        この画面は管理者のみ利用できます。必要な操作は管理者にご依頼ください。
        <Link to="/admin">ダッシュボードへ戻る</Link>
      </p>
    </AdminPage>
  );
}

/** A navigation link that marks the current page (aria-current and the active style). */
function NavItem({ to, end = false, children }: { to: string; end?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  const current = end ? pathname === to || pathname === `${to}/` : pathname === to || pathname.startsWith(`${to}/`);
  return (
    <Link to={to} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

const ROLE_LABEL = { admin: '管理者', operator: 'オペレーター' } as const;

/** The console's frame: who is signed in, the navigation, and the page; signed-out users go to the sign-in page. */
export function AdminShell({ children }: { children: ReactNode }) {
  const me = useMe();
  const logout = useLogout();
  const location = useLocation();
  if (me.isPending) return <Loading />;
  // No network (the installed scanner at a door without signal): the staff member last seen on this device, so that
  // チェックイン still answers from its copy; the server judges every scan when the network returns (ADR 0215).
  const offline = me.isError && me.error instanceof ApiError && me.error.status === 0 ? lastKnownMe() : null;
  if (me.isError && !offline) return <QueryError error={me.error} />;
  const staff = me.data ?? offline;
  if (!staff) return <Loading />;
  if (staff.mustChangePassword && location.pathname !== '/admin/password') {
    return <Navigate to="/admin/password" replace />;
  }
  const links: { to: string; label: string; end?: boolean }[] = [
    { to: '/admin', label: 'ダッシュボード', end: true },
    { to: '/admin/bookings', label: '予約一覧' },
    { to: '/admin/manifest', label: '参加者名簿' },
    { to: '/admin/checkin', label: 'チェックイン' },
    { to: '/admin/day-stops', label: '催行中止' },
    { to: '/admin/rental-sheet', label: 'レンタル準備表' },
    { to: '/admin/waitlist', label: 'キャンセル待ち' },
    { to: '/admin/mails', label: 'メール' },
    ...(staff.role === 'admin' ? ADMIN_SECTIONS : []),
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
          <NavItem to="/admin/security">2段階認証</NavItem>
          <NavItem to="/admin/password">パスワード変更</NavItem>
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
                <NavItem to={l.to} end={l.end ?? false}>
                  {l.label}
                </NavItem>
              </li>
            ))}
          </ul>
        </nav>
        <main id="adm-main" className="adm-main">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The routes only an admin uses (DESIGN §11: the catalog, facilities and staff accounts; the resellers, their keys
 * and the sales report with their commissions), grouped under this one in the route tree (routes.tsx).
 */
export function AdminOnly() {
  const me = useMe();
  return me.data?.role === 'admin' ? <Outlet /> : <AdminOnlyPage />;
}
