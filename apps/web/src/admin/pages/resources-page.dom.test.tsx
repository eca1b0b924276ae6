import type { FacilityRow } from '@tabi/contract/admin-catalog';
import {
  type ResourceBooking,
  type ResourceDetail,
  ResourceMsg,
  type ResourceRow,
  resourceCapacityBelowHeld,
  resourceFacilityMismatch,
  resourcePoolTwice,
} from '@tabi/contract/resources';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, stubApi, stubApiCalls } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { ResourcePage, ResourcesPage } from './resources-page.tsx';

const boat: ResourceRow = {
  id: 7,
  name: '第一さくら丸',
  kind: 'vehicle',
  capacity: 12,
  per: 'day',
  pool: null,
  facility: null,
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
const facility = (id: number, name: string): FacilityRow => ({ id, name, disabled: false, mail: null, options: [] });
const facilities = [facility(2, '芦ノ湖遊覧船 元箱根港'), facility(3, 'スノーギア ニセコ')];

/** A refusal of the server, as the envelope carries it. */
const refusal = (errMsg: string, status = 409) =>
  new Response(JSON.stringify({ errcd: '999', errMsg, response: null }), { status });

let posts: ApiCall[];
let answer: (call: ApiCall) => unknown;
beforeEach(() => {
  answer = () => detail;
  posts = stubApiCalls(
    {
      '/api/admin/resources': [boat],
      '/api/admin/resources/7': detail,
      '/api/admin/resources/7/bookings': [],
      '/api/admin/options': choices,
      '/api/admin/facilities': facilities,
    },
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
    expect(cells).toEqual(['乗り物', '12', '1日あたり', '—', '—', 'OP0001 湾内クルーズ（参加者1名につき1）', '5', '7']);
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
    const owner = within(form).getByLabelText('施設');
    await within(owner).findByRole('option', { name: 'スノーギア ニセコ' }, LOADED);
    expect(
      within(owner)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['なし', '芦ノ湖遊覧船 元箱根港', 'スノーギア ニセコ']);
    await user.selectOptions(owner, 'スノーギア ニセコ');
    await user.click(within(form).getByRole('button', { name: '追加する' }));
    expect(await screen.findByText(/ガイド 山田を追加しました。/, {}, LOADED)).toBeTruthy();
    expect(sent()).toEqual([
      [
        '/api/admin/resources',
        { name: 'ガイド 山田', kind: 'guide', capacity: 1, per: 'day', pool: '街歩き ガイド', facilityId: 3 },
      ],
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
      [
        '/api/admin/resources/7',
        { name: '第一さくら丸', kind: 'vehicle', capacity: 4, per: 'day', pool: null, facilityId: null },
      ],
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

describe('リソースの施設', () => {
  it('shows the facility that owns it, and says the server’s refusal of an option of another facility', async () => {
    const user = userEvent.setup();
    const owned: ResourceDetail = { ...detail, facility: { id: 2, name: '芦ノ湖遊覧船 元箱根港' } };
    const mismatch = resourceFacilityMismatch({
      opcd: 'OP0002',
      optionFacility: 'スノーギア ニセコ',
      resource: '第一さくら丸',
      resourceFacility: '芦ノ湖遊覧船 元箱根港',
      pool: null,
    });
    answer = () => refusal(mismatch);
    posts = stubApiCalls(
      {
        '/api/admin/resources': [{ ...boat, facility: owned.facility }],
        '/api/admin/resources/7': owned,
        '/api/admin/options': choices,
        '/api/admin/facilities': facilities,
      },
      (call) => answer(call),
    );
    renderAt('/admin/resources/7');
    const edit = await screen.findByRole('form', { name: '基本情報' }, LOADED);
    expect((within(edit).getByLabelText('施設') as HTMLSelectElement).value).toBe('2');
    expect(screen.getByText(/施設「芦ノ湖遊覧船 元箱根港」のリソースです。/)).toBeTruthy();

    const form = screen.getByRole('form', { name: '使う商品を追加' });
    const option = within(form).getByLabelText(/^商品/);
    await within(option).findByRole('option', { name: 'OP0002 夕日クルーズ' }, LOADED);
    await user.selectOptions(option, 'OP0002 夕日クルーズ');
    await user.click(within(form).getByRole('button', { name: '商品を追加' }));
    expect((await within(form).findByRole('alert', {}, LOADED)).textContent).toBe(mismatch);

    // Made the company's own: sent as none.
    posts.length = 0;
    answer = () => ({ ...detail });
    await user.selectOptions(within(edit).getByLabelText('施設'), 'なし');
    await user.click(within(edit).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('第一さくら丸を保存しました。', {}, LOADED)).toBeTruthy();
    expect(sent()).toEqual([
      [
        '/api/admin/resources/7',
        { name: '第一さくら丸', kind: 'vehicle', capacity: 12, per: 'day', pool: null, facilityId: null },
      ],
    ]);
  });
});

describe('この日にこのリソースを使う予約', () => {
  const held: ResourceBooking[] = [
    {
      rsvno: 'AA100021',
      name: '山田 太郎',
      opcd: 'OP0001',
      webname: '湾内クルーズ',
      startTime: '',
      units: 3,
      others: [],
    },
    {
      rsvno: 'AA100022',
      name: '佐藤 花子',
      opcd: 'OP0002',
      webname: '夕日クルーズ',
      startTime: '',
      units: 2,
      others: [],
    },
  ];
  /** The days the page asked the bookings of, in order. */
  let asked: string[];

  /** The resource's page, whose day's bookings are `on(date)`; each POST answered by `post`. */
  function stubDay(
    resource: ResourceDetail,
    on: (date: string) => ResourceBooking[],
    post: (call: ApiCall) => unknown,
  ) {
    asked = [];
    stubApi((call) => {
      const path = call.url.pathname;
      if (call.method === 'POST') return post(call);
      if (path === '/api/admin/resources/7/bookings') {
        const date = call.url.searchParams.get('date') ?? '';
        asked.push(date);
        return on(date);
      }
      const gets: Record<string, unknown> = {
        '/api/admin/resources/7': resource,
        '/api/admin/options': choices,
        '/api/admin/facilities': facilities,
      };
      if (Object.hasOwn(gets, path)) return gets[path];
      throw new Error(`unexpected call ${call.url}`);
    });
  }

  /** What the preview's facts say, term by term. */
  const facts = (section: HTMLElement) =>
    within(section)
      .getAllByRole('term')
      .map((term) => `${term.textContent}：${term.nextElementSibling?.textContent}`);

  it('lists the bookings of the date typed, what they hold against the capacity typed, and where to act', async () => {
    const user = userEvent.setup();
    const refused = resourceCapacityBelowHeld('2026/12/05', 5, 3, true);
    stubDay(
      detail,
      (date) => (date === '2026-12-05' ? held : []),
      () => refusal(refused),
    );
    renderAt('/admin/resources/7');
    const form = await screen.findByRole('form', { name: '日付ごとの容量を追加' }, LOADED);
    await user.type(within(form).getByLabelText(/^日付/), '2026-12-05');
    const heading = await screen.findByRole('heading', { name: 'この日にこのリソースを使う予約' }, LOADED);
    const section = heading.closest('section') as HTMLElement;
    const table = within(section).getByRole('table', { name: '2026/12/05（土）に第一さくら丸を使う予約' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['AA100021', '山田 太郎', 'OP0001 湾内クルーズ', '終日', '3'],
      ['AA100022', '佐藤 花子', 'OP0002 夕日クルーズ', '終日', '2'],
    ]);
    // The number opens 予約詳細, where the booking is changed or moved.
    expect(within(table).getByRole('link', { name: 'AA100021' }).getAttribute('href')).toBe('/admin/bookings/AA100021');
    expect(facts(section)).toEqual(['この日の使用：5']);

    await user.type(within(form).getByLabelText(/その日の容量/), '３');
    expect(facts(section)).toEqual(['この日の使用：5', '入力した容量：3（2足りません）']);
    // Each option of the day can be called off, 催行中止 opening with it and the day chosen.
    const stops = within(section)
      .getAllByRole('listitem')
      .map((item) => [item.textContent, within(item).getByRole('link').getAttribute('href')]);
    expect(stops).toEqual([
      ['OP0001 湾内クルーズ：この日を催行中止にする', '/admin/day-stops?opcd=OP0001&date=20261205'],
      ['OP0002 夕日クルーズ：この日を催行中止にする', '/admin/day-stops?opcd=OP0002&date=20261205'],
    ]);

    // The server still refuses the capacity; the list is read again beside its refusal.
    expect(asked).toEqual(['2026-12-05']);
    await user.click(within(form).getByRole('button', { name: '日付を追加・変更' }));
    expect((await within(form).findByRole('alert', {}, LOADED)).textContent).toBe(refused);
    expect(asked).toEqual(['2026-12-05', '2026-12-05']);
    expect(screen.getByRole('table', { name: '2026/12/05（土）に第一さくら丸を使う予約' })).toBeTruthy();

    await user.clear(within(form).getByLabelText(/その日の容量/));
    await user.type(within(form).getByLabelText(/その日の容量/), '5');
    expect(facts(section)).toEqual(['この日の使用：5', '入力した容量：5（予約はこの容量に収まります）']);
  });

  it('says in one line that no booking holds it on a day without any', async () => {
    const user = userEvent.setup();
    stubDay(
      detail,
      () => [],
      () => detail,
    );
    renderAt('/admin/resources/7');
    const form = await screen.findByRole('form', { name: '日付ごとの容量を追加' }, LOADED);
    await user.type(within(form).getByLabelText(/^日付/), '2026-12-06');
    expect(await screen.findByText('2026/12/06（日）にこのリソースを使う予約はありません。', {}, LOADED)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'この日にこのリソースを使う予約' })).toBeNull();
  });

  it('compares each departure of a resource counted per departure, and calls off that departure', async () => {
    const user = userEvent.setup();
    const ferry: ResourceDetail = { ...detail, per: 'departure', pool: '渡し船' };
    const second = { id: 8, name: '第二渡し船', capacity: 12, used: 2, left: 10 };
    const moved: ApiCall[] = [];
    stubDay(
      ferry,
      () => [
        { ...held[0], startTime: '10:00', others: [second] } as ResourceBooking,
        { ...held[1], opcd: 'OP0001', webname: '湾内クルーズ', startTime: '14:00', others: [] } as ResourceBooking,
      ],
      (call) => {
        moved.push(call);
        return { from: '第一さくら丸', to: '第二渡し船' };
      },
    );
    renderAt('/admin/resources/7');
    const form = await screen.findByRole('form', { name: '日付ごとの容量を追加' }, LOADED);
    await user.type(within(form).getByLabelText(/^日付/), '2026-12-05');
    await user.type(within(form).getByLabelText(/その日の容量/), '2');
    const heading = await screen.findByRole('heading', { name: 'この日にこのリソースを使う予約' }, LOADED);
    const section = heading.closest('section') as HTMLElement;
    expect(facts(section)).toEqual([
      '10:00の便の使用：3',
      '14:00の便の使用：2',
      '入力した容量：2（10:00の便で1足りません）',
    ]);
    expect(section.textContent).toContain('「割り当てを変更」でプール「渡し船」の別のリソースに移す');
    const stops = within(section)
      .getAllByRole('listitem')
      .map((item) => [item.textContent, within(item).getByRole('link').getAttribute('href')]);
    expect(stops).toEqual([
      [
        'OP0001 湾内クルーズ（10:00の便）：この便を催行中止にする',
        '/admin/day-stops?opcd=OP0001&date=20261205&start=10:00',
      ],
      [
        'OP0001 湾内クルーズ（14:00の便）：この便を催行中止にする',
        '/admin/day-stops?opcd=OP0001&date=20261205&start=14:00',
      ],
    ]);

    // A booking is moved to another boat of the pool from the list, as from 予約詳細.
    const moving = within(section).getByRole('form', { name: '第一さくら丸（2026/12/05 10:00）の割り当てを変更' });
    expect(within(section).getByText('同じプールにほかのリソースはありません')).toBeTruthy();
    await user.selectOptions(within(moving).getByLabelText('割り当て先'), '第二渡し船（残り10／12）');
    await user.click(within(moving).getByRole('button', { name: '割り当てを変更' }));
    expect(
      await screen.findByText(
        'AA100021：リソースの割り当てを「第一さくら丸」から「第二渡し船」に変更しました。',
        {},
        LOADED,
      ),
    ).toBeTruthy();
    expect(moved.map((p) => [p.url.pathname, p.body])).toEqual([
      ['/api/admin/bookings/AA100021/resources/reassign', { from: 7, to: 8 }],
    ]);
  });

  it('shows the day of a date’s removal refused, against the resource’s own capacity', async () => {
    const user = userEvent.setup();
    // A holiday's extra sailing of 16, 14 of its seats sold: without it the day would have the boat's own 12.
    const extra: ResourceDetail = { ...detail, exceptions: [{ date: '2026-12-24', capacity: 16, note: '臨時便' }] };
    const refused = resourceCapacityBelowHeld('2026/12/24', 14, 12, false);
    const busy = [{ ...held[0], units: 14 } as ResourceBooking];
    stubDay(
      extra,
      (date) => (date === '2026-12-24' ? busy : []),
      () => refusal(refused),
    );
    renderAt('/admin/resources/7');
    await user.click(await screen.findByRole('button', { name: '2026/12/24（木）の容量を削除' }, LOADED));
    expect((await screen.findByRole('alert', {}, LOADED)).textContent).toBe(refused);
    const heading = await screen.findByRole('heading', { name: 'この日にこのリソースを使う予約' }, LOADED);
    expect(facts(heading.closest('section') as HTMLElement)).toEqual([
      'この日の使用：14',
      '毎日の容量：12（2足りません）',
    ]);
    expect(asked).toEqual(['2026-12-24']);
  });
});
