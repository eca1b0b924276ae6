import { type Reseller, ResellerMsg } from '@tabi/contract/resellers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResellersPage } from './resellers-page.tsx';

const KEY = 'tabi_octo_Abc123xyzAbc123xyzAbc123xyzAbc123xyzAbc';

const klook: Reseller = {
  id: 7,
  name: 'Klook',
  commissionBp: 1250,
  enabled: true,
  createdAt: '2026-11-20T01:00:00.000Z',
  lastUsedAt: null,
  keys: [],
};

let posts: { url: string; body: unknown }[];
beforeEach(() => {
  posts = [];
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  const answer = (response: unknown) => new Response(JSON.stringify({ errcd: '000', errMsg: '', response }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url: input, body: JSON.parse(String(init.body)) });
        if (input.endsWith('/keys')) {
          const key = { id: 1, prefix: KEY.slice(0, 16), ratePerMinute: 120, createdAt: klook.createdAt };
          return answer({ reseller: { ...klook, keys: [{ ...key, lastUsedAt: null, revokedAt: null }] }, key: KEY });
        }
        return answer({ ...klook, id: 8, name: 'Viator', commissionBp: 1250 });
      }
      if (input.startsWith('/api/admin/resellers')) return answer([klook]);
      throw new Error(`unexpected call ${input}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What a control's aria-describedby says (its hint and its error). */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/resellers']}>
        <ResellersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('販売代理店', () => {
  it('checks the name and the commission before anything is sent, as the server does', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: '販売代理店を追加' });
    const commission = within(form).getByLabelText(/手数料率/);
    await user.type(commission, '12.345');
    await user.click(within(form).getByRole('button', { name: '追加する' }));
    expect(description(within(form).getByLabelText(/代理店名/))).toContain(ResellerMsg.nameRequired);
    expect(description(commission)).toContain(ResellerMsg.commissionInvalid);
    expect(posts).toEqual([]);

    await user.type(within(form).getByLabelText(/代理店名/), 'Viator');
    await user.clear(commission);
    await user.type(commission, '１２．５');
    await user.click(within(form).getByRole('button', { name: '追加する' }));
    expect(await screen.findByText(/Viatorを追加しました（手数料率 12.5%）。/)).toBeTruthy();
    // The percent as the contract read it (the server reads the same percent again).
    expect(posts).toEqual([{ url: '/api/admin/resellers', body: { name: 'Viator', commission: '12.5' } }]);
    expect((within(form).getByLabelText(/代理店名/) as HTMLInputElement).value).toBe('');
  });

  it('edits the name and the commission in a dialog, checked as the add form is, and says the server’s refusal', async () => {
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('region', { name: /^Klook/ });
    await user.click(within(card).getByRole('button', { name: '編集' }));
    const edit = screen.getByRole('dialog', { name: 'Klookの編集' });
    const name = within(edit).getByLabelText(/代理店名/) as HTMLInputElement;
    const commission = within(edit).getByLabelText(/手数料率/) as HTMLInputElement;
    expect([name.value, commission.value]).toEqual(['Klook', '12.5']);
    await user.clear(commission);
    await user.click(within(edit).getByRole('button', { name: '保存する' }));
    expect(description(commission)).toContain(ResellerMsg.commissionRequired);
    expect(document.activeElement).toBe(commission);
    await user.type(commission, '101');
    await user.click(within(edit).getByRole('button', { name: '保存する' }));
    expect(description(commission)).toContain(ResellerMsg.commissionInvalid);
    expect(posts).toEqual([]);

    vi.mocked(fetch).mockResolvedValueOnce(
      new Response(JSON.stringify({ errcd: '409', errMsg: ResellerMsg.nameTaken }), { status: 409 }),
    );
    await user.clear(commission);
    await user.type(commission, '10%');
    await user.click(within(edit).getByRole('button', { name: '保存する' }));
    expect((await within(edit).findByRole('alert')).textContent).toBe(ResellerMsg.nameTaken);

    await user.clear(name);
    await user.type(name, 'Viator');
    await user.click(within(edit).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('Viatorの内容を保存しました（手数料率 12.5%）。')).toBeTruthy();
    expect(posts).toEqual([{ url: '/api/admin/resellers/7', body: { name: 'Viator', commission: '10' } }]);
    expect(screen.queryByRole('dialog', { name: 'Klookの編集' })).toBeNull();
  });

  it('shows a new key once, copies it, and forgets it when the dialog closes', async () => {
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('region', { name: /^Klook/ });
    expect(within(card).getByText('12.5%')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'APIキーを発行' }));
    const issue = screen.getByRole('dialog', { name: 'KlookのAPIキーを発行' });
    const rate = within(issue).getByLabelText(/1分あたりの上限回数/);
    await user.clear(rate);
    await user.type(rate, '0');
    await user.click(within(issue).getByRole('button', { name: '発行する' }));
    expect(description(rate)).toContain(ResellerMsg.rateInvalid);
    expect(posts).toEqual([]);
    await user.clear(rate);
    await user.type(rate, '120');
    await user.click(within(issue).getByRole('button', { name: '発行する' }));

    const shown = await screen.findByRole('dialog', { name: 'APIキーを発行しました' });
    expect(posts).toEqual([{ url: '/api/admin/resellers/7/keys', body: { ratePerMinute: 120 } }]);
    expect((within(shown).getByLabelText('APIキー') as HTMLTextAreaElement).value).toBe(KEY);
    await user.click(within(shown).getByRole('button', { name: 'コピー' }));
    expect(await within(shown).findByText('コピーしました。')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(KEY);

    await user.click(within(shown).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog', { name: 'APIキーを発行しました' })).toBeNull();
    expect(document.body.innerHTML).not.toContain(KEY);
  });

  it('says how to copy by hand when the clipboard is refused', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderPage();
    const card = await screen.findByRole('region', { name: /^Klook/ });
    await user.click(within(card).getByRole('button', { name: 'APIキーを発行' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'KlookのAPIキーを発行' })).getByRole('button', { name: '発行する' }),
    );
    const shown = await screen.findByRole('dialog', { name: 'APIキーを発行しました' });
    await user.click(within(shown).getByRole('button', { name: 'コピー' }));
    expect(await within(shown).findByText(/コピーできませんでした。/)).toBeTruthy();
  });
});
