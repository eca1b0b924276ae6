import type { KonbiniSlip } from '@tabi/contract/booking';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { type ApiCall, stubApi } from '../../../test/api-server.ts';
import { otherLanguageTexts } from '../../../test/other-language.ts';
import { renderPages } from '../../../test/render-pages.tsx';
import { CompletePage } from './complete-page.tsx';

let calls: ApiCall[];
let bookedAnswer: { status: number; errcd: string; errMsg: string; response: unknown };

beforeEach(() => {
  calls = [];
  bookedAnswer = { status: 200, errcd: ErrCd.success, errMsg: '', response: { session: 'new', rsvno: 'AB123456' } };
  stubApi((call) => {
    // The anti-forgery cookie asked for before the login: an empty answer, the cookie being there already.
    if (call.url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
    calls.push(call);
    const { status, ...body } = bookedAnswer;
    return HttpResponse.json(body, { status });
  });
});
afterEach(cleanup);

function renderComplete() {
  useReservationStore.setState({
    completed: { rsvno: 'AB123456', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), request: false },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/reservation/complete?processing=success']}>
        <Routes>
          <Route path="/reservation/complete" element={<CompletePage />} />
          <Route path="/mypage" element={<p>my page</p>} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the complete page’s マイページへ', () => {
  it('opens the booking just made, from the browser that made it, without asking for its number again', async () => {
    useAuthStore.setState({ isLogin: true, sessionId: 'old', rsvno: 'AA100001' });
    renderComplete();
    await userEvent.setup().click(screen.getByRole('button', { name: 'マイページへ' }));
    expect(await screen.findByText('my page')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/mylogin/booked'))).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ isLogin: true, sessionId: 'new', rsvno: 'AB123456' });
  });

  it('goes to the login page when the purchase cookie’s hour has passed', async () => {
    useAuthStore.setState({ isLogin: false, sessionId: null, rsvno: null });
    bookedAnswer = { status: 403, errcd: ErrCd.generic, errMsg: Msg.bookedLoginExpired, response: null };
    renderComplete();
    await userEvent.setup().click(screen.getByRole('button', { name: 'マイページへ' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/mylogin/booked'))).toBe(true);
  });
});

describe('the complete page back from a checkout that issued a konbini slip (ADR 0213)', () => {
  const slip: KonbiniSlip = {
    codes: [
      { store: 'familymart', payment_code: '123456789012', confirmation_number: null },
      { store: 'lawson', payment_code: 'LW-2345-6789', confirmation_number: '0123456789' },
    ],
    expires_at: '2026-12-02T23:59:59+09:00',
    voucher_url: 'https://payments.stripe.com/konbini/voucher/test_123',
  };
  beforeAll(() => loadMessages('en'));
  beforeEach(() => {
    stubApi((call) => {
      calls.push(call);
      if (call.url.pathname.endsWith('/checkout/result')) {
        return {
          rsvno: 'AB123456',
          rsvdate: '2026-11-29T10:00:00+09:00',
          paid: false,
          payable_until: null,
          konbini: slip,
        };
      }
      throw new Error(`unexpected call ${call.url}`);
    });
  });

  it('says the payment number was issued, shows the booking number and the slip, and not the paid text', async () => {
    renderPages('/reservation/complete?session_id=cs_test_konbini', { '/reservation/complete': <CompletePage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'お支払い番号を発行しました' })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('/checkout/result'))?.body).toEqual({
      session_id: 'cs_test_konbini',
    });
    expect(screen.getByTestId('rsvno').textContent).toBe('AB123456');
    expect(screen.getByText(/ご予約はお支払い期限まで確保しております。/)).toBeTruthy();
    expect(screen.getByText(/お支払い番号と確認番号を記載したメールを/)).toBeTruthy();
    expect(screen.queryByText('ご予約が完了しました')).toBeNull();
    expect(screen.queryByText('ご登録のメールアドレスに予約確認メールをお送りしました。')).toBeNull();
    expect(screen.queryByText('ご予約は完了していません')).toBeNull();

    const section = screen.getByRole('region', { name: 'コンビニでのお支払い' });
    expect(section.dataset.testid).toBe('konbini-slip');
    expect(within(section).getByTestId('konbini-deadline').textContent).toBe('2026/12/02 23:59');
    expect(within(section).getByRole('heading', { level: 3, name: 'ローソン' })).toBeTruthy();
    expect(within(section).getByText('LW-2345-6789')).toBeTruthy();
    expect(within(section).getByText('0123456789')).toBeTruthy();
    expect(within(section).getByRole('link', { name: '払込票を表示' }).getAttribute('href')).toBe(slip.voucher_url);
    expect(screen.getByRole('button', { name: 'マイページへ' })).toBeTruthy();
  });

  it('in English', async () => {
    renderPages(
      '/reservation/complete?session_id=cs_test_konbini',
      { '/reservation/complete': <CompletePage /> },
      'en',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment number has been issued' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Paying at a convenience store' });
    expect(within(section).getByTestId('konbini-deadline').textContent).toBe('2 Dec 2026, 23:59');
    expect(within(section).getByRole('heading', { level: 3, name: 'FamilyMart' })).toBeTruthy();
    expect(otherLanguageTexts('en', section)).toEqual([]);
  });

  it('keeps the paid text for a checkout paid by card', async () => {
    stubApi(() => ({ rsvno: 'AB123456', rsvdate: '2026-11-29T10:00:00+09:00', paid: true, payable_until: null }));
    renderPages('/reservation/complete?session_id=cs_test_card', { '/reservation/complete': <CompletePage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'ご予約が完了しました' })).toBeTruthy();
    expect(screen.queryByTestId('konbini-slip')).toBeNull();
  });
});
