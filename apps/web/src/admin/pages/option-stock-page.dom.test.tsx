import { type DepartureState, type StockChange, type StockMonth, StockMsg } from '@tabi/contract/admin-catalog';
import { CatalogMsg, stockBelowHeld } from '@tabi/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { OptionStockPage } from './option-stock-page.tsx';

const PRICES = { adultbaika: 8000, middlebaika: 0, childbaika: 4000, infantbaika: 0 };

/**
 * A month of an option selling adults and children (no 中人, no 幼児), on sale every day at the same prices: by
 * whole days, or (timed) at 10:00 (until 11:30) and 13:00, with 3 seats held at 10:00.
 */
function monthOf(month: string, timed = false): StockMonth {
  const days = Array.from({ length: 31 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)
    .filter((d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().startsWith(d))
    .map((date) => {
      // The 2nd was called off (催行中止): closed, and left so by a change of seats.
      const stopped = date.endsWith('-02');
      const left = stopped ? 0 : 10;
      const departures = timed
        ? [
            { startTime: '10:00', endTime: '11:30', stopped, left: stopped ? 0 : 7, held: 3, sold: 0, ...PRICES },
            // 13:00 on the 3rd was called off alone.
            date.endsWith('-03')
              ? { startTime: '13:00', endTime: '', stopped: true, left: 0, held: 0, sold: 0, ...PRICES }
              : { startTime: '13:00', endTime: '', stopped, left, held: 0, sold: 0, ...PRICES },
          ]
        : [{ startTime: '', endTime: '', stopped, left, held: 0, sold: 0, ...PRICES }];
      const sum = (k: 'left' | 'held' | 'sold') => departures.reduce((n, d) => n + d[k], 0);
      return {
        date,
        open: true,
        stopped,
        left: sum('left'),
        held: sum('held'),
        sold: sum('sold'),
        ...PRICES,
        departures,
      };
    });
  return {
    opcd: 'OP0005',
    webname: '伊豆 ダイビング体験',
    useFrom: '2020-01-01',
    useTo: '2099-12-31',
    month,
    ageClasses: ['adult', 'child'],
    timed,
    days,
  };
}

/** What the preview answers: one departure changed, unless a test says otherwise. */
const BEFORE: DepartureState = { endTime: '', left: 10, capacity: 10, ...PRICES };
const AFTER: DepartureState = { endTime: '', left: 12, capacity: 12, ...PRICES };
const CHANGE: StockChange = { date: '2099-01-03', startTime: '', before: BEFORE, after: AFTER, stopped: false };
let timed: boolean;
let posted: Record<string, unknown>[];
let previewed: Record<string, unknown>[];
let changed: Record<string, unknown>[];
let previewAnswer: () => unknown;
let departureAnswer: () => unknown;
beforeEach(() => {
  timed = false;
  posted = [];
  previewed = [];
  changed = [];
  previewAnswer = () => ({ days: 4, stopped: ['2099-01-02'], changes: [CHANGE] });
  departureAnswer = () => ({ outcome: 'changed' });
  stubApi(({ url, method, body }) => {
    if (method === 'POST' && url.pathname.endsWith('/stock/preview')) {
      previewed.push(body);
      return previewAnswer();
    }
    if (method === 'POST' && url.pathname.endsWith('/stock/departure')) {
      changed.push(body);
      return departureAnswer();
    }
    if (method === 'POST') {
      posted.push(body);
      return { days: 4, stopped: ['2099-01-02'] };
    }
    return monthOf(url.searchParams.get('month') ?? '2026-12', timed);
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

describe('在庫・料金カレンダー まとめて変更', () => {
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

describe('在庫・料金カレンダー: departures at start times (ADR 0196)', () => {
  it('lists each day’s departures with their seats, capacity and prices, and resizes one of them', async () => {
    timed = true;
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('table', { name: '日ごとの便・残席・予約・料金' }, LOADED);
    expect(screen.queryByRole('table', { name: '日ごとの残席・予約・料金' })).toBeNull();
    const day = within(list)
      .getAllByRole('rowgroup')
      .find((g) => within(g).queryByText('1/5（月）'));
    if (!day) throw new Error('no 1/5');
    const [, ten, one] = within(day).getAllByRole('row');
    expect(within(ten as HTMLElement).getByRole('rowheader').textContent).toBe('10:00〜11:30');
    expect([...(ten as HTMLElement).querySelectorAll('td[data-label]')].map((c) => c.textContent)).toEqual([
      '7',
      '3',
      '0',
      '10',
      '大人 8,000円小人 4,000円',
    ]);
    expect(within(one as HTMLElement).getByRole('rowheader').textContent).toBe('13:00');
    // The 2nd called off, and 13:00 of the 3rd alone.
    expect(within(list).getAllByText('催行中止')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: '1/5（月） 10:00〜11:30の便を変更' }));
    const dialog = await screen.findByRole('dialog', { name: '2099/01/05（月）10:00〜11:30の便を変更' }, LOADED);
    expect(within(dialog).getByText('定員10席（残席7・仮押さえ3・販売済0）')).toBeTruthy();
    const seats = within(dialog).getByRole('textbox', { name: /定員（席）/ });
    expect((seats as HTMLInputElement).value).toBe('10');
    expect(within(dialog).getByText('予約で3席が使われています。3席以上にしてください。')).toBeTruthy();
    await user.clear(seats);
    await user.type(seats, '２０');
    await user.click(within(dialog).getByRole('checkbox', { name: '料金も変更する' }));
    const adult = within(dialog).getByRole('textbox', { name: /大人料金/ });
    await user.clear(adult);
    await user.type(adult, '9,000');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    await vi.waitFor(() => expect(changed).toHaveLength(1), LOADED);
    expect(changed[0]).toEqual({
      date: '2099-01-05',
      startTime: '10:00',
      stock: { mode: 'set', seats: 20 },
      prices: { adultbaika: 9000, childbaika: 4000 },
    });
    expect(await screen.findByText('2099/01/05（月）10:00〜11:30の便を変更しました。', {}, LOADED)).toBeTruthy();
  });

  it('closes a departure, says what happened to it, and says a refusal in the dialog', async () => {
    timed = true;
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: '日ごとの便・残席・予約・料金' }, LOADED);
    departureAnswer = () =>
      new Response(JSON.stringify({ errcd: '999', errMsg: stockBelowHeld('2099/01/06 10:00', 3, 2), response: null }), {
        status: 409,
      });
    await user.click(screen.getByRole('button', { name: '1/6（火） 10:00〜11:30の便を変更' }));
    let dialog = await screen.findByRole('dialog', { name: /2099\/01\/06（火）10:00/ }, LOADED);
    const seats = within(dialog).getByRole('textbox', { name: /定員（席）/ });
    await user.clear(seats);
    await user.type(seats, '2');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(await within(dialog).findByText(stockBelowHeld('2099/01/06 10:00', 3, 2), {}, LOADED)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));

    departureAnswer = () => ({ outcome: 'closed' });
    await user.click(screen.getByRole('button', { name: '1/6（火） 10:00〜11:30の便を変更' }));
    dialog = await screen.findByRole('dialog', { name: /2099\/01\/06（火）10:00/ }, LOADED);
    await user.click(within(dialog).getByRole('radio', { name: '販売を終了' }));
    expect(within(dialog).getByText(/予約済みの3席はそのまま残ります/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(
      await screen.findByText(
        '2099/01/06（火）10:00〜11:30の便の販売を終了しました。予約済みの席はそのまま残り、残席は0席です。',
        {},
        LOADED,
      ),
    ).toBeTruthy();
    expect(changed.at(-1)).toEqual({ date: '2099-01-06', startTime: '10:00', stock: { mode: 'close' }, prices: null });
  });

  it('on a day called off, changes only the prices of a departure', async () => {
    timed = true;
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: '日ごとの便・残席・予約・料金' }, LOADED);
    await user.click(screen.getByRole('button', { name: '1/2（金） 13:00の便を変更' }));
    const dialog = await screen.findByRole('dialog', { name: '2099/01/02（金）13:00の便を変更' }, LOADED);
    expect(within(dialog).getByText('催行中止のため、席数は変更できません。料金だけ変更できます。')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('radio', { name: /定員を変更/ })
        .matches(':disabled'),
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    await vi.waitFor(() => expect(changed).toHaveLength(1), LOADED);
    expect(changed[0]).toMatchObject({ stock: null, prices: { adultbaika: 8000, childbaika: 4000 } });
  });

  it('marks a departure called off alone, and names it when a change of seats left it closed', async () => {
    timed = true;
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('table', { name: '日ごとの便・残席・予約・料金' }, LOADED);
    const day = within(list)
      .getAllByRole('rowgroup')
      .find((g) => within(g).queryByText('1/3（土）'));
    if (!day) throw new Error('no 1/3');
    expect(within(day).getByRole('rowheader', { name: /^13:00/ }).textContent).toBe('13:00催行中止');
    await user.click(screen.getByRole('button', { name: '1/3（土） 13:00の便を変更' }));
    const dialog = await screen.findByRole('dialog', { name: '2099/01/03（土）13:00の便を変更' }, LOADED);
    expect(within(dialog).getByText('催行中止のため、席数は変更できません。料金だけ変更できます。')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));

    stubApi(({ url, method }) => {
      if (method === 'POST' && url.pathname.endsWith('/stock/preview')) {
        return { days: 1, stopped: ['2099-01-03 13:00'], changes: [CHANGE] };
      }
      if (method === 'POST') return { days: 1, stopped: ['2099-01-03 13:00'] };
      return monthOf(url.searchParams.get('month') ?? '2026-12', true);
    });
    await user.type(screen.getByRole('textbox', { name: '開始時刻' }), '13:00');
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    const bulk = await screen.findByRole('dialog', { name: '在庫・料金をまとめて変更' }, LOADED);
    expect(within(bulk).getByText('催行中止の日・便（2099/01/03 13:00）の席は閉じたままです。')).toBeTruthy();
    await user.click(within(bulk).getByRole('button', { name: '変更する' }));
    expect(
      await screen.findByText(
        '1日分を変更しました。催行中止の日・便（2099/01/03 13:00）の席数は変更していません。',
        {},
        LOADED,
      ),
    ).toBeTruthy();
  });

  it('sends start times typed as a clerk types them, with a duration, and shows the server’s preview per day and time', async () => {
    timed = true;
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: '日ごとの便・残席・予約・料金' }, LOADED);
    // A timed option with no start time typed: the form says the days would switch to whole days.
    expect(screen.getByText(/開始時刻が空欄のままだと、対象の日は終日の販売に切り替わります/)).toBeTruthy();
    expect(screen.getByText(/この月：10:00・13:00/)).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: '開始時刻' }), '１３：００、9:30');
    await user.type(screen.getByRole('textbox', { name: /所要時間/ }), '90');
    previewAnswer = () => ({
      days: 31,
      stopped: ['2099-01-02'],
      changes: [
        {
          ...CHANGE,
          date: '2099-01-03',
          startTime: '09:30',
          before: null,
          after: { ...AFTER, endTime: '11:00' },
        },
        {
          ...CHANGE,
          date: '2099-01-03',
          startTime: '13:00',
          before: { ...BEFORE, endTime: '' },
          after: { ...AFTER, endTime: '14:30' },
        },
      ] satisfies StockChange[],
    });
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    const dialog = await screen.findByRole('dialog', { name: '在庫・料金をまとめて変更' }, LOADED);
    expect(previewed[0]).toMatchObject({ times: ['09:30', '13:00'], durationMinutes: 90 });
    expect(within(dialog).getByText('09:30〜11:00、13:00〜14:30')).toBeTruthy();
    const changes = within(dialog).getByRole('table', { name: '変更される便（2件）' });
    const rows = within(changes).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1/3（土） 09:30追加：定員12席・残席12席・大人 8,000円・小人 4,000円・11:00終了',
      '1/3（土） 13:00定員 10→12席、残席 10→12席、終了 なし→14:30',
    ]);
    expect(within(dialog).getByText('催行中止の日（2099/01/02）の席は閉じたままです。')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1), LOADED);
    expect(posted[0]).toEqual(previewed[0]);
  });

  it('refuses a time that is not one beside its field, and says the preview’s refusal without a dialog', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: '日ごとの残席・予約・料金' }, LOADED);
    const times = screen.getByRole('textbox', { name: '開始時刻' });
    await user.type(times, '10:00, 25:00');
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    expect(await screen.findByText(StockMsg.timeInvalid, {}, LOADED)).toBeTruthy();
    expect(times.getAttribute('aria-invalid')).toBe('true');
    expect(previewed).toHaveLength(0);
    // On an option sold by whole days, start times switch the days: the form says so before anything is sent.
    expect(screen.getByText(/開始時刻を入力すると、対象の日は開始時刻ごとの販売に切り替わります/)).toBeTruthy();

    await user.clear(times);
    await user.type(times, '10:00');
    previewAnswer = () =>
      new Response(JSON.stringify({ errcd: '999', errMsg: StockMsg.departurePricesNeeded, response: null }), {
        status: 422,
      });
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    expect(await screen.findByRole('alert', {}, LOADED)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(StockMsg.departurePricesNeeded);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toHaveLength(0);
  });
});
