import { type DiscountCodeRow, DiscountMsg } from '@tabi/contract/discounts-admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, stubApiCalls } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { DiscountCodePage, DiscountCodesPage } from './discount-codes-page.tsx';

const winter: DiscountCodeRow = {
  id: 4,
  code: 'WINTER26',
  name: '冬の早割',
  kind: 'percent',
  value: 10,
  opcds: ['OP0001'],
  book_from: '2026-11-01',
  book_until: '2026-12-31',
  travel_from: null,
  travel_until: '2027-03-31',
  total_limit: 100,
  per_customer_limit: 1,
  min_amount: 5000,
  active: true,
  uses: 12,
  discounted: 14_400,
};
const spring: DiscountCodeRow = {
  ...winter,
  id: 5,
  code: 'SPRING',
  name: '',
  kind: 'yen',
  value: 1000,
  opcds: [],
  book_from: null,
  book_until: null,
  travel_until: null,
  total_limit: null,
  active: false,
  uses: 0,
  discounted: 0,
};
const choices = [
  { opcd: 'OP0001', webname: '湾内クルーズ' },
  { opcd: 'OP0002', webname: '夕日クルーズ' },
];
/** What the server says when a code bookings took is deleted (its own text, sent as it is). */
const USED = 'この割引コードはこれまでに12回使われているため、削除できません。';

/** A refusal of the server, as the envelope carries it. */
const refusal = (errMsg: string, status = 409) =>
  new Response(JSON.stringify({ errcd: '999', errMsg, response: null }), { status });

let posts: ApiCall[];
let answer: (call: ApiCall) => unknown;
beforeEach(() => {
  answer = () => winter;
  posts = stubApiCalls(
    {
      '/api/admin/discount-codes': { codes: [winter, spring] },
      '/api/admin/discount-codes/4': winter,
      '/api/admin/options': choices,
    },
    (call) => answer(call),
  );
});

