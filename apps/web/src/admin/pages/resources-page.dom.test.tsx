import {
  type ResourceDetail,
  ResourceMsg,
  type ResourceRow,
  resourceCapacityBelowHeld,
  resourcePoolTwice,
} from '@tabi/contract/resources';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, stubApiCalls } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { ResourcePage, ResourcesPage } from './resources-page.tsx';

const boat: ResourceRow = {
  id: 7,
  name: '第一さくら丸',
  kind: 'vehicle',
  capacity: 12,
  per: 'day',
  pool: null,
  uses: [{ opcd: 'OP0001', webname: '湾内クルーズ', usage: 'traveller' }],
  days: [
    { date: '2026-11-29', capacity: 12, used: 5, left: 7, exception: null, departures: [] },
    { date: '2026-11-30', capacity: 0, used: 0, left: 0, exception: '定期点検', departures: [] },
  ],
};
const detail: ResourceDetail = { ...boat, exceptions: [{ date: '2026-11-30', capacity: 0, note: '定期点検' }] };
const choices = [
  { opcd: 'OP0001', webname: '湾内クルーズ' },
  { opcd: 'OP0002', webname: '夕日クルーズ' },
];

/** A refusal of the server, as the envelope carries it. */
const refusal = (errMsg: string, status = 409) =>
  new Response(JSON.stringify({ errcd: '999', errMsg, response: null }), { status });

let posts: ApiCall[];
let answer: (call: ApiCall) => unknown;
beforeEach(() => {
  answer = () => detail;
  posts = stubApiCalls(
    { '/api/admin/resources': [boat], '/api/admin/resources/7': detail, '/api/admin/options': choices },
    (call) => answer(call),
  );
});

