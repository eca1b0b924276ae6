import { Outlet, type RouteObject } from 'react-router';
import { AdminOnly, AdminShell } from './components/admin-shell.tsx';
import { OptionPreviewPage } from './pages/option-preview-page.tsx';
import './admin.css';

/** Every console page is Japanese (DESIGN §11), whatever language the customer pages were last seen in. */
function ConsoleFrame() {
  return (
    <div className="adm" lang="ja">
      <Outlet />
    </div>
  );
}

/** The signed-in console: who, the navigation, and the page (signed-out users are sent to the sign-in page). */
function ShellFrame() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

/**
 * The staff console's routes below /admin (ADR 0180). The app's router adds them the first time a console address
 * is opened, so none of this reaches a customer page; each page is its own chunk (but the preview), so one page
 * loads no other.
 */
export const consoleRoutes: RouteObject[] = [
  {
    Component: ConsoleFrame,
    children: [
      { path: 'login', lazy: () => import('./pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })) },
      { path: 'totp', lazy: () => import('./pages/totp-page.tsx').then((m) => ({ Component: m.TotpSignInPage })) },
      {
        Component: ShellFrame,
        children: [
          {
            index: true,
            lazy: () => import('./pages/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
          },
          {
            path: 'bookings',
            lazy: () => import('./pages/bookings-page.tsx').then((m) => ({ Component: m.BookingsPage })),
          },
          {
            path: 'bookings/:rsvno',
            lazy: () => import('./pages/booking-detail-page.tsx').then((m) => ({ Component: m.BookingDetailPage })),
          },
          { path: 'mails', lazy: () => import('./pages/mails-page.tsx').then((m) => ({ Component: m.MailsPage })) },
          {
            path: 'manifest',
            lazy: () => import('./pages/manifest-page.tsx').then((m) => ({ Component: m.ManifestPage })),
          },
          {
            path: 'checkin',
            lazy: () => import('./pages/checkin/checkin-page.tsx').then((m) => ({ Component: m.CheckinPage })),
          },
          {
            path: 'day-stops',
            lazy: () => import('./pages/day-stops-page.tsx').then((m) => ({ Component: m.DayStopsPage })),
          },
          {
            path: 'rental-sheet',
            lazy: () => import('./pages/rental-sheet-page.tsx').then((m) => ({ Component: m.RentalSheetPage })),
          },
          {
            path: 'waitlist',
            lazy: () => import('./pages/waitlist-page.tsx').then((m) => ({ Component: m.WaitlistPage })),
          },
          {
            // The sections only an admin uses: an operator sees AdminOnly's page (the server refuses the calls too).
            Component: AdminOnly,
            children: [
              {
                path: 'options',
                lazy: () => import('./pages/options-page.tsx').then((m) => ({ Component: m.OptionsPage })),
              },
              {
                path: 'options/:opcd',
                lazy: () => import('./pages/option-edit-page.tsx').then((m) => ({ Component: m.OptionEditPage })),
              },
              // Not a chunk of its own: the preview is drawn with the customer detail page's parts, and a console chunk
              // taking those would make Rollup split the customer pages' shared chunks differently (ADR 0180).
              { path: 'options/:opcd/preview', Component: OptionPreviewPage },
              {
                path: 'options/:opcd/stock',
                lazy: () => import('./pages/option-stock-page.tsx').then((m) => ({ Component: m.OptionStockPage })),
              },
              {
                path: 'facilities',
                lazy: () => import('./pages/facilities-page.tsx').then((m) => ({ Component: m.FacilitiesPage })),
              },
              {
                path: 'facilities/:id/sizes',
                lazy: () => import('./pages/facility-sizes-page.tsx').then((m) => ({ Component: m.FacilitySizesPage })),
              },
              {
                path: 'resources',
                lazy: () => import('./pages/resources-page.tsx').then((m) => ({ Component: m.ResourcesPage })),
              },
              {
                path: 'resources/:id',
                lazy: () => import('./pages/resources-page.tsx').then((m) => ({ Component: m.ResourcePage })),
              },
              {
                path: 'discount-codes',
                lazy: () => import('./pages/discount-codes-page.tsx').then((m) => ({ Component: m.DiscountCodesPage })),
              },
              {
                path: 'discount-codes/:id',
                lazy: () => import('./pages/discount-codes-page.tsx').then((m) => ({ Component: m.DiscountCodePage })),
              },
              {
                path: 'resellers',
                lazy: () =>
                  import('./pages/resellers/resellers-page.tsx').then((m) => ({ Component: m.ResellersPage })),
              },
              {
                path: 'reports/sales',
                lazy: () => import('./pages/sales-report-page.tsx').then((m) => ({ Component: m.SalesReportPage })),
              },
              { path: 'staff', lazy: () => import('./pages/staff-page.tsx').then((m) => ({ Component: m.StaffPage })) },
            ],
          },
          {
            path: 'password',
            lazy: () => import('./pages/password-page.tsx').then((m) => ({ Component: m.PasswordPage })),
          },
          {
            path: 'security',
            lazy: () => import('./pages/totp-page.tsx').then((m) => ({ Component: m.SecurityPage })),
          },
          { path: '*', lazy: () => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
];
