import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { type ApiCall, stubApi } from '../../../test/api-server.ts';
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
