import { SHOE_SIZES, WEAR_SIZES_ADULT, WEAR_SIZES_CHILD } from '@tabi/contract/constants';
import {
  type RentalItem,
  type RentalStockDetail,
  RentalStockMsg,
  rentalItemSizes,
  rentalQuantityInvalid,
  rentalStockBelowHeld,
} from '@tabi/contract/rental-stock';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, stubApiCalls } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { FacilitySizesPage } from './facility-sizes-page.tsx';

/** An item as the server answers it: `numbers` listed (the others not), `held` the bookings' most on a day. */
function itemOf(item: RentalItem, numbers: Record<string, number>, held: Record<string, number> = {}) {
  return {
    item,
    counted: Object.keys(numbers).length > 0,
    sizes: rentalItemSizes(item).map((size) => ({ size, quantity: numbers[size] ?? null, held: held[size] ?? 0 })),
  };
}

const detail: RentalStockDetail = {
  facility: { id: 3, name: 'スノーギア 白馬' },
  items: [itemOf('model', {}), itemOf('boots', { '26.5': 6, '27.0': 2 }, { '26.5': 3 }), itemOf('wear', {})],
  days: [{ item: 'boots', size: '27.0', date: '2026-12-20', quantity: 0, base: 2, held: 0 }],
};

/** A refusal of the server, as the envelope carries it. */
const refusal = (errMsg: string, status = 409) =>
  new Response(JSON.stringify({ errcd: '999', errMsg, response: null }), { status });

let posts: ApiCall[];
let answer: (call: ApiCall) => unknown;
beforeEach(() => {
  answer = () => detail;
  posts = stubApiCalls({ '/api/admin/facilities/3/rental-stock': detail }, (call) => answer(call));
});

