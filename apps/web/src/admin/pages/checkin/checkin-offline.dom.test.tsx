import type { StaffMe } from '@tabi/contract/admin';
import { CHECKIN_VERDICT_LABEL, type CheckinAnswer, type CheckinPack } from '@tabi/contract/checkin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, stubApi } from '../../../test/api-server.ts';
import { LOADED } from '../../../test/console-api.tsx';
import { meQueryKey } from '../../lib/staff-session.ts';
import { CheckinPage } from './checkin-page.tsx';
import { rereadOfflineStore } from './offline-store.ts';
import { OfflineWords } from './offline-words.ts';

const me: StaffMe = { id: 7, mail: 'door@example.jp', role: 'operator', totpEnabled: true, mustChangePassword: false };
const CODE = `TB1.${'a'.repeat(32)}`;
const traveller = (seq: number, name: string) => ({ seq, name, ageClass: '大人', arrived: null, noShow: false });
const line = { opcd: 'OP0001', webname: '湖のクルーズ', usedate: '20261201', startTime: '10:00', endTime: '11:30' };

/** The departure's pack: a party of two not arrived, a booking canceled after it was paid, one checked in on 受付2. */
const pack: CheckinPack = {
  servertime: '2026-12-01T09:05:00+09:00',
  usedate: '20261201',
  opcd: 'OP0001',
  startTime: '10:00',
  bookings: [
    {
      ...line,
      rsvno: 'AB000001',
      applicant: '山田 太郎',
      statusLabel: '決済完了',
      travellers: [traveller(1, '山田 太郎'), traveller(2, '山田 花子')],
      code: CODE,
      admitted: true,
    },
    {
      ...line,
      rsvno: 'AB000002',
      applicant: '佐藤 一郎',
      statusLabel: 'キャンセル',
      travellers: [traveller(1, '佐藤 一郎')],
      code: `TB1.${'b'.repeat(32)}`,
      admitted: false,
    },
  ],
  counts: { arrived: 0, expected: 2, noShows: 0 },
};
const day = {
  usedate: '20261201',
  departures: [{ opcd: 'OP0001', webname: '湖のクルーズ', startTime: '10:00', endTime: '11:30', counts: pack.counts }],
};

