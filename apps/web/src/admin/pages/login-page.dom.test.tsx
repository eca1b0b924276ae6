import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, expect, it } from 'vitest';
import { type ApiCall, stubApi } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { LoginPage } from './login-page.tsx';

const staff = { id: 1, mail: 'admin@example.jp', role: 'admin', totpEnabled: true, mustChangePassword: false };
const refusal = (errcd: string, errMsg: string) => new Response(JSON.stringify({ errcd, errMsg }), { status: 400 });

let posts: ApiCall[];
/** What the next calls of each path answer, in turn. */
let answers: Record<string, unknown[]>;
beforeEach(() => {
  posts = [];
  answers = {};
  stubApi((call) => {
    if (call.method !== 'POST') throw new Error(`unexpected call ${call.url}`);
    posts.push(call);
    const next = answers[call.url.pathname]?.shift();
    if (next === undefined) throw new Error(`no answer for ${call.url}`);
    return next;
  });
});

function renderPage() {
  renderWithQuery(
    <MemoryRouter initialEntries={['/admin/login?redirect=%2Fadmin%2Fbookings']}>
      <Routes>
        <Route path="/admin/login" element={<LoginPage />} />
        <Route path="/admin/bookings" element={<h1>予約一覧</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const sent = () => posts.map((p) => [p.url.pathname, p.body]);

it('asks for the mail and the password before sending, says a refusal, then asks for the code', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.click(screen.getByRole('button', { name: 'サインイン' }));
  expect(await screen.findByText('メールアドレスを入力してください。')).toBeTruthy();
  expect(screen.getByText('パスワードを入力してください。')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText('メールアドレス'));
  expect(posts).toEqual([]);

  answers['/api/admin/login'] = [refusal('002', Msg.staffLoginFailed), { next: 'totp', staff: null }];
  await user.type(screen.getByLabelText('メールアドレス'), ' admin@example.jp ');
  await user.type(screen.getByLabelText('パスワード'), 'not-the-password');
  await user.click(screen.getByRole('button', { name: 'サインイン' }));
  expect((await screen.findByRole('alert', {}, LOADED)).textContent).toBe(Msg.staffLoginFailed);
  await user.clear(screen.getByLabelText('パスワード'));
  await user.type(screen.getByLabelText('パスワード'), 'sakura-admin-demo');
  await user.click(screen.getByRole('button', { name: 'サインイン' }));
  const code = await screen.findByLabelText('確認コード（6桁）', {}, LOADED);
  expect(document.activeElement).toBe(code);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(sent()).toEqual([
    ['/api/admin/login', { mail: 'admin@example.jp', password: 'not-the-password' }],
    ['/api/admin/login', { mail: 'admin@example.jp', password: 'sakura-admin-demo' }],
  ]);
});

it('checks the code with the contract’s rule, asks a wrong one again, and goes on to where the clerk was going', async () => {
  const user = userEvent.setup();
  answers['/api/admin/login'] = [{ next: 'totp', staff: null }];
  answers['/api/admin/login/totp'] = [refusal('002', Msg.staffTotpFailed), { next: 'done', staff }];
  renderPage();
  await user.type(screen.getByLabelText('メールアドレス'), 'admin@example.jp');
  await user.type(screen.getByLabelText('パスワード'), 'sakura-admin-demo');
  await user.click(screen.getByRole('button', { name: 'サインイン' }));
  const code = await screen.findByLabelText('確認コード（6桁）', {}, LOADED);
  await user.type(code, '12345');
  await user.click(screen.getByRole('button', { name: '確認する' }));
  expect(await screen.findByText('6桁の数字を入力してください')).toBeTruthy();
  expect(posts).toHaveLength(1);

  await user.clear(code);
  await user.type(code, '000000');
  await user.click(screen.getByRole('button', { name: '確認する' }));
  expect((await screen.findByRole('alert', {}, LOADED)).textContent).toBe(Msg.staffTotpFailed);
  expect(screen.getByLabelText('確認コード（6桁）')).toBe(code);

  await user.clear(code);
  await user.type(code, '１２３ ４５６');
  await user.click(screen.getByRole('button', { name: '確認する' }));
  expect(await screen.findByRole('heading', { name: '予約一覧' }, LOADED)).toBeTruthy();
  expect(sent().slice(1)).toEqual([
    ['/api/admin/login/totp', { code: '000000' }],
    ['/api/admin/login/totp', { code: '123456' }],
  ]);
});

it('goes back to the password, saying why, when the half-signed-in session has ended', async () => {
  const user = userEvent.setup();
  answers['/api/admin/login'] = [{ next: 'totp', staff: null }];
  answers['/api/admin/login/totp'] = [refusal(ErrCd.sessionTimeout, Msg.staffSecondStepExpired)];
  renderPage();
  await user.type(screen.getByLabelText('メールアドレス'), 'admin@example.jp');
  await user.type(screen.getByLabelText('パスワード'), 'sakura-admin-demo');
  await user.click(screen.getByRole('button', { name: 'サインイン' }));
  await user.type(await screen.findByLabelText('確認コード（6桁）', {}, LOADED), '123456');
  await user.click(screen.getByRole('button', { name: '確認する' }));
  expect((await screen.findByRole('alert', {}, LOADED)).textContent).toBe(Msg.staffSecondStepExpired);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('サインイン');
  expect((screen.getByLabelText('パスワード') as HTMLInputElement).value).toBe('');
});
