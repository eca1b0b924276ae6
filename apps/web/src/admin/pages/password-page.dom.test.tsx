import { Msg } from '@tabi/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PasswordPage } from './password-page.tsx';

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
        return answer({ ok: true });
      }
      if (input.startsWith('/api/admin/me')) {
        return answer({
          id: 1,
          mail: 'clerk@example.jp',
          role: 'operator',
          totpEnabled: false,
          mustChangePassword: false,
        });
      }
      throw new Error(`unexpected call ${input}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PasswordPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('checks the new password with the contract’s rule and its confirmation before sending, then sends it alone', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.type(screen.getByLabelText('現在のパスワード'), 'old-password-1');
  await user.type(screen.getByLabelText('新しいパスワード', { exact: true }), 'short');
  await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'other');
  await user.click(screen.getByRole('button', { name: '変更する' }));
  expect(await screen.findByText(Msg.staffPasswordTooShort)).toBeTruthy();
  expect(screen.getByText('確認用のパスワードが一致しません。')).toBeTruthy();
  expect(posts).toEqual([]);

  await user.clear(screen.getByLabelText('新しいパスワード', { exact: true }));
  await user.type(screen.getByLabelText('新しいパスワード', { exact: true }), 'a-long-new-password');
  await user.clear(screen.getByLabelText('新しいパスワード（確認）'));
  await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'a-long-new-password');
  await user.click(screen.getByRole('button', { name: '変更する' }));
  expect(await screen.findByText(/パスワードを変更しました。/)).toBeTruthy();
  expect(posts).toEqual([
    { url: '/api/admin/password', body: { current: 'old-password-1', next: 'a-long-new-password' } },
  ]);
  expect((screen.getByLabelText('現在のパスワード') as HTMLInputElement).value).toBe('');
});
