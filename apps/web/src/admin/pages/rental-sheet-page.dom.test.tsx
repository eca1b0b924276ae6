import type { RentalSheetDay, RentalSheetRow } from '@tabi/contract/operations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RentalSheetPage } from './rental-sheet-page.tsx';

const row = (rsvno: string, seq: number, startTime: string, endTime: string, model: string): RentalSheetRow => ({
  rsvno,
  statusLabel: '決済完了',
  opcd: 'OP0050',
  webname: 'スキーレッスン',
  startTime,
  endTime,
  applicant: '山田 太郎',
  tel: '090-1234-5678',
  seq,
  name: `山田 ${seq}郎`,
  ageClass: '大人',
  model,
  bootsSize: '26.5',
  wearSize: 'L',
});

function day(start: string | null): RentalSheetDay {
  const rows = [
    row('AB000001', 1, '09:30', '12:00', 'スキー'),
    row('AB000001', 2, '09:30', '12:00', 'スキー'),
    row('AB000002', 1, '13:30', '16:00', 'スノーボード'),
  ].filter((r) => !start || r.startTime === start);
  const counts = (mine: RentalSheetRow[]) => ({
    skis: mine.filter((r) => r.model === 'スキー').length,
    snowboards: mine.filter((r) => r.model === 'スノーボード').length,
    boots: [{ size: '26.5', count: mine.length }],
    wear: [{ ageClass: '大人', size: 'L', count: mine.length }],
  });
  const times = [...new Set(rows.map((r) => r.startTime))];
  return {
    date: '20261220',
    facility: null,
    facilities: [{ id: 3, name: 'スノーギア 白馬' }],
    start,
    startTimes: ['09:30', '13:30'],
    sheets: [
      {
        facilityId: 3,
        facilityName: 'スノーギア 白馬',
        facilityMail: null,
        mailedAt: null,
        bookings: new Set(rows.map((r) => r.rsvno)).size,
        travellers: rows.length,
        ...counts(rows),
        departures: times.map((t) => {
          const mine = rows.filter((r) => r.startTime === t);
          return {
            startTime: t,
            endTime: mine[0]?.endTime ?? '',
            bookings: new Set(mine.map((r) => r.rsvno)).size,
            travellers: mine.length,
            ...counts(mine),
          };
        }),
        rows,
        stock: [
          { item: 'model', size: '1', reserved: 2, quantity: 30, left: 28 },
          { item: 'boots', size: '24.0', reserved: 1, quantity: 0, left: -1 },
          { item: 'boots', size: '26.5', reserved: 3, quantity: 6, left: 3 },
          { item: 'boots', size: '27.0', reserved: 2, quantity: 2, left: 0 },
        ],
      },
    ],
  };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const start = new URL(input, 'http://localhost').searchParams.get('start');
      return new Response(JSON.stringify({ errcd: '000', errMsg: '', response: day(start) }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderAt(url: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/admin/rental-sheet"
            element={
              <>
                <RentalSheetPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('レンタル準備表: stock by size (ADR 0209)', () => {
  it('says per counted item and size how many are reserved, in stock and left, marking sizes with none left', async () => {
    renderAt('/admin/rental-sheet?date=20261220');
    expect(await screen.findByRole('heading', { name: 'サイズ別の在庫と残り（2026/12/20の1日分）' })).toBeTruthy();
    const boots = screen.getByRole('table', { name: 'ブーツ' });
    const cells = (size: string) =>
      within(within(boots).getByRole('rowheader', { name: size }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(
      within(boots)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['サイズ', '予約', '在庫', '残り']);
    expect(cells('26.5cm')).toEqual(['3足', '6足', '3足']);
    expect(cells('27.0cm')).toEqual(['2足', '2足', '0足 残りなし']);
    expect(cells('24.0cm')).toEqual(['1足', '0足', '0足 1足超過']);
    const boards = screen.getByRole('table', { name: 'スキー・スノーボード' });
    expect(within(boards).getByRole('rowheader', { name: 'スキー' })).toBeTruthy();
    // Wear is not counted by this shop: no table for it.
    expect(screen.queryByRole('table', { name: 'ウェア' })).toBeNull();
  });
});

describe('レンタル準備表 per departure (ADR 0196)', () => {
  it('prepares each departure apart: its time, its counts and its travellers', async () => {
    renderAt('/admin/rental-sheet?date=20261220');
    const early = await screen.findByRole('region', { name: /09:30〜12:00/ });
    expect(within(early).getByRole('heading', { level: 3 }).textContent).toBe('09:30〜12:00 予約1件・2名');
    expect(within(within(early).getByRole('table', { name: '板' })).getByText('2台')).toBeTruthy();
    expect(within(early).getAllByText('AB000001').length).toBeGreaterThan(0);
    expect(within(early).queryByText('AB000002')).toBeNull();
    const late = screen.getByRole('region', { name: /13:30〜16:00/ });
    expect(within(late).getByText('スノーボード', { selector: 'td' })).toBeTruthy();
  });

  it('chooses one start time through the 便 filter', async () => {
    renderAt('/admin/rental-sheet?date=20261220');
    const choice = await screen.findByRole('combobox', { name: '便' });
    await userEvent.selectOptions(choice, '13:30');
    await userEvent.click(screen.getByRole('button', { name: '表示' }));
    expect(screen.getByTestId('where').textContent).toBe('?date=20261220&start=13%3A30');
    expect(await screen.findByText(/13:30発の便/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: /09:30/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'CSVダウンロード' }).getAttribute('href')).toContain('start=13%3A30');
  });
});
