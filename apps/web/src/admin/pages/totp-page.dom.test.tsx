import { Msg } from '@tabi/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, expect, it } from 'vitest';
import { type ApiCall, stubApiCalls } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { SecurityPage } from './totp-page.tsx';

const me = { id: 2, mail: 'clerk@example.jp', role: 'operator', totpEnabled: false, mustChangePassword: false };

let posts: ApiCall[];
let refuse: boolean;
beforeEach(() => {
  refuse = true;
  posts = stubApiCalls(
    {
      '/api/admin/me': me,
      '/api/admin/totp/setup': { secret: 'VS6HYZNDX7NQO4Y4', otpauthUrl: 'otpauth://totp/x', qrSvg: '<svg/>' },
    },
    () => {
      if (!refuse) return { next: 'done', staff: { ...me, totpEnabled: true } };
      refuse = false;
      return new Response(JSON.stringify({ errcd: '002', errMsg: Msg.staffTotpFailed }), { status: 400 });
    },
  );
});

it('checks the code with the contract’s rule, says a refusal, then enrols with the code as the server reads it', async () => {
  const user = userEvent.setup();
  renderWithQuery(
    <MemoryRouter>
      <SecurityPage />
    </MemoryRouter>,
  );
  const code = await screen.findByLabelText('確認コード（6桁）', {}, LOADED);
  expect(screen.getByText('VS6H YZND X7NQ O4Y4')).toBeTruthy();
  await user.type(code, 'abc');
  await user.click(screen.getByRole('button', { name: '登録する' }));
  expect(await screen.findByText('6桁の数字を入力してください')).toBeTruthy();
  expect(document.activeElement).toBe(code);
  expect(posts).toEqual([]);

  await user.clear(code);
  await user.type(code, '000000');
  await user.click(screen.getByRole('button', { name: '登録する' }));
  expect((await screen.findByRole('alert', {}, LOADED)).textContent).toBe(Msg.staffTotpFailed);

  await user.clear(code);
  await user.type(code, '１２３４５６');
  await user.click(screen.getByRole('button', { name: '登録する' }));
  expect(await screen.findByText(/2段階認証を登録しました。/, {}, LOADED)).toBeTruthy();
  expect(posts.map((p) => [p.url.pathname, p.body])).toEqual([
    ['/api/admin/totp/enable', { code: '000000' }],
    ['/api/admin/totp/enable', { code: '123456' }],
  ]);
});
