import type { Booking } from '@tabi/contract/booking';
import { BookingStatus, ErrCd } from '@tabi/contract/constants';
import { addDays, tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { type ApiCall, stubApi } from '../../../test/api-server.ts';
import { BookingActions } from './booking-actions.tsx';

const today = tokyoYmd(new Date());

/** AA100005 of the demo: a request waiting for its answer, 10 days ahead unless told otherwise. */
function requestBooking(overrides: Partial<Booking> = {}): Booking {
  const day = addDays(today, 10);
  return {
    rsvno: 'AA100005',
    status: BookingStatus.requested,
    status_payment: 0,
    flg_request_rsv: 0,
    rsvdate: new Date(Date.now() - 86_400_000).toISOString(),
    servertime: new Date().toISOString(),
    payment_deadline_date: null,
    state: 'requested',
    payable: false,
    card_payable: false,
    cancellable: false,
    withdrawable: true,
    fromdate: day,
    todate: day,
    sei: '山田',
    mei: '花子',
    mail: 'hanako@example.jp',
    amountjp: 16000,
    meetpoint: null,
    memberList: [],
    optionList: [],
    rentskiList: [],
    ...overrides,
  };
}

let booking: Booking;
let withdrawAnswer: { errcd: string; errMsg: string; status: number };
let calls: ApiCall[];

beforeEach(() => {
  useAuthStore.setState({ isLogin: true, sessionId: 'session', rsvno: 'AA100005' });
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  calls = [];
  withdrawAnswer = { errcd: ErrCd.success, errMsg: '', status: 200 };
  stubApi((call) => {
    calls.push(call);
    const { pathname } = call.url;
    if (pathname.endsWith('/booking/withdraw')) {
      const { status, ...rest } = withdrawAnswer;
      if (status === 200)
        booking = { ...booking, status: BookingStatus.canceled, state: 'canceled', withdrawable: false };
      return HttpResponse.json({ ...rest, response: null }, { status });
    }
    if (pathname.includes('/booking/')) return booking;
    throw new Error(`unexpected call ${call.url}`);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function renderActions() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // My page's own query has loaded the booking before its buttons show.
  await client.fetchQuery({
    queryKey: ['booking', 'AA100005'],
    queryFn: async () => booking,
  });
  const noop = () => {};
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/mypage']}>
        <BookingActions
          payable={false}
          paymentDeadline={null}
          paying={false}
          couponLink={false}
          couponNote={null}
          cardPaymentNote={null}
          rentalLink={false}
          changeable={false}
          cancellable={false}
          onPay={noop}
          onCardPay={noop}
          onConsent={noop}
          onChange={noop}
          onCancel={noop}
          onLogout={noop}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const withdrawCalls = () => calls.filter((c) => c.url.pathname.endsWith('/booking/withdraw'));

describe('リクエストを取り消す on my page', () => {
  it('is offered for a request waiting for its answer, and withdraws it only after the confirmation', async () => {
    booking = requestBooking();
    const user = userEvent.setup();
    await renderActions();
    const button = await screen.findByRole('button', { name: 'リクエストを取り消す' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'リクエストの取り消し' });
    expect(within(dialog).getByText(/元に戻せません/)).toBeTruthy();
    expect(withdrawCalls()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: '取り消しを確定する' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(Msg.requestWithdrawDone));
    expect(withdrawCalls()).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ rsvno: 'AA100005', session: 'session' }) }),
    ]);
    // The booking is fetched again: canceled now, so the button is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'リクエストを取り消す' })).toBeNull());
  });

  it('closes without withdrawing on 閉じる, and gives the focus back to its button', async () => {
    booking = requestBooking();
    const user = userEvent.setup();
    await renderActions();
    const button = await screen.findByRole('button', { name: 'リクエストを取り消す' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'リクエストの取り消し' });
    await user.click(within(dialog).getByRole('button', { name: Msg.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(withdrawCalls()).toHaveLength(0);
  });

  it('alerts the code and message of a refusal (answered meanwhile) and shows the booking again', async () => {
    booking = requestBooking();
    withdrawAnswer = { errcd: ErrCd.generic, errMsg: Msg.requestAlreadyAnswered, status: 409 };
    const user = userEvent.setup();
    await renderActions();
    await user.click(await screen.findByRole('button', { name: 'リクエストを取り消す' }));
    await user.click(screen.getByRole('button', { name: '取り消しを確定する' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(`${ErrCd.generic} ${Msg.requestAlreadyAnswered}`));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.includes('/booking/AA100005'))).toHaveLength(1));
  });

  it('is not offered once answered (仮予約（手配済）, declined), for a card booking, or after the use date', async () => {
    const cases: Booking[] = [
      requestBooking({ status: BookingStatus.tmp, flg_request_rsv: 1, state: 'offered', withdrawable: false }),
      requestBooking({ status: BookingStatus.canceled, state: 'canceled', withdrawable: false }),
      requestBooking({ status: BookingStatus.completed, status_payment: 1, state: 'paid', withdrawable: false }),
      requestBooking({ fromdate: addDays(today, -1), todate: addDays(today, -1), withdrawable: false }),
    ];
    for (const shown of cases) {
      booking = shown;
      await renderActions();
      expect(await screen.findByRole('button', { name: 'ログアウト' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'リクエストを取り消す' })).toBeNull();
      cleanup();
    }
  });
});
