import { type DayStopDepartureList, DayStopMsg, type DayStopPreview } from '@tabi/contract/day-stop';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DayStopsPage } from './day-stops-page.tsx';

const departures: DayStopDepartureList = {
  dayStopped: false,
  departures: [
    { startTime: '10:00', endTime: '11:00', seatsLeft: 18, travellers: 2, bookings: 2, stopped: false },
    { startTime: '13:00', endTime: '14:00', seatsLeft: 14, travellers: 6, bookings: 3, stopped: false },
    { startTime: '16:00', endTime: '17:00', seatsLeft: 0, travellers: 0, bookings: 0, stopped: true },
  ],
};

const preview: DayStopPreview = {
  reasonLabel: '悪天候',
  days: [
    {
      opcd: 'OP0049',
      webname: 'ベイクルーズ',
      usedate: '20261210',
      startTime: '13:00',
      endTime: '14:00',
      seatsLeft: 14,
    },
  ],
  bookings: [
    {
      rsvno: 'AB000013',
      name: '山田 太郎',
      opcd: 'OP0049',
      webname: 'ベイクルーズ',
      usedate: '20261210',
      startTime: '13:00',
      endTime: '14:00',
      travellers: 2,
      statusLabel: '決済完了',
      channel: '自社サイト',
      refund: 16000,
      notice: 'mail',
      onAccount: 0,
      external: false,
    },
  ],
  totals: {
    days: 1,
    bookings: 1,
    travellers: 2,
    refund: 16000,
    mails: 1,
    resellerBookings: 0,
    onAccount: 0,
    seatsClosed: 14,
    external: 0,
  },
};

let posted: { url: string; body: Record<string, unknown> }[];
const answer = (response: unknown) => new Response(JSON.stringify({ errcd: '000', errMsg: '', response }));
beforeEach(() => {
  posted = [];
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push({ url: input, body: JSON.parse(String(init.body)) });
        return answer(preview);
      }
      if (input.startsWith('/api/admin/me')) {
        return answer({
          id: 1,
          mail: 'op@example.jp',
          role: 'operator',
          totpEnabled: false,
          mustChangePassword: false,
        });
      }
      if (input.startsWith('/api/admin/options')) return answer([{ opcd: 'OP0049', webname: 'ベイクルーズ' }]);
      if (input.startsWith('/api/admin/day-stops/departures')) return answer(departures);
      if (input.startsWith('/api/admin/day-stops')) return answer([]);
      throw new Error(`unexpected call ${input}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <DayStopsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('催行中止 of one departure (ADR 0196)', () => {
  it('offers この日すべて or one departure once the option and day are chosen, and previews that departure', async () => {
    renderAt('/admin/day-stops?opcd=OP0049&date=20261210');
    const group = await screen.findByRole('group', { name: /対象の便/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent?.trim())).toEqual([
      'この日すべて（3便・8名）',
      '10:00〜11:00（予約2件・2名、残り18席）',
      '13:00〜14:00（予約3件・6名、残り14席）',
      '16:00〜17:00（催行中止済み）',
    ]);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect((radios[3] as HTMLInputElement).disabled).toBe(true);

    await userEvent.click(within(group).getByRole('radio', { name: /13:00〜14:00/ }));
    await userEvent.click(screen.getByRole('button', { name: '内容を確認する' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(await screen.findByText(/2026\/12\/10 13:00〜14:00の便（販売中の残席14席を停止/)).toBeTruthy();
    expect(posted[0]).toMatchObject({
      url: '/api/admin/day-stops/preview',
      body: { opcds: ['OP0049'], from: '20261210', to: '20261210', startTime: '13:00', reason: 'weather' },
    });
    const table = screen.getByRole('table', { name: 'キャンセルする予約' });
    expect(within(table).getByText('13:00〜14:00')).toBeTruthy();
  });

  it('forgets the departure when the day changes, and comes preselected from the dashboard’s link', async () => {
    renderAt('/admin/day-stops?opcd=OP0049&date=20261210&reason=minimum&start=13:00');
    const group = await screen.findByRole('group', { name: /対象の便/ });
    expect((within(group).getByRole('radio', { name: /13:00〜14:00/ }) as HTMLInputElement).checked).toBe(true);
    const to = screen.getByLabelText(/終了日/);
    fireEvent.change(to, { target: { value: '2026-12-11' } });
    expect(screen.queryByRole('group', { name: /対象の便/ })).toBeNull();
    fireEvent.change(to, { target: { value: '' } });
    expect(
      (within(await screen.findByRole('group', { name: /対象の便/ })).getAllByRole('radio')[0] as HTMLInputElement)
        .checked,
    ).toBe(true);
  });
});

describe('催行中止’s form', () => {
  it('asks for the target and the day, checks the range and その他’s reason with the contract, then previews', async () => {
    const user = userEvent.setup();
    renderAt('/admin/day-stops');
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    expect(await screen.findByText(DayStopMsg.noOption)).toBeTruthy();
    expect(screen.getByText('対象の日付を入力してください。')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^対象/));
    expect(posted).toEqual([]);

    await screen.findByRole('option', { name: 'OP0049 ベイクルーズ' });
    await user.selectOptions(screen.getByLabelText(/^対象/), 'OP0049');
    fireEvent.change(screen.getByLabelText(/開始日/), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText(/終了日/), { target: { value: '2026-12-09' } });
    await user.click(screen.getByRole('radio', { name: 'その他' }));
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    expect(await screen.findByText(DayStopMsg.range)).toBeTruthy();
    expect(screen.getByText(DayStopMsg.otherText)).toBeTruthy();
    expect(screen.queryByText(DayStopMsg.noOption)).toBeNull();
    expect(posted).toEqual([]);

    fireEvent.change(screen.getByLabelText(/終了日/), { target: { value: '2026-12-11' } });
    await user.type(screen.getByLabelText(/理由の説明/), ' 港の工事 ');
    await user.click(screen.getByRole('button', { name: '内容を確認する' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/admin/day-stops/preview',
      body: { opcds: ['OP0049'], from: '20261210', to: '20261211', reason: 'other', reasonText: '港の工事' },
    });
    expect(await screen.findByRole('button', { name: '催行中止を実行する' })).toBeTruthy();
  });
});