function renderAt(path: string) {
  renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/resources" element={<ResourcesPage />} />
        <Route path="/admin/resources/:id" element={<ResourcePage />} />
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

describe('リソース一覧', () => {
  it('lists each resource with its kind, capacity, pool, options and today’s use', async () => {
    renderAt('/admin/resources');
    const table = await screen.findByRole('table', { name: 'リソース一覧' }, LOADED);
    const row = within(table).getByRole('row', { name: /第一さくら丸/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['乗り物', '12', '1日あたり', '—', 'OP0001 湾内クルーズ（参加者1名につき1）', '5', '7']);
    expect(within(row).getByRole('link', { name: '第一さくら丸' }).getAttribute('href')).toBe('/admin/resources/7');
  });

  it('checks a new resource as the server does, then adds it', async () => {
    const user = userEvent.setup();
    answer = () => ({ ...detail, id: 8, name: 'ガイド 山田' });
    renderAt('/admin/resources');
    const form = await screen.findByRole('form', { name: 'リソースを追加' }, LOADED);
    const capacity = within(form).getByLabelText(/^容量/);
    await user.type(capacity, '-1');
    await user.click(within(form).getByRole('button', { name: '追加する' }));
    expect(description(within(form).getByLabelText(/リソース名/))).toContain(ResourceMsg.nameRequired);
    expect(description(capacity)).toContain(ResourceMsg.capacityInvalid);
    expect(posts).toEqual([]);

    await user.type(within(form).getByLabelText(/リソース名/), 'ガイド 山田');
    await user.selectOptions(within(form).getByLabelText('種類'), 'ガイド・スタッフ');
    await user.clear(capacity);
    await user.type(capacity, '１');
    await user.selectOptions(within(form).getByLabelText('数え方'), '1日あたり');
    await user.type(within(form).getByLabelText('プール名'), ' 街歩き ガイド ');
    await user.click(within(form).getByRole('button', { name: '追加する' }));
    expect(await screen.findByText(/ガイド 山田を追加しました。/, {}, LOADED)).toBeTruthy();
    expect(sent()).toEqual([
      ['/api/admin/resources', { name: 'ガイド 山田', kind: 'guide', capacity: 1, per: 'day', pool: '街歩き ガイド' }],
    ]);
    expect((within(form).getByLabelText(/リソース名/) as HTMLInputElement).value).toBe('');
  });
});

describe('リソースの詳細', () => {
  it('shows its fields, its options, its dates and its next days', async () => {
    renderAt('/admin/resources/7');
    expect(await screen.findByRole('heading', { name: 'リソース：第一さくら丸' }, LOADED)).toBeTruthy();
    const form = screen.getByRole('form', { name: '基本情報' });
    expect((within(form).getByLabelText(/^容量/) as HTMLInputElement).value).toBe('12');
    expect(screen.getByRole('table', { name: '第一さくら丸を使う商品' }).textContent).toContain('参加者1名につき1');
    const dates = screen.getByRole('table', { name: '第一さくら丸の日付ごとの容量' });
    expect(within(dates).getByRole('row', { name: /2026\/11\/30（月）/ }).textContent).toContain('定期点検');
    const days = screen.getByRole('table', { name: '第一さくら丸の今日から15日間の使用状況' });
    expect(within(days).getByRole('row', { name: /2026\/11\/30/ }).textContent).toContain('（日付別：定期点検）');
  });

  it('saves its fields, and says the server’s refusal of a capacity below what is held in the form', async () => {
    const user = userEvent.setup();
    answer = () => refusal(resourceCapacityBelowHeld('2026/11/29', 5, 4, false));
    renderAt('/admin/resources/7');
    const form = await screen.findByRole('form', { name: '基本情報' }, LOADED);
    const capacity = within(form).getByLabelText(/^容量/);
    await user.clear(capacity);
    await user.type(capacity, '4');
    await user.click(within(form).getByRole('button', { name: '保存する' }));
    expect((await within(form).findByRole('alert', {}, LOADED)).textContent).toBe(
      resourceCapacityBelowHeld('2026/11/29', 5, 4, false),
    );
    expect(sent()).toEqual([
      ['/api/admin/resources/7', { name: '第一さくら丸', kind: 'vehicle', capacity: 4, per: 'day', pool: null }],
    ]);

    answer = () => ({ ...detail, capacity: 14 });
    await user.clear(capacity);
    await user.type(capacity, '14');
    await user.click(within(form).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('第一さくら丸を保存しました。', {}, LOADED)).toBeTruthy();
  });

  it('adds an option that uses it, removes one, and says a pool’s refusal', async () => {
    const user = userEvent.setup();
    renderAt('/admin/resources/7');
    const form = await screen.findByRole('form', { name: '使う商品を追加' }, LOADED);
    const option = within(form).getByLabelText(/^商品/);
    // An option already using it is not offered again.
    expect(within(option).queryByRole('option', { name: /OP0001/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: '商品を追加' }));
    expect(description(option)).toContain(ResourceMsg.optionRequired);
    expect(posts).toEqual([]);

    answer = () => refusal(resourcePoolTwice('OP0002', '湾内クルーズ船', '第二さくら丸'));
    await within(option).findByRole('option', { name: 'OP0002 夕日クルーズ' }, LOADED);
    await user.selectOptions(option, 'OP0002 夕日クルーズ');
    await user.selectOptions(within(form).getByLabelText('使い方'), '予約1件につき1');
    await user.click(within(form).getByRole('button', { name: '商品を追加' }));
    expect((await within(form).findByRole('alert', {}, LOADED)).textContent).toBe(
      resourcePoolTwice('OP0002', '湾内クルーズ船', '第二さくら丸'),
    );
    expect(sent()).toEqual([
      [
        '/api/admin/resources/7/uses',
        {
          uses: [
            { opcd: 'OP0001', usage: 'traveller' },
            { opcd: 'OP0002', usage: 'booking' },
          ],
        },
      ],
    ]);

    posts.length = 0;
    answer = () => ({ ...detail, uses: [] });
    await user.click(screen.getByRole('button', { name: 'OP0001を外す' }));
    expect(await screen.findByText('OP0001を第一さくら丸の使用から外しました。', {}, LOADED)).toBeTruthy();
    expect(sent()).toEqual([['/api/admin/resources/7/uses', { uses: [] }]]);
    expect(screen.getByText('このリソースを使う商品はまだありません。')).toBeTruthy();
    // The removed row's button is gone: focus is on the form that adds one.
    expect(document.activeElement).toBe(option);
  });

  it('adds a date’s capacity with the others kept, and removes one', async () => {
    const user = userEvent.setup();
    const christmas = { date: '2026-12-24', capacity: 8, note: 'クリスマス便' };
    answer = () => ({ ...detail, exceptions: [...detail.exceptions, christmas] });
    renderAt('/admin/resources/7');
    const form = await screen.findByRole('form', { name: '日付ごとの容量を追加' }, LOADED);
    await user.click(within(form).getByRole('button', { name: '日付を追加・変更' }));
    expect(description(within(form).getByLabelText(/^日付/))).toContain(ResourceMsg.dateInvalid);
    expect(posts).toEqual([]);

    await user.type(within(form).getByLabelText(/^日付/), '2026-12-24');
    await user.type(within(form).getByLabelText(/その日の容量/), '8');
    await user.type(within(form).getByLabelText('メモ'), 'クリスマス便');
    await user.click(within(form).getByRole('button', { name: '日付を追加・変更' }));
    expect(await screen.findByText('2026/12/24（木）の容量を8にしました。', {}, LOADED)).toBeTruthy();
    expect(sent()).toEqual([['/api/admin/resources/7/exceptions', { exceptions: [...detail.exceptions, christmas] }]]);

    posts.length = 0;
    answer = () => ({ ...detail, exceptions: [christmas] });
    await user.click(screen.getByRole('button', { name: '2026/11/30（月）の容量を削除' }));
    expect(await screen.findByText(/2026\/11\/30（月）の容量を削除しました/, {}, LOADED)).toBeTruthy();
    expect(sent()).toEqual([['/api/admin/resources/7/exceptions', { exceptions: [christmas] }]]);
  });

  it('deletes it after asking, and lands on the list saying so', async () => {
    const user = userEvent.setup();
    answer = () => ({ ok: true });
    renderAt('/admin/resources/7');
    await user.click(await screen.findByRole('button', { name: 'このリソースを削除' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: '第一さくら丸を削除する' }, LOADED);
    expect(dialog.textContent).toContain('OP0001 湾内クルーズ');
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('第一さくら丸を削除しました。', {}, LOADED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'リソース' })).toBeTruthy();
    expect(sent()).toEqual([['/api/admin/resources/7/delete', {}]]);
  });
});