function renderPage() {
  renderWithQuery(
    <MemoryRouter initialEntries={['/admin/facilities/3/sizes']}>
      <Routes>
        <Route path="/admin/facilities/:id/sizes" element={<FacilitySizesPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const sent = () => posts.map((p) => [p.url.pathname, p.body]);
const card = (name: string) => screen.getByRole('region', { name });

/** What a control's aria-describedby says (its hint and its error). */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('サイズ別在庫', () => {
  it('shows each item: boots counted with their numbers and bookings, wear not counted', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'サイズ別在庫：スノーギア 白馬' }, LOADED)).toBeTruthy();
    const boots = card('ブーツ');
    expect(within(boots).getByRole('checkbox', { name: 'この品目の在庫を管理する' })).toHaveProperty('checked', true);
    const group = within(boots).getByRole('group', { name: 'ブーツのサイズごとの数（足）' });
    expect(within(group).getAllByRole('textbox')).toHaveLength(SHOE_SIZES.length);
    const size265 = within(boots).getByLabelText('26.5cm') as HTMLInputElement;
    expect(size265.value).toBe('6');
    expect(description(size265)).toContain('予約 最大3足');
    expect((within(boots).getByLabelText('25.0cm') as HTMLInputElement).value).toBe('');
    const wear = card('ウェア');
    expect(within(wear).getByRole('checkbox', { name: 'この品目の在庫を管理する' })).toHaveProperty('checked', false);
    expect(within(wear).queryByRole('textbox')).toBeNull();
    expect(within(wear).getByText(/サイズに関係なく予約を受け付けます/)).toBeTruthy();
  });

  it('counts an item from its toggle, asks for one size first, and sends only the sizes typed', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'ウェア' }, LOADED);
    const wear = card('ウェア');
    const toggle = within(wear).getByRole('checkbox', { name: 'この品目の在庫を管理する' });
    toggle.focus();
    await user.keyboard(' ');
    expect(within(wear).getByRole('group', { name: '大人用ウェアのサイズごとの数（着）' })).toBeTruthy();
    const children = within(wear).getByRole('group', { name: '子ども用ウェアのサイズごとの数（着）' });
    expect(within(children).getAllByRole('textbox')).toHaveLength(WEAR_SIZES_CHILD.length);
    await user.click(within(wear).getByRole('button', { name: 'ウェアを保存' }));
    expect(await within(wear).findByText(RentalStockMsg.countedNeedsSize)).toBeTruthy();
    expect(description(toggle)).toContain(RentalStockMsg.countedNeedsSize);
    expect(posts).toEqual([]);

    await user.type(within(wear).getByLabelText('M'), '４');
    await user.type(within(wear).getByLabelText('120cm'), '0');
    await user.click(within(wear).getByRole('button', { name: 'ウェアを保存' }));
    expect(await screen.findByText('ウェアのサイズ別の数を保存しました（2サイズ）。', {}, LOADED)).toBeTruthy();
    expect(sent()).toEqual([
      [
        '/api/admin/facilities/3/rental-stock',
        {
          item: 'wear',
          counted: true,
          sizes: [
            { size: 'M', quantity: 4 },
            { size: '120cm', quantity: 0 },
          ],
        },
      ],
    ]);
    expect(WEAR_SIZES_ADULT).toContain('M');
  });

  it('refuses a negative number at its field, and says the server’s refusal in the item’s form', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'ブーツ' }, LOADED);
    const boots = card('ブーツ');
    const size270 = within(boots).getByLabelText('27.0cm');
    await user.clear(size270);
    await user.type(size270, '-1');
    await user.click(within(boots).getByRole('button', { name: 'ブーツを保存' }));
    expect(await within(boots).findByText(rentalQuantityInvalid('boots', '27.0'))).toBeTruthy();
    expect(description(size270)).toContain(rentalQuantityInvalid('boots', '27.0'));
    expect(posts).toEqual([]);

    const held = rentalStockBelowHeld('boots', '26.5', '2026-12-20', 3, 2, 'stock');
    answer = () => refusal(held);
    await user.clear(size270);
    const size265 = within(boots).getByLabelText('26.5cm');
    await user.clear(size265);
    await user.type(size265, '2');
    await user.click(within(boots).getByRole('button', { name: 'ブーツを保存' }));
    expect((await within(boots).findByRole('alert', {}, LOADED)).textContent).toBe(held);
    expect(sent()).toEqual([
      [
        '/api/admin/facilities/3/rental-stock',
        { item: 'boots', counted: true, sizes: [{ size: '26.5', quantity: 2 }] },
      ],
    ]);
  });

  it('adds a dated number for a listed size, and removes one', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: '日付ごとの数' }, LOADED);
    const days = card('日付ごとの数');
    const row = within(days).getByRole('row', { name: /2026\/12\/20/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ブーツ 27.0cm', '0足', '2足', '0足', '削除']);
    // Only the counted item, and only its listed sizes, may be chosen.
    const item = within(days).getByRole('combobox', { name: '品目' });
    expect(
      within(item)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ブーツ']);
    const size = within(days).getByRole('combobox', { name: /サイズ/ });
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['選択してください', '26.5cm', '27.0cm']);

    await user.type(within(days).getByLabelText(/日付/, { selector: 'input' }), '2026-12-24');
    await user.selectOptions(size, '26.5');
    await user.type(within(days).getByLabelText(/その日の数/), '4');
    await user.click(within(days).getByRole('button', { name: '日付を追加・変更' }));
    expect(await screen.findByText(/ブーツ 26.5cmを4足にしました。/, {}, LOADED)).toBeTruthy();

    await user.click(within(days).getByRole('button', { name: /ブーツ 27.0cmの日付ごとの数を削除/ }));
    expect(await screen.findByText(/通常の2足に戻ります/, {}, LOADED)).toBeTruthy();
    expect(document.activeElement).toBe(within(days).getByLabelText(/日付/, { selector: 'input' }));
    expect(sent()).toEqual([
      ['/api/admin/facilities/3/rental-stock/days', { item: 'boots', size: '26.5', date: '2026-12-24', quantity: 4 }],
      ['/api/admin/facilities/3/rental-stock/days/delete', { item: 'boots', size: '27.0', date: '2026-12-20' }],
    ]);
  });
});
