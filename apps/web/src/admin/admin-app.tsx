import { Route, Routes } from 'react-router';
import { AdminShell } from './components/admin-shell.tsx';
import { BookingsPage } from './pages/bookings-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { MailsPage } from './pages/mails-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PasswordPage } from './pages/password-page.tsx';
import { StaffPage } from './pages/staff-page.tsx';
import { SecurityPage, TotpSignInPage } from './pages/totp-page.tsx';
import './admin.css';

/**
 * The staff console (DESIGN §11): its own lazily loaded part of the web app, mounted at /admin/* by the app's
 * router, so that none of it (nor TanStack Table, nor this stylesheet) reaches a customer page.
 */
export function Component() {
  return (
    <div className="adm" lang="ja">
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="totp" element={<TotpSignInPage />} />
        <Route element={<AdminShell />}>
          <Route index element={<DashboardPage />} />
          <Route path="bookings" element={<BookingsPage />} />
          <Route path="mails" element={<MailsPage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="password" element={<PasswordPage />} />
          <Route path="security" element={<SecurityPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
