import type { StockMonth } from '@tabi/contract/admin-catalog';
import { CatalogMsg } from '@tabi/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADED, renderWithQuery, stubConsoleApi } from '../../test/console-api.tsx';
import { OptionStockPage } from './option-stock-page.tsx';

/** A month of an option selling adults and children (no 中人, no 幼児), on sale every day at the same prices. */
function monthOf(month: string): StockMonth {
  const days = Array.from({ length: 31 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)
    .filter((d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().startsWith(d))
    .map((date) => {
      const figures = {
        left: date.endsWith('-02') ? 0 : 10,
        held: 0,
        sold: 0,
        adultbaika: 8000,
        middlebaika: 0,
        childbaika: 4000,
        infantbaika: 0,
      };
      // The 2nd was called off (催行中止): closed, and left so by a change of seats.
      return {
        date,
        open: true,
        stopped: date.endsWith('-02'),
        ...figures,
        departures: [{ startTime: '', endTime: '', ...figures }],
      };
    });
  return {
    opcd: 'OP0005',
    webname: '伊豆 ダイビング体験',
    useFrom: '2020-01-01',
    useTo: '2099-12-31',
    month,
    ageClasses: ['adult', 'child'],
    timed: false,
    days,
  };
}

let posted: Record<string, unknown>[];
beforeEach(() => {
  posted = [];
  stubConsoleApi(({ url, method, body }) => {
    if (method === 'POST') {
      posted.push(body);
      return { days: 4, stopped: ['2099-01-02'] };
    }
    return monthOf(url.searchParams.get('month') ?? '2026-12');
  });
});

function renderPage() {
  renderWithQuery(
    <MemoryRouter initialEntries={['/admin/options/OP0005/stock?month=2099-01']}>
      <Routes>
        <Route path="/admin/options/:opcd/stock" element={<OptionStockPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('在庫・料金カレンダー まとめて変更 (issue 24.13)', () => {
  it('asks only for the prices of the age classes the option sells, and sends only those', async () => {
    const user = userEvent.setup();
    renderPage();
    const grid = await screen.findByRole('table', { name: '日ごとの残席・予約・料金' }, LOADED);
    expect(within(grid).getAllByText('大人').length).toBeGreaterThan(0);
    expect(within(grid).queryByText('中人')).toBeNull();
    expect(within(grid).queryByText('幼児')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: /料金も設定する/ }));
    expect((screen.getByLabelText(/大人料金/) as HTMLInputElement).value).toBe('8000');
    expect((screen.getByLabelText(/小人料金/) as HTMLInputElement).value).toBe('4000');
    expect(screen.queryByLabelText(/中人料金/)).toBeNull();
    expect(screen.queryByLabelText(/幼児料金/)).toBeNull();

    // A class it sells is still required.
    await user.clear(screen.getByLabelText(/小人料金/));
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    expect(await screen.findByText('小人料金を入力してください。', {}, LOADED)).toBeTruthy();

    await user.type(screen.getByLabelText(/小人料金/), '4500');
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    const dialog = await screen.findByRole('dialog', { name: '在庫・料金をまとめて変更' }, LOADED);
    expect(within(dialog).getByText('大人 8,000円・小人 4,500円')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1), LOADED);
    expect(posted[0]?.prices).toEqual({ adultbaika: 8000, childbaika: 4500 });
  });

  it('says the contract’s messages beside the fields, focuses the first, and sends the request it read', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: '日ごとの残席・予約・料金' }, LOADED);
    for (const day of ['日', '月', '火', '水', '木', '金', '土']) {
      await user.click(screen.getByRole('checkbox', { name: `${day}曜` }));
    }
    const seats = screen.getByRole('textbox', { name: /席数/ });
    await user.clear(seats);
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    expect(await screen.findByText(CatalogMsg.stockWeekdaysRequired, {}, LOADED)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: '日曜' }));
    expect(seats.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: '土曜' }));
    await user.type(seats, '１，２００');
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    const dialog = await screen.findByRole('dialog', { name: '在庫・料金をまとめて変更' }, LOADED);
    expect(within(dialog).getByText('席数を1200席に設定')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1), LOADED);
    expect(posted[0]).toEqual({
      from: '2099-01-01',
      to: '2099-01-31',
      weekdays: [6],
      stock: { mode: 'set', seats: 1200 },
      prices: null,
    });
  });

  it('marks a day called off, and says that a change of seats left it closed', async () => {
    const user = userEvent.setup();
    renderPage();
    const grid = await screen.findByRole('table', { name: '日ごとの残席・予約・料金' }, LOADED);
    expect(within(grid).getAllByText('催行中止')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    const dialog = await screen.findByRole('dialog', { name: '在庫・料金をまとめて変更' }, LOADED);
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(
      await screen.findByText('4日分を変更しました。催行中止の日（2099/01/02）の席数は変更していません。', {}, LOADED),
    ).toBeTruthy();
  });
});