function renderAt(path: string) {
  renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/discount-codes" element={<DiscountCodesPage />} />
        <Route path="/admin/discount-codes/:id" element={<DiscountCodePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const sent = () => posts.map((p) => [p.url.pathname, p.body]);

/** What a control's aria-describedby says (its hint and its error). */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('割引コード一覧', () => {
  it('lists each code with its discount, options, windows, uses and state', async () => {
    renderAt('/admin/discount-codes');
    const table = await screen.findByRole('table', { name: '割引コード一覧' }, LOADED);
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    await within(table).findByText('OP0001 湾内クルーズ', {}, LOADED);
    expect(cells('WINTER26')).toEqual([
      '冬の早割',
      '10%',
      'OP0001 湾内クルーズ',
      '2026/11/01〜2026/12/31',
      '〜2027/03/31',
      '12／100',
      '￥14,400',
      '有効',
    ]);
    expect(cells('SPRING')).toEqual(['—', '1,000円', 'すべて', '指定なし', '指定なし', '0／上限なし', '￥0', '無効']);
    expect(within(table).getByRole('link', { name: 'WINTER26' }).getAttribute('href')).toBe('/admin/discount-codes/4');
  });

  it('checks a new code as the server does, then adds it with the options chosen', async () => {
    const user = userEvent.setup();
    answer = () => ({ ...spring, code: 'SPRING-1000' });
    renderAt('/admin/discount-codes');
    const form = await screen.findByRole('form', { name: '割引コードを追加' }, LOADED);
    const code = within(form).getByLabelText(/^コード/);
    const value = within(form).getByLabelText(/^割引率（％）/);
    await user.click(within(form).getByRole('button', { name: '追加する' }));
    expect(description(code)).toContain(DiscountMsg.codeRequired);
    expect(description(value)).toContain(DiscountMsg.percentInvalid);
    expect(posts).toEqual([]);

    await user.type(code, 'ｓｐｒｉｎｇ－１０００');
    await user.selectOptions(within(form).getByLabelText(/^種類/), '金額（円）');
    const yenValue = within(form).getByLabelText(/^割引額（円）/);
    await user.type(yenValue, '１,０００');
    const option = within(form).getByLabelText('追加する商品');
    await within(option).findByRole('option', { name: 'OP0002 夕日クルーズ' }, LOADED);
    await user.selectOptions(option, 'OP0002 夕日クルーズ');
    await user.click(within(form).getByRole('button', { name: '商品を追加' }));
    await user.selectOptions(option, 'OP0001 湾内クルーズ');
    await user.click(within(form).getByRole('button', { name: '商品を追加' }));
    // A chosen option is not offered again, and one is taken off the list.
    expect(within(option).queryByRole('option', { name: /OP0002/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'OP0001を対象から外す' }));
    expect(
      within(within(form).getByRole('table', { name: '対象商品' }))
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['OP0002 夕日クルーズ']);
    await user.type(within(form).getByLabelText('予約受付期間（開始日）'), '2026-11-01');
    await user.type(within(form).getByLabelText('ご利用期間（終了日）'), '2027-03-31');
    await user.type(within(form).getByLabelText('利用回数の上限（合計）'), '100');
    await user.type(within(form).getByLabelText('お一人様の上限（電話番号ごと）'), '１');
    await user.click(within(form).getByRole('button', { name: '追加する' }));

    expect(await screen.findByText('割引コードSPRING-1000を追加しました。', {}, LOADED)).toBeTruthy();
    expect(sent()).toEqual([
      [
        '/api/admin/discount-codes',
        {
          code: 'SPRING-1000',
          name: '',
          kind: 'yen',
          value: 1000,
          opcds: ['OP0002'],
          book_from: '2026-11-01',
          book_until: null,
          travel_from: null,
          travel_until: '2027-03-31',
          total_limit: 100,
          per_customer_limit: 1,
          min_amount: null,
          active: true,
        },
      ],
    ]);
    expect((within(form).getByLabelText(/^コード/) as HTMLInputElement).value).toBe('');
    expect(within(form).getByText('すべての商品が対象です。')).toBeTruthy();
  });

  it('says the server’s refusal of a code another code has in the form', async () => {
    const user = userEvent.setup();
    answer = () => refusal(DiscountMsg.codeTaken);
    renderAt('/admin/discount-codes');
    const form = await screen.findByRole('form', { name: '割引コードを追加' }, LOADED);
    await user.type(within(form).getByLabelText(/^コード/), 'winter26');
    await user.type(within(form).getByLabelText(/^割引率（％）/), '5');
    await user.click(within(form).getByRole('button', { name: '追加する' }));
    expect((await within(form).findByRole('alert', {}, LOADED)).textContent).toBe(DiscountMsg.codeTaken);
    expect((within(form).getByLabelText(/^コード/) as HTMLInputElement).value).toBe('winter26');
  });
});

describe('割引コードの詳細', () => {
  it('shows its uses and its rules, and saves a change', async () => {
    const user = userEvent.setup();
    answer = () => ({ ...winter, active: false, per_customer_limit: null });
    renderAt('/admin/discount-codes/4');
    expect(await screen.findByRole('heading', { name: '割引コード：WINTER26' }, LOADED)).toBeTruthy();
    expect(screen.getByText('12回（上限：100）')).toBeTruthy();
    const form = screen.getByRole('form', { name: '割引コードの内容' });
    expect((within(form).getByLabelText(/^割引率（％）/) as HTMLInputElement).value).toBe('10');
    expect((within(form).getByLabelText('予約受付期間（終了日）') as HTMLInputElement).value).toBe('2026-12-31');
    expect(await within(form).findByText('湾内クルーズ', {}, LOADED)).toBeTruthy();

    await user.clear(within(form).getByLabelText('お一人様の上限（電話番号ごと）'));
    await user.click(within(form).getByRole('checkbox', { name: /^有効/ }));
    await user.click(within(form).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('割引コードWINTER26を保存しました。', {}, LOADED)).toBeTruthy();
    expect(sent()).toEqual([
      [
        '/api/admin/discount-codes/4',
        {
          code: 'WINTER26',
          name: '冬の早割',
          kind: 'percent',
          value: 10,
          opcds: ['OP0001'],
          book_from: '2026-11-01',
          book_until: '2026-12-31',
          travel_from: null,
          travel_until: '2027-03-31',
          total_limit: 100,
          per_customer_limit: null,
          min_amount: 5000,
          active: false,
        },
      ],
    ]);
  });

  it('says in the dialog why a used code is not deleted', async () => {
    const user = userEvent.setup();
    answer = () => refusal(USED);
    renderAt('/admin/discount-codes/4');
    await user.click(await screen.findByRole('button', { name: 'この割引コードを削除' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: '割引コードWINTER26を削除する' }, LOADED);
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect((await within(dialog).findByRole('alert', {}, LOADED)).textContent).toBe(USED);
    expect(screen.getByRole('heading', { name: '割引コード：WINTER26' })).toBeTruthy();
    expect(sent()).toEqual([['/api/admin/discount-codes/4/delete', {}]]);
  });

  it('deletes it after asking, and lands on the list saying so', async () => {
    const user = userEvent.setup();
    answer = () => ({ ok: true });
    renderAt('/admin/discount-codes/4');
    await user.click(await screen.findByRole('button', { name: 'この割引コードを削除' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: '割引コードWINTER26を削除する' }, LOADED);
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('割引コードWINTER26を削除しました。', {}, LOADED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '割引コード' })).toBeTruthy();
  });
});
