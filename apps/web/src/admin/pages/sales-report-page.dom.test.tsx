import type { SalesReport } from '@tabi/contract/resellers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SalesReportPage } from './sales-report-page.tsx';

const f = (bookings: number, people: number, amount: number) => ({
  bookings,
  people,
  canceled: 0,
  amount,
  commission: 0,
  net: amount,
});

const report: SalesReport = {
  month: '2026-12',
  lines: [
    {
      resellerId: null,
      channel: '自社サイト',
      opcd: 'OP0001',
      webname: '高原ハイキング',
      ...f(1, 1, 5000),
      departures: [],
    },
    {
      resellerId: null,
      channel: '自社サイト',
      opcd: 'OP0049',
      webname: 'ベイクルーズ',
      ...f(3, 5, 29_000),
      departures: [
        { startTime: '10:00', ...f(2, 3, 15_000) },
        { startTime: '16:00', ...f(1, 2, 14_000) },
      ],
    },
  ],
  channels: [{ resellerId: null, channel: '自社サイト', ...f(4, 6, 34_000) }],
  total: f(4, 6, 34_000),
  discounts: [{ code: 'WINTER10', bookings: 2, discount: 3400 }],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ errcd: '000', errMsg: '', response: report }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('売上レポート per departure (ADR 0196)', () => {
  it('follows an option sold at start times with a row per departure; a whole-day option has none', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/admin/reports/sales?month=2026-12']}>
          <SalesReportPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: /2026年12月/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent ?? '');
    const cruise = rows.findIndex((r) => r.includes('ベイクルーズ') && !r.includes('発の便'));
    expect(rows[cruise]).toContain('29,000');
    expect(rows[cruise + 1]).toMatch(/ベイクルーズの10:00発の便2件3名.*15,000/);
    expect(rows[cruise + 2]).toMatch(/ベイクルーズの16:00発の便1件2名.*14,000/);
    expect(rows.filter((r) => r.includes('発の便'))).toHaveLength(2);
    // The channel's heading spans its lines, the departures' rows and its subtotal.
    expect(within(table).getByRole('rowheader', { name: '自社サイト' }).getAttribute('rowspan')).toBe('5');
  });

  it('lists each 割引コード with its bookings and the yen it took off (ADR 0210)', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/admin/reports/sales?month=2026-12']}>
          <SalesReportPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const section = await screen.findByRole('region', { name: '割引コード別' });
    const row = within(section).getByRole('row', { name: /WINTER10/ });
    expect(row.textContent).toMatch(/WINTER10.*2件.*3,400/);
  });
});