let network: 'up' | 'down';
let scans: ApiCall[];
let answerOf: (call: ApiCall) => CheckinAnswer;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('tabi-checkin-device', '受付1');
  rereadOfflineStore();
  network = 'up';
  scans = [];
  stubApi((call) => {
    if (network === 'down') return HttpResponse.error();
    if (call.url.pathname === '/api/admin/checkin/day') return day;
    if (call.url.pathname === '/api/admin/checkin/departure') return pack;
    if (call.method === 'POST' && call.url.pathname === '/api/admin/checkin/scan') {
      scans.push(call);
      return answerOf(call);
    }
    throw new Error(`unexpected call ${call.method} ${call.url}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/checkin?date=20261201&dep=OP0001%7C10%3A00']}>
        <Routes>
          <Route path="/admin/checkin" element={<CheckinPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const result = () => screen.getByTestId('checkin-result');

async function typeNumber(user: ReturnType<typeof userEvent.setup>, rsvno: string) {
  const next = screen.queryByRole('button', { name: '次を読み取る' });
  if (next) await user.click(next);
  await user.clear(screen.getByLabelText('予約番号で照合'));
  await user.type(screen.getByLabelText('予約番号で照合'), rsvno);
  await user.click(screen.getByRole('button', { name: '照合する' }));
  await screen.findByTestId('checkin-result', {}, LOADED);
}

describe('チェックイン without the network', () => {
  it('answers from the copy while the API fails, queues the check-in, and lists what the server judged otherwise', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/admin/checkin/manifest.webmanifest',
    );
    expect(await screen.findByText(OfflineWords.copyAt('09:05'), {}, LOADED)).toBeTruthy();
    await screen.findByRole('option', { name: /湖のクルーズ/ }, LOADED);

    network = 'down';
    await typeNumber(user, 'ab000001');
    expect(result().dataset.verdict).toBe('ok');
    expect(within(result()).getByText(OfflineWords.checkedOffline)).toBeTruthy();
    expect(within(result()).getByRole('heading', { name: /チェックインしました/ })).toBeTruthy();
    expect(screen.getByText(OfflineWords.notSent(1))).toBeTruthy();
    expect(screen.getByText(OfflineWords.offline)).toBeTruthy();
    expect(screen.getByTestId('checkin-counts').textContent).toContain('到着 2 / 予定 2 名');
    // Undo and no-shows wait for the network.
    for (const undo of within(result()).getAllByRole('button', { name: '取り消す' })) {
      expect((undo as HTMLButtonElement).disabled).toBe(true);
    }
    expect((screen.getByRole('button', { name: '無断不参加を記録' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(OfflineWords.onlineOnly)).toBeTruthy();

    // The same party again: this device checked it in (offline); nothing more is queued.
    await typeNumber(user, 'AB000001');
    expect(result().dataset.verdict).toBe('already');
    expect(result().textContent).toContain('端末「受付1」');
    expect(screen.getByText(OfflineWords.notSent(1))).toBeTruthy();

    // Canceled since it was paid (the copy lists it not admitted), and a number the copy has not.
    await typeNumber(user, 'AB000002');
    expect(result().dataset.verdict).toBe('canceled');
    await typeNumber(user, 'ZZ999999');
    expect(result().dataset.verdict).toBe('unknown');
    expect(within(result()).getByText(OfflineWords.notInCopy)).toBeTruthy();
    expect(scans).toEqual([]);

    // Back online: 受付2 had checked the party in meanwhile, and the server says so.
    answerOf = () => ({
      verdict: 'already',
      checked: [],
      booking: {
        ...pack.bookings[0]!,
        travellers: [1, 2].map((seq) => ({
          ...traveller(seq, seq === 1 ? '山田 太郎' : '山田 花子'),
          arrived: { at: '2026-12-01T00:50:00.000Z', by: 'gate@example.jp', device: '受付2' },
        })),
      },
      first: { at: '2026-12-01T00:50:00.000Z', by: 'gate@example.jp', device: '受付2' },
      counts: { arrived: 2, expected: 2, noShows: 0 },
    });
    network = 'up';
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const review = await screen.findByRole('region', { name: OfflineWords.reviewHeading }, LOADED);
    expect(scans).toHaveLength(1);
    expect(scans[0]!.body).toMatchObject({
      usedate: '20261201',
      opcd: 'OP0001',
      start_time: '10:00',
      code: '',
      rsvno: 'AB000001',
      seqs: [1, 2],
      device: '受付1',
    });
    expect(Number.isNaN(Date.parse(String(scans[0]!.body.scanned_at)))).toBe(false);
    expect(review.textContent).toContain('AB000001');
    expect(review.textContent).toContain(`${OfflineWords.serverSaid}：${CHECKIN_VERDICT_LABEL.already}`);
    expect(review.textContent).toContain('「受付2」');
    expect(screen.queryByText(OfflineWords.notSent(1))).toBeNull();
    await screen.findByText(OfflineWords.copyAt('09:05'), {}, LOADED);
    await vi.waitFor(() => expect(screen.queryByText(OfflineWords.offline)).toBeNull(), LOADED);

    await user.click(within(review).getByRole('button', { name: `${OfflineWords.reviewDone}（AB000001）` }));
    expect(screen.queryByRole('region', { name: OfflineWords.reviewHeading })).toBeNull();
    expect(JSON.parse(localStorage.getItem('tabi-checkin-review') ?? '[]')).toEqual([]);
  });

  it('makes no call while the browser is offline, and sends the queue when it is back', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(OfflineWords.copyAt('09:05'), {}, LOADED);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(OfflineWords.offline)).toBeTruthy();

    await typeNumber(user, 'AB000001');
    expect(result().dataset.verdict).toBe('ok');
    expect(screen.getByText(OfflineWords.notSent(1))).toBeTruthy();
    expect(scans).toEqual([]);
    // The queue is on the device: a page opened again still has it.
    expect(JSON.parse(localStorage.getItem('tabi-checkin-queue') ?? '[]')).toHaveLength(1);

    answerOf = (call) => ({
      verdict: 'ok',
      checked: (call.body.seqs as number[]) ?? [],
      booking: null,
      first: null,
      counts: { arrived: 2, expected: 2, noShows: 0 },
    });
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(screen.queryByText(OfflineWords.notSent(1))).toBeNull(), LOADED);
    expect(scans).toHaveLength(1);
    expect(screen.queryByRole('region', { name: OfflineWords.reviewHeading })).toBeNull();
    expect(localStorage.getItem('tabi-checkin-queue')).toBe('[]');
  });
});
