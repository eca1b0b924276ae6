import type { AdminEvent, BookingDetail, BookingResource } from '@tabi/contract/admin-bookings';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, stubApi } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { BookingHistory } from './booking-history.tsx';
import { BookingResources } from './booking-resources.tsx';

const RSVNO = 'AA100001';
const YAMADA = 11;
const SATO = 12;
const SUZUKI = 13;

const guide = (id: number, name: string, others: BookingResource['others']): BookingResource => ({
  resourceId: id,
  name,
  kind: 'guide',
  per: 'day',
  pool: '奥入瀬ネイチャーガイド',
  units: 1,
  usedate: '2026-12-05',
  startTime: '',
  others,
});
const boat: BookingResource = {
  resourceId: 7,
  name: '奥入瀬号',
  kind: 'vehicle',
  per: 'departure',
  pool: null,
  units: 2,
  usedate: '2026-12-05',
  startTime: '09:00',
  others: [],
};
const onYamada = guide(YAMADA, 'ガイド 山田', [
  { id: SATO, name: 'ガイド 佐藤', capacity: 1, used: 0, left: 1 },
  { id: SUZUKI, name: 'ガイド 鈴木', capacity: 1, used: 1, left: 0 },
]);
const onSato = guide(SATO, 'ガイド 佐藤', [
  { id: SUZUKI, name: 'ガイド 鈴木', capacity: 1, used: 1, left: 0 },
  { id: YAMADA, name: 'ガイド 山田', capacity: 1, used: 0, left: 1 },
]);
const moved: AdminEvent = {
  id: 2,
  at: '2026-11-29T01:00:00.000Z',
  actorKind: 'staff',
  actor: '5',
  actorLabel: 'op@example.jp',
  action: 'resource_reassigned',
  before: { resource: 'ガイド 山田' },
  after: { resource: 'ガイド 佐藤' },
  note: null,
};

/** 予約詳細 as far as the section and the history read it (the whole answer is long). */
function detailOf(resources: BookingResource[], events: AdminEvent[] = [], live = true): BookingDetail {
  return {
    booking: { rsvno: RSVNO },
    resources,
    events,
    actions: { reassignResources: live },
  } as unknown as BookingDetail;
}

/** A refusal of the server, as the envelope carries it. */
const refusal = (errMsg: string, status = 409) =>
  new Response(JSON.stringify({ errcd: '999', errMsg, response: null }), { status });

let detail: BookingDetail;
let gets: number;
let posts: ApiCall[];
let answer: (call: ApiCall) => unknown;
beforeEach(() => {
  detail = detailOf([boat, onYamada]);
  gets = 0;
  posts = [];
  answer = () => ({ from: 'ガイド 山田', to: 'ガイド 佐藤' });
  stubApi((call) => {
    if (call.method === 'POST') {
      posts.push(call);
      return answer(call);
    }
    if (call.url.pathname === `/api/admin/bookings/${RSVNO}`) {
      gets += 1;
      return detail;
    }
    throw new Error(`unexpected call ${call.url}`);
  });
});

/**
 * The section and the history as 予約詳細 shows them, from the booking's query (read without the contract's parse of
 * the whole answer, so that the partial answer above is enough), with the page's status line.
 */
function Harness() {
  const [message, setMessage] = useState('');
  const query = useQuery({
    queryKey: ['admin', 'booking', RSVNO],
    queryFn: async () => {
      const res = await fetch(`/api/admin/bookings/${RSVNO}`);
      return ((await res.json()) as { response: BookingDetail }).response;
    },
  });
  if (!query.data) return null;
  return (
    <>
      <output>{message}</output>
      <BookingResources detail={query.data} onDone={setMessage} />
      <BookingHistory events={query.data.events} />
    </>
  );
}

/** What a control's aria-describedby says (its error). */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const FORM = 'ガイド 山田（2026/12/05（終日））の割り当てを変更';

