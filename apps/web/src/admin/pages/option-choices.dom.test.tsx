import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { optionChoicesKey } from '../lib/catalog-queries.ts';
import { emptyDraft, inputOf } from '../lib/option-form.ts';
import { ManifestPage } from './manifest-page.tsx';
import { OptionEditPage } from './option-edit-page.tsx';

const NEW = { opcd: 'OP0099', webname: '新しい星空ナイトツアー' };
const option = {
  ...inputOf(emptyDraft('2026-12-01')),
  webname: NEW.webname,
  homencd: '01',
  areacd: '0101',
  citycd: '010101',
};
const record = (published: boolean) => ({ opcd: NEW.opcd, published, bookings: 0, option, events: [] });
const ok = (response: unknown) => new Response(JSON.stringify({ errcd: '000', errMsg: '', response }));

/** What the server holds: the choices list gains the option once it is published. */
let published: boolean;
let choiceReads: number;

beforeEach(() => {
  published = false;
  choiceReads = 0;
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace('/api/admin', '');
      if (init?.method === 'POST' && path === `/options/${NEW.opcd}/publish`) {
        published = true;
        return ok(record(true));
      }
      if (path === '/options') {
        choiceReads += 1;
        return ok([{ opcd: 'OP0001', webname: '富士山ツアー' }, ...(published ? [NEW] : [])]);
      }
      if (path === '/options/masters') return ok({ regions: [], areas: [], cities: [], keywords: [], facilities: [] });
      if (path === `/options/${NEW.opcd}`) return ok(record(published));
      if (path === '/manifest') return ok({ date: '20261202', opcd: null, options: [], rows: [] });
      throw new Error(`unexpected call ${init?.method ?? 'GET'} ${input}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The option names the manifest's 商品 select offers now (it is drawn anew when its choices change). */
const offered = () =>
  within(screen.getByRole('combobox', { name: '商品' }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the 商品 choices of 参加者名簿 and 予約一覧', () => {
  it('offer an option published a moment ago, without a reload', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/manifest']}>
          <ManifestPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The manifest was opened before: its choices are loaded (without the draft).
    await vi.waitFor(() => expect(offered()).toContain('OP0001 富士山ツアー'));
    expect(offered()).not.toContain(`${NEW.opcd} ${NEW.webname}`);

    // An admin publishes the new option in the same console…
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/admin/options/${NEW.opcd}`]}>
          <Routes>
            <Route path="/admin/options/:opcd" element={<OptionEditPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '公開する' }));
    // Asked for first.
    const dialog = await screen.findByRole('dialog', { name: '商品を公開する' });
    await userEvent.click(within(dialog).getByRole('button', { name: '公開する' }));
    await screen.findByText(/公開しました。/);
    unmount();

    // …and the manifest's 商品 offers it at once.
    await vi.waitFor(() => expect(offered()).toContain(`${NEW.opcd} ${NEW.webname}`));
    expect(client.getQueryData(optionChoicesKey)).toContainEqual(NEW);
  });

  it('are read again when a screen that shows them opens (a colleague may have added one)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/manifest']}>
          <ManifestPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(offered()).toContain('OP0001 富士山ツアー'));
    expect(choiceReads).toBe(1);
    unmount();
    published = true; // published by someone else, in another browser
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/manifest']}>
          <ManifestPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(offered()).toContain(`${NEW.opcd} ${NEW.webname}`));
    expect(choiceReads).toBe(2);
  });
});
