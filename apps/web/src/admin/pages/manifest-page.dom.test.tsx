import type { Manifest, ManifestRow } from '@tabi/contract/admin-bookings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManifestPage } from './manifest-page.tsx';

function line(rsvno: string, seq: number, opcd: string, startTime = '', endTime = ''): ManifestRow {
  return {
    rsvno,
    statusLabel: '決済完了',
    opcd,
    webname: opcd === 'OP0001' ? '東京湾クルーズ' : '箱根ハイキング',
    startTime,
    endTime,
    seq,
    sei: '山田',
    mei: `${seq}郎`,
    ageClass: '大人',
    age: 40,
    birthday: '19860101',
    sex: '男性',
    nationality: '日本',
    passportNumber: null,
    vegetarian: null,
    rentalModel: '',
    bootsSize: '',
    wearSize: '',
    applicant: '山田 一郎',
    tel: '090-1234-5678',
    channel: '自社サイト',
    arrivedAt: null,
  };
}

const option = (opcd: string, bookings: number, participants: number) => ({
  opcd,
  webname: opcd === 'OP0001' ? '東京湾クルーズ' : '箱根ハイキング',
  rentalcd: '',
  passport: false,
  vegetarian: false,
  bookings,
  participants,
  arrived: 0,
  departures: [] as Manifest['options'][number]['departures'],
});

/** A day of 400 lines over two pages: OP0001's 350 lines, then OP0002's 50. */
function page(n: number): Manifest {
  const rows =
    n === 1
      ? [line('AA000001', 1, 'OP0001'), line('AA000001', 2, 'OP0001')]
      : [line('AA000175', 2, 'OP0001'), line('AA000176', 1, 'OP0002')];
  return {
    date: '20261201',
    opcd: null,
    start: null,
    departureChoices: [],
    options: [option('OP0001', 175, 350), option('OP0002', 25, 50)],
    rows,
    bookings: 200,
    participants: 400,
    arrived: 0,
    page: n,
    pageCount: 2,
    pageSize: 300,
    total: 400,
  };
}

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      if (input.startsWith('/api/admin/manifest')) {
        const n = Number(new URL(input, 'http://localhost').searchParams.get('page') ?? 1);
        return new Response(JSON.stringify({ errcd: '000', errMsg: '', response: page(n) }));
      }
      if (input.startsWith('/api/admin/options')) {
        return new Response(JSON.stringify({ errcd: '000', errMsg: '', response: [] }));
      }
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
        <Routes>
          <Route
            path="/admin/manifest"
            element={
              <>
                <ManifestPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

describe('参加者名簿 over pages', () => {
  it('shows the whole day’s counts, this page’s lines, and moves by page in the URL', async () => {
    renderAt('/admin/manifest?date=20261201');
    expect(await screen.findByText(/予約200件・参加者400名/)).toBeTruthy();
    // Page 1 holds only OP0001's first lines: OP0002's table waits for its page, its counts are the day's.
    expect(screen.getByRole('heading', { level: 2, name: /OP0001.*175件・350名/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: /OP0002/ })).toBeNull();
    const pager = screen.getByRole('navigation', { name: 'ページ送り' });
    expect(within(pager).getByText('1 / 2 ページ')).toBeTruthy();
    expect(within(pager).getByText(/全 400 件中 1〜300 件/)).toBeTruthy();

    await userEvent.click(within(pager).getByRole('button', { name: '次へ »' }));
    expect(await screen.findByRole('heading', { level: 2, name: /OP0002.*25件・50名/ })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('?date=20261201&page=2');
    expect(asked.some((url) => url.includes('page=2'))).toBe(true);
  });

  it('says so on a page past the last one, and leads back to the last', async () => {
    const oneDay = { ...page(1), pageCount: 1, total: 2 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const response = input.startsWith('/api/admin/manifest') ? { ...oneDay, page: 3, rows: [] } : [];
        return new Response(JSON.stringify({ errcd: '000', errMsg: '', response }));
      }),
    );
    renderAt('/admin/manifest?date=20261201&page=3');
    const pager = await screen.findByRole('navigation', { name: 'ページ送り' });
    expect(within(pager).getByText(/このページには該当がありません/)).toBeTruthy();
    await userEvent.click(within(pager).getByRole('button', { name: '« 前へ' }));
    expect(screen.getByTestId('where').textContent).toBe('?date=20261201&page=1');
  });
});

describe('参加者名簿 of an option sold at start times (ADR 0196)', () => {
  const timed = (start: string | null): Manifest => {
    const all = [
      line('AA000010', 1, 'OP0001', '10:00', '11:00'),
      line('AA000010', 2, 'OP0001', '10:00', '11:00'),
      line('AA000013', 1, 'OP0001', '13:00', '14:00'),
    ];
    const departures = [
      { startTime: '10:00', endTime: '11:00', bookings: 1, participants: 2, arrived: 1 },
      { startTime: '13:00', endTime: '14:00', bookings: 1, participants: 1, arrived: 0 },
    ].filter((d) => !start || d.startTime === start);
    const rows = all.filter((r) => !start || r.startTime === start);
    return {
      date: '20261201',
      opcd: 'OP0001',
      start,
      departureChoices: [
        { startTime: '10:00', endTime: '11:00' },
        { startTime: '13:00', endTime: '14:00' },
        { startTime: '16:00', endTime: '17:00' },
      ],
      options: [{ ...option('OP0001', departures.length, rows.length), departures }],
      rows,
      bookings: departures.length,
      participants: rows.length,
      arrived: 1,
      page: 1,
      pageCount: 1,
      pageSize: 300,
      total: rows.length,
    };
  };

  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        asked.push(input);
        const url = new URL(input, 'http://localhost');
        const response = input.startsWith('/api/admin/manifest')
          ? timed(url.searchParams.get('start'))
          : [{ opcd: 'OP0001', webname: '東京湾クルーズ' }];
        return new Response(JSON.stringify({ errcd: '000', errMsg: '', response }));
      }),
    );
  });

  it('groups the travellers under each departure’s time with its own counts', async () => {
    renderAt('/admin/manifest?date=20261201&opcd=OP0001');
    expect(await screen.findByRole('heading', { level: 3, name: /10:00〜11:00.*1件・2名・到着1名/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: /13:00〜14:00.*1件・1名・到着0名/ })).toBeTruthy();
    const early = screen.getByRole('table', { name: /10:00〜11:00の参加者/ });
    expect(within(early).getAllByText('AA000010').length).toBeGreaterThan(0);
    expect(within(early).queryByText('AA000013')).toBeNull();
  });

  it('chooses one departure alone through the 便 filter, and the CSV link follows it', async () => {
    renderAt('/admin/manifest?date=20261201&opcd=OP0001');
    const choice = await screen.findByRole('combobox', { name: '便' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['この日のすべての便', '10:00〜11:00', '13:00〜14:00', '16:00〜17:00']);
    await userEvent.selectOptions(choice, '13:00');
    await userEvent.click(screen.getByRole('button', { name: '表示' }));
    expect(screen.getByTestId('where').textContent).toBe('?date=20261201&opcd=OP0001&start=13%3A00');
    expect(await screen.findByText(/13:00〜14:00の便/)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: /10:00/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'CSVダウンロード' }).getAttribute('href')).toContain('start=13%3A00');
  });
});