describe('予約詳細のリソース', () => {
  it('lists the booking’s resources, and offers the pool’s other members with their room', async () => {
    renderWithQuery(<Harness />);
    const table = await screen.findByRole('table', { name: 'この予約が使うリソース' }, LOADED);
    const boatRow = within(table).getByRole('row', { name: /奥入瀬号/ });
    expect(
      within(boatRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['乗り物', '—', '2026/12/05 09:00', '2', '—（プールなし）']);
    const form = within(table).getByRole('form', { name: FORM });
    const select = within(form).getByLabelText('割り当て先') as HTMLSelectElement;
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['選択してください', false],
      ['ガイド 佐藤（残り1／1）', false],
      ['ガイド 鈴木（残り0／1・空きなし）', true],
    ]);
  });

  it('asks for a member before sending, then says the server’s refusal at the select', async () => {
    const user = userEvent.setup();
    answer = () => refusal('「ガイド 佐藤」は2026/12/05に空きがありません（残り0、この予約に1必要）。');
    renderWithQuery(<Harness />);
    const form = await screen.findByRole('form', { name: FORM }, LOADED);
    const select = within(form).getByLabelText('割り当て先');
    await user.click(within(form).getByRole('button', { name: '割り当てを変更' }));
    expect(within(form).getByRole('alert').textContent).toBe('割り当て先を選択してください。');
    expect(description(select)).toContain('割り当て先を選択してください。');
    expect(posts).toEqual([]);

    await user.selectOptions(select, 'ガイド 佐藤（残り1／1）');
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.click(within(form).getByRole('button', { name: '割り当てを変更' }));
    const alert = await within(form).findByRole('alert', {}, LOADED);
    expect(alert.textContent).toBe('「ガイド 佐藤」は2026/12/05に空きがありません（残り0、この予約に1必要）。');
    expect(description(select)).toContain('空きがありません');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(posts.map((p) => [p.url.pathname, p.body])).toEqual([
      [`/api/admin/bookings/${RSVNO}/resources/reassign`, { from: YAMADA, to: SATO }],
    ]);
  });

  it('moves the booking from the keyboard, then shows the booking and its history as the server has them', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Harness />);
    const form = await screen.findByRole('form', { name: FORM }, LOADED);
    const select = within(form).getByLabelText('割り当て先');
    await user.selectOptions(select, String(SATO));
    expect(gets).toBe(1);
    detail = detailOf([boat, onSato], [moved]);
    await user.tab();
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: '割り当てを変更' }));
    await user.keyboard('{Enter}');

    expect(
      await screen.findByText('リソースの割り当てを「ガイド 山田」から「ガイド 佐藤」に変更しました。', {}, LOADED),
    ).toBeTruthy();
    expect(posts.map((p) => p.body)).toEqual([{ from: YAMADA, to: SATO }]);
    const table = screen.getByRole('table', { name: 'この予約が使うリソース' });
    expect(await within(table).findByRole('row', { name: /ガイド 佐藤/ }, LOADED)).toBeTruthy();
    expect(within(table).queryByRole('row', { name: /^ガイド 山田/ })).toBeNull();
    expect(gets).toBe(2);
    const history = screen.getByRole('table', { name: '予約の履歴' });
    const row = within(history).getByRole('row', { name: /リソースの割り当てを変更/ });
    expect(row.textContent).toContain('op@example.jp');
    expect(within(row).getByRole('deletion').textContent).toBe('ガイド 山田');
    expect(within(row).getByRole('insertion').textContent).toBe('ガイド 佐藤');
  });

  it('offers no change once the booking no longer holds its seats', async () => {
    detail = detailOf([onYamada], [], false);
    renderWithQuery(<Harness />);
    const table = await screen.findByRole('table', { name: 'この予約が使うリソース' }, LOADED);
    expect(within(table).queryByRole('form')).toBeNull();
    expect(table.textContent).toContain('キャンセル・期限切れのため変更できません');
  });
});
