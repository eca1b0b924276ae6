import type { StaffRow } from '@tabi/contract/admin';
import { Msg } from '@tabi/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, expect, it } from 'vitest';
import { type ApiCall, stubApi, stubApiCalls } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { StaffPage } from './staff-page.tsx';

const clerk: StaffRow = {
  id: 2,
  mail: 'clerk@example.jp',
  role: 'operator',
  totpEnabled: false,
  disabled: false,
  lastLoginAt: null,
  createdAt: '2026-11-20T01:00:00.000Z',
};

let posts: ApiCall[];
beforeEach(() => {
  posts = stubApiCalls(
    {
      '/api/admin/me': { id: 1, mail: 'admin@example.jp', role: 'admin', totpEnabled: true, mustChangePassword: false },
      '/api/admin/staff': [clerk],
    },
    () => ({ staff: { ...clerk, id: 3, mail: 'new-clerk@example.jp', role: 'admin' }, password: 'one-time-pass-1' }),
  );
});

it('asks for the mail with the contract’s message, then adds the account and shows its one-time password', async () => {
  const user = userEvent.setup();
  renderWithQuery(
    <MemoryRouter>
      <StaffPage />
    </MemoryRouter>,
  );
  const form = screen.getByRole('heading', { name: 'スタッフを追加' }).closest('form') as HTMLFormElement;
  const mail = within(form).getByLabelText(/メールアドレス/);
  await user.click(within(form).getByRole('button', { name: '追加する' }));
  expect(await within(form).findByText('メールアドレスを入力してください。', {}, LOADED)).toBeTruthy();
  expect(document.activeElement).toBe(mail);
  expect(posts).toEqual([]);

  await user.type(mail, ' new-clerk@example.jp ');
  await user.selectOptions(within(form).getByLabelText('権限'), 'admin');
  await user.click(within(form).getByRole('button', { name: '追加する' }));
  expect(await screen.findByText('new-clerk@example.jp を管理者として追加しました。', {}, LOADED)).toBeTruthy();
  expect(posts.map((p) => [p.url.pathname, p.body])).toEqual([
    ['/api/admin/staff', { mail: 'new-clerk@example.jp', role: 'admin' }],
  ]);
  expect((screen.getByRole('textbox', { name: '初期パスワード' }) as HTMLTextAreaElement).value).toBe(
    'one-time-pass-1',
  );
  expect((mail as HTMLInputElement).value).toBe('');
  expect((within(form).getByLabelText('権限') as HTMLSelectElement).value).toBe('admin');
});

it('says the server’s refusal in the form', async () => {
  const user = userEvent.setup();
  stubApi((call) => {
    if (call.method === 'POST') {
      return new Response(JSON.stringify({ errcd: '400', errMsg: Msg.staffMailInvalid }), {
        status: 400,
      });
    }
    if (call.url.pathname === '/api/admin/me') {
      return { id: 1, mail: 'admin@example.jp', role: 'admin', totpEnabled: true, mustChangePassword: false };
    }
    return [clerk];
  });
  renderWithQuery(
    <MemoryRouter>
      <StaffPage />
    </MemoryRouter>,
  );
  const form = screen.getByRole('heading', { name: 'スタッフを追加' }).closest('form') as HTMLFormElement;
  await user.type(within(form).getByLabelText(/メールアドレス/), 'not-a-mail');
  await user.click(within(form).getByRole('button', { name: '追加する' }));
  expect((await within(form).findByRole('alert', {}, LOADED)).textContent).toBe(Msg.staffMailInvalid);
});
