import type { Dashboard } from '@tabi/contract/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from './dashboard-page.tsx';

const departure = (opcd: string, webname: string, startTime: string, endTime: string, participants: number) => ({
  usedate: '20261202',
  opcd,
  webname,
  startTime,
  endTime,
  bookings: 1,
  participants,
  arrived: 0,
  capacity: 20,
});

const dashboard: Dashboard = {
  today: '20261201',
  tomorrow: '20261202',
  servertime: '2026-12-01T01:00:00.000Z',
  departures: [
    departure('OP0049', 'ベイクルーズ', '10:00', '11:00', 4),
    departure('OP0049', 'ベイクルーズ', '13:00', '14:00', 2),
    departure('OP0001', '高原ハイキング', '', '', 3),
  ],
  departureDays: [{ usedate: '20261202', bookings: 3, participants: 9 }],
  todayBookings: [],
  todayCancellations: [],
  dayStops: [],
  minimumDays: [
    {
      opcd: 'OP0050',
      webname: 'スキーレッスン',
      usedate: '20261203',
      startTime: '13:30',
      endTime: '15:30',
      travellers: 2,
      minTravellers: 4,
      decideAt: '2026-12-02T08:00:00.000Z',
      overdue: false,
    },
  ],
  waitingRequests: [],
  expiringCard: [],
  deadlineNear: [],
  konbiniWaiting: [],
  failedMails: [],
  providerProblems: [],
  counts: {
    todayBookings: 0,
    todayCancellations: 0,
    minimumDays: 1,
    waitingRequests: 0,
    expiringCard: 0,
    deadlineNear: 0,
    konbiniWaiting: 0,
    konbiniDueToday: 0,
    failedMails: 0,
    providerProblems: 0,
  },
};

let posted: { url: string; body: unknown }[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push({ url: input, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ errcd: '000', errMsg: '', response: { ok: true } }));
      }
      return new Response(JSON.stringify({ errcd: '000', errMsg: '', response: dashboard }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin']}>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ダッシュボード: departures (ADR 0196)', () => {
  it('lists each departure of tomorrow with its time, travellers and capacity; a whole-day option as 終日', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: '2026/12/02の出発' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'OP0049 ベイクルーズ10:00〜11:001件4／20名0／4名',
      'OP0049 ベイクルーズ13:00〜14:001件2／20名0／2名',
      'OP0001 高原ハイキング終日1件3／20名0／3名',
    ]);
    // Two options, however many departures; the time leads to that departure's 参加者名簿.
    expect(screen.getByRole('heading', { name: /明日 2026\/12\/02 2商品・予約3件・9名/ })).toBeTruthy();
    expect(within(table).getByRole('link', { name: '13:00〜14:00の参加者名簿' }).getAttribute('href')).toBe(
      '/admin/manifest?date=20261202&opcd=OP0049&start=13%3A00',
    );
  });

  it('shows a departure under its minimum with its time, and decides that departure alone', async () => {
    renderPage();
    expect(await screen.findByText('2026/12/03 13:30〜15:30')).toBeTruthy();
    const stop = screen.getByRole('link', { name: '2026/12/03 13:30〜15:30 スキーレッスンを催行中止にする' });
    expect(stop.getAttribute('href')).toBe('/admin/day-stops?opcd=OP0050&date=20261203&reason=minimum&start=13:30');
    await userEvent.click(screen.getByRole('button', { name: '催行決定' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('2026/12/03 13:30〜15:30のスキーレッスンを、2名');
    await userEvent.click(within(dialog).getByRole('button', { name: '催行決定' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({ opcd: 'OP0050', usedate: '20261203', startTime: '13:30' });
  });
});
