import type { Booking } from '@tabi/contract/booking';
import { ExternalCode } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { stubApi } from '../../../test/api-server.ts';
import { expectNoSeriousA11yIssues } from '../../../test/axe.ts';
import { bookingFixture } from '../../../test/booking-fixture.ts';
import { BookingPage } from './booking-page.tsx';

/** My page of `booking`, answered as the API answers it: the booking, and the summary of its option. */
async function openMyPage(booking: Booking): Promise<void> {
  useAuthStore.setState({ isLogin: true, sessionId: 'session', rsvno: booking.rsvno });
  stubApi(({ url }) => {
    if (url.pathname.startsWith('/api/booking/')) return booking;
    if (url.pathname.startsWith('/api/option/'))
      return { travelkubun: 1, rentalcd: '', webname: booking.optionList[0]?.webname };
    throw new Error(`unexpected call ${url}`);
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/mypage']}>
        <BookingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(await screen.findByText(booking.rsvno, { exact: true })).toBeTruthy();
}

const status = () => screen.getByTestId('booking-status');

afterEach(() => cleanup());

describe('my page says what a booking is and what its customer may do', () => {
  it.each([
    [Msg.statusUnpaid, bookingFixture({ rsvno: 'AA100002', state: 'unpaid', status_payment: 0 }), 1],
    [
      Msg.statusCanceled,
      bookingFixture({ rsvno: 'AA100003', state: 'canceled', status: 4, cancellable: false, cancelfee: 0, refund: 0 }),
      0,
    ],
    [
      Msg.statusRequested,
      bookingFixture({
        rsvno: 'AA100005',
        state: 'requested',
        status: 0,
        status_payment: 0,
        flg_request_rsv: 1,
        cancellable: false,
      }),
      0,
    ],
  ])(
    '%s: the state, no 決済する, キャンセルする only when it may be cancelled, and the conditions',
    async (label, booking, cancel) => {
      await openMyPage(booking);
      expect(status().textContent).toContain(label);
      expect(screen.queryByRole('button', { name: '決済する' })).toBeNull();
      expect(screen.queryAllByRole('button', { name: 'キャンセルする' })).toHaveLength(cancel);
      expect(screen.getByRole('button', { name: '旅行条件書・同意書' })).toBeTruthy();
      await expectNoSeriousA11yIssues();
    },
  );

  it('the conditions button opens the consent documents, and 閉じる closes them', async () => {
    await openMyPage(bookingFixture());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '旅行条件書・同意書' }));
    const dialog = screen.getByRole('dialog', { name: '旅行条件書・同意書' });
    expect(
      within(dialog)
        .getByRole('link', { name: /旅行条件書/ })
        .getAttribute('href'),
    ).toMatch(/\.pdf$/);
    expect(
      within(dialog)
        .getByRole('link', { name: /個人情報/ })
        .getAttribute('href'),
    ).toMatch(/\.pdf$/);
    await expectNoSeriousA11yIssues();
    await user.click(within(dialog).getByRole('button', { name: Msg.close }));
    expect(screen.queryByRole('dialog', { name: '旅行条件書・同意書' })).toBeNull();
  });
});

describe('my page shows the tickets an option comes with', () => {
  it('JR: the 11-digit issue number, the 4-digit confirmation number and the issue method', async () => {
    await openMyPage(
      bookingFixture(
        { rsvno: 'AA100006' },
        {
          ex_cd: ExternalCode.jr,
          ex_rsvno: '12345678901',
          ex_confirmno: '4321',
          ex_issue_method: '駅の指定席券売機で受け取り',
        },
      ),
    );
    expect(status().textContent).toContain(Msg.statusPaid);
    expect(screen.getByTestId('jr-issue-number').textContent).toMatch(/^\d{11}$/);
    expect(screen.getByTestId('jr-confirm-number').textContent).toMatch(/^\d{4}$/);
    expect(screen.getByText('発券方法')).toBeTruthy();
    expect(screen.getByText('駅の指定席券売機で受け取り')).toBeTruthy();
  });

  it('DJ: the coupon login number and its URL, with the use-day note', async () => {
    await openMyPage(
      bookingFixture(
        { rsvno: 'AA100007' },
        { ex_cd: ExternalCode.dj, ex_rsvno: 'DJ-20261210-0007', ex_url: 'https://coupon.example.jp/login' },
      ),
    );
    expect(screen.getByTestId('dj-login-number').textContent).toBe('DJ-20261210-0007');
    expect(screen.getByRole('link', { name: 'https://coupon.example.jp/login' })).toBeTruthy();
    expect(screen.getByText(/ご利用当日に操作してください/)).toBeTruthy();
  });

  it('Linktivity: the ticket waits for the start day', async () => {
    await openMyPage(
      bookingFixture(
        { rsvno: 'AA100008' },
        { ex_cd: ExternalCode.linktivity, ticket_url: 'https://ticket.example.jp/t/AA100008' },
      ),
    );
    const ticket = screen.getByRole('button', { name: '旅行開始日からチケットが表示されます' });
    expect((ticket as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'チケットを表示する' })).toBeNull();
    await expectNoSeriousA11yIssues();
  });

  it('the accordion opens the itinerary, the facility and the cancellation rules', async () => {
    await openMyPage(bookingFixture({ rsvno: 'AA100006' }));
    const user = userEvent.setup();
    for (const name of ['行程詳細', '施設情報', 'キャンセル規定']) {
      const summary = screen.getAllByText(name, { selector: 'summary, summary *' })[0];
      if (!summary) throw new Error(`no ${name}`);
      await user.click(summary);
      expect(summary.closest('details')?.open).toBe(true);
    }
    expect(screen.getAllByText('営業時間').length).toBeGreaterThan(0);
  });
});
