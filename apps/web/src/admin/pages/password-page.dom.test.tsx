import { Msg } from '@tabi/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, expect, it } from 'vitest';
import { type ApiCall, stubApiCalls } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { PasswordPage } from './password-page.tsx';

let posts: ApiCall[];
beforeEach(() => {
  posts = stubApiCalls({
    '/api/admin/me': {
      id: 1,
      mail: 'clerk@example.jp',
      role: 'operator',
      totpEnabled: false,
      mustChangePassword: false,
    },
  });
});

it('checks the new password with the contract’s rule and its confirmation before sending, then sends it alone', async () => {
  const user = userEvent.setup();
  renderWithQuery(
    <MemoryRouter>
      <PasswordPage />
    </MemoryRouter>,
  );
  await user.type(screen.getByLabelText('現在のパスワード'), 'old-password-1');
  await user.type(screen.getByLabelText('新しいパスワード', { exact: true }), 'short');
  await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'other');
  await user.click(screen.getByRole('button', { name: '変更する' }));
  expect(await screen.findByText(Msg.staffPasswordTooShort, {}, LOADED)).toBeTruthy();
  expect(screen.getByText('確認用のパスワードが一致しません。')).toBeTruthy();
  expect(posts).toEqual([]);

  await user.clear(screen.getByLabelText('新しいパスワード', { exact: true }));
  await user.type(screen.getByLabelText('新しいパスワード', { exact: true }), 'a-long-new-password');
  await user.clear(screen.getByLabelText('新しいパスワード（確認）'));
  await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'a-long-new-password');
  await user.click(screen.getByRole('button', { name: '変更する' }));
  expect(await screen.findByText(/パスワードを変更しました。/, {}, LOADED)).toBeTruthy();
  expect(posts.map((p) => [p.url.pathname, p.body])).toEqual([
    ['/api/admin/password', { current: 'old-password-1', next: 'a-long-new-password' }],
  ]);
  expect((screen.getByLabelText('現在のパスワード') as HTMLInputElement).value).toBe('');
});
