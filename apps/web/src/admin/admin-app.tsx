import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { AdminShell } from './components/admin-shell.tsx';
import { BookingDetailPage } from './pages/booking-detail-page.tsx';
import { BookingsPage } from './pages/bookings-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { DayStopsPage } from './pages/day-stops-page.tsx';
import { FacilitiesPage } from './pages/facilities-page.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { MailsPage } from './pages/mails-page.tsx';
import { ManifestPage } from './pages/manifest-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { OptionEditPage } from './pages/option-edit-page.tsx';
import { OptionPreviewPage } from './pages/option-preview-page.tsx';
import { OptionStockPage } from './pages/option-stock-page.tsx';
import { OptionsPage } from './pages/options-page.tsx';
import { PasswordPage } from './pages/password-page.tsx';
import { RentalSheetPage } from './pages/rental-sheet-page.tsx';
import { ResellersPage } from './pages/resellers-page.tsx';
import { SalesReportPage } from './pages/sales-report-page.tsx';
import { StaffPage } from './pages/staff-page.tsx';
import { SecurityPage, TotpSignInPage } from './pages/totp-page.tsx';
import { WaitlistPage } from './pages/waitlist-page.tsx';
import './admin.css';

/** The pages inside the console's frame, by the path below /admin. */
const SHELL_PAGES: Record<string, ComponentType> = {
  '': DashboardPage,
  bookings: BookingsPage,
  mails: MailsPage,
  manifest: ManifestPage,
  'day-stops': DayStopsPage,
  'rental-sheet': RentalSheetPage,
  waitlist: WaitlistPage,
  staff: StaffPage,
  resellers: ResellersPage,
  'reports/sales': SalesReportPage,
  options: OptionsPage,
  facilities: FacilitiesPage,
  password: PasswordPage,
  security: SecurityPage,
};

/**
 * The staff console (DESIGN §11): its own lazily loaded part of the web app, mounted at /admin/* by the app's
 * router, so that none of it (nor TanStack Table, nor this stylesheet) reaches a customer page. Its few pages are
 * chosen here by path rather than with <Routes>, which would pull more of React Router into the shared entry chunk.
 */
export function Component() {
  const { pathname } = useLocation();
  const sub = pathname.replace(/^\/admin\/?/, '').replace(/\/+$/, '');
  if (sub === 'login') return <Frame Page={LoginPage} />;
  if (sub === 'totp') return <Frame Page={TotpSignInPage} />;
  const Page = pageOf(sub);
  return (
    <div className="adm" lang="ja">
      <AdminShell>
        <Page />
      </AdminShell>
    </div>
  );
}

function pageOf(sub: string): ComponentType {
  if (/^bookings\/[^/]+$/.test(sub)) return BookingDetailPage;
  if (/^options\/[^/]+\/preview$/.test(sub)) return OptionPreviewPage;
  if (/^options\/[^/]+\/stock$/.test(sub)) return OptionStockPage;
  if (/^options\/[^/]+$/.test(sub)) return OptionEditPage;
  return SHELL_PAGES[sub] ?? NotFoundPage;
}

function Frame({ Page }: { Page: ComponentType }) {
  return (
    <div className="adm" lang="ja">
      <Page />
    </div>
  );
}
