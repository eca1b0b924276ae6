import type { FacilityRow } from '@tabi/contract/admin-catalog';
import { CatalogMsg, Msg } from '@tabi/contract/messages';
import { OperationsMsg } from '@tabi/contract/operations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, expect, it } from 'vitest';
import { type ApiCall, stubApi, stubApiCalls } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { FacilitiesPage } from './facilities-page.tsx';

const hakuba: FacilityRow = { id: 3, name: '白馬レンタル', disabled: false, mail: null, options: [] };

let posts: ApiCall[];
beforeEach(() => {
  posts = stubApiCalls(
    { '/api/admin/facilities': [hakuba], '/api/admin/facilities/usage': { month: '2026-11', rows: [] } },
    (call) => (call.url.pathname.endsWith('/clear-lock') ? { cleared: 2 } : { ok: true }),
  );
});

function renderPage() {
  renderWithQuery(
    <MemoryRouter>
      <FacilitiesPage />
    </MemoryRouter>,
  );
}

/** What a control's aria-describedby says (its error). */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

it('refuses a PIN the contract refuses, then sets it as the server reads it and empties the field', async () => {
  const user = userEvent.setup();
  renderPage();
  const pin = await screen.findByLabelText('白馬レンタルの新しい暗証番号', {}, LOADED);
  const row = pin.closest('tr') as HTMLElement;
  await user.type(pin, '12');
  await user.click(within(row).getByRole('button', { name: '設定' }));
  await within(row).findByText(CatalogMsg.facilityPinInvalid);
  expect(description(pin)).toContain(CatalogMsg.facilityPinInvalid);
  expect(posts).toEqual([]);

  await user.clear(pin);
  await user.type(pin, '１２３４');
  await user.click(within(row).getByRole('button', { name: '設定' }));
  expect(await screen.findByText('白馬レンタルの暗証番号を設定しました。', {}, LOADED)).toBeTruthy();
  expect(posts.map((p) => [p.url.pathname, p.body])).toEqual([['/api/admin/facilities/3/pin', { pin: '1234' }]]);
  expect((pin as HTMLInputElement).value).toBe('');
});

it('refuses a mail address the contract refuses, then saves one', async () => {
  const user = userEvent.setup();
  renderPage();
  const mail = await screen.findByLabelText('白馬レンタルのメールアドレス', {}, LOADED);
  const row = mail.closest('tr') as HTMLElement;
  await user.type(mail, 'not-a-mail');
  await user.click(within(row).getByRole('button', { name: '保存' }));
  await within(row).findByText(OperationsMsg.facilityMailInvalid);
  expect(description(mail)).toContain(OperationsMsg.facilityMailInvalid);
  expect(posts).toEqual([]);

  await user.clear(mail);
  await user.type(mail, ' rental@example.jp ');
  await user.click(within(row).getByRole('button', { name: '保存' }));
  expect(
    await screen.findByText('白馬レンタルのレンタル準備表の送り先をrental@example.jpにしました。', {}, LOADED),
  ).toBeTruthy();
  expect(posts.map((p) => [p.url.pathname, p.body])).toEqual([
    ['/api/admin/facilities/3/mail', { mail: 'rental@example.jp' }],
  ]);
});

it('clears a coupon’s lock by the booking’s number as the server reads it, and says a refusal in its card', async () => {
  const user = userEvent.setup();
  renderPage();
  const rsvno = await screen.findByLabelText('予約番号', {}, LOADED);
  const card = rsvno.closest('form') as HTMLElement;
  await user.click(within(card).getByRole('button', { name: 'ロックを解除' }));
  await within(card).findByText(Msg.bookingNotFound);
  expect(document.activeElement).toBe(rsvno);
  expect(posts).toEqual([]);

  await user.type(rsvno, ' ab000013 ');
  await user.click(within(card).getByRole('button', { name: 'ロックを解除' }));
  expect(await screen.findByText('AB000013のクーポンのロックを解除しました（誤入力2回分）。', {}, LOADED)).toBeTruthy();
  expect(posts.map((p) => p.url.pathname)).toEqual(['/api/admin/coupons/AB000013/clear-lock']);

  stubApi((call) =>
    call.method === 'POST'
      ? new Response(JSON.stringify({ errcd: '404', errMsg: Msg.bookingNotFound }), { status: 404 })
      : call.url.pathname === '/api/admin/facilities'
        ? [hakuba]
        : { month: '2026-11', rows: [] },
  );
  await user.click(within(card).getByRole('button', { name: 'ロックを解除' }));
  expect((await within(card).findByRole('alert', {}, LOADED)).textContent).toBe(Msg.bookingNotFound);
});

it('links each facility to its サイズ別在庫', async () => {
  renderPage();
  const link = await screen.findByRole('link', { name: '白馬レンタルのサイズ別在庫' }, LOADED);
  expect(link.getAttribute('href')).toBe('/admin/facilities/3/sizes');
});
