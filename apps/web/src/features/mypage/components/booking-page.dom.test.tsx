import type { Booking } from '@tabi/contract/booking';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { stubApi } from '../../../test/api-server.ts';
import { rentalBookingFixture } from '../../../test/booking-fixture.ts';
import { BookingPage } from './booking-page.tsx';

const rentalBooking = (startIn: number) => rentalBookingFixture(startIn);

let booking: Booking;
beforeEach(() => {
  useAuthStore.setState({ isLogin: true, sessionId: 'session', rsvno: 'AA100009' });
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  stubApi(({ url }) => {
    if (url.pathname.includes('/booking/')) return booking;
    if (url.pathname.includes('/option/'))
      return { travelkubun: 1, rentalcd: '1', webname: booking.optionList[0]?.webname };
    throw new Error(`unexpected call ${url}`);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/mypage']}>
        <BookingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('my page of a rental booking', () => {
  it('shows each participant’s rental and sizes right after booking, read only, and when they can be changed', async () => {
    booking = rentalBooking(5);
    renderPage();
    const section = await screen.findByRole('region', { name: 'レンタル' });
    const people = within(section).getAllByRole('listitem');
    expect(people.map((p) => p.textContent)).toEqual([
      expect.stringMatching(/参加者1小林 亮レンタルスキーブーツ26\.5cmウェアL/),
      expect.stringMatching(/参加者2小林 優奈レンタルスノーボードブーツ23\.5cmウェアS/),
    ]);
    expect(within(section).queryByRole('combobox')).toBeNull();
    // SPEC §2: the change link only from the day after the start date; until then the section says so.
    expect(within(section).getByText(/サイズの変更は、ご利用開始日の翌日から/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'レンタル詳細・変更' })).toBeNull();
  });

  it('keeps SPEC §2’s change link once a day has passed since the start date', async () => {
    booking = rentalBooking(-2);
    renderPage();
    expect(await screen.findByRole('link', { name: 'レンタル詳細・変更' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'レンタル' });
    expect(within(section).getByText('26.5cm')).toBeTruthy();
    expect(within(section).queryByText(/サイズの変更は/)).toBeNull();
  });
});

describe('my page after a cancellation', () => {
  it('shows the fee and the refund beside the total the booking was made for', async () => {
    booking = {
      ...rentalBooking(5),
      status: 4,
      state: 'canceled',
      cancellable: false,
      cancelfee: 7080,
      refund: 16_520,
    };
    renderPage();
    const cost = await screen.findByRole('region', { name: '料金' });
    expect(within(cost).getByRole('rowheader', { name: 'ご予約時の合計' })).toBeTruthy();
    expect(within(cost).getByTestId('booking-total').textContent).toBe('￥23,600');
    const fees = within(cost).getByRole('table', { name: 'キャンセル料金' });
    expect(within(fees).getByRole('row', { name: /キャンセル料/ }).textContent).toContain('￥7,080');
    expect(within(fees).getByRole('row', { name: /ご返金額/ }).textContent).toContain('￥16,520');
    expect(within(cost).getByText(/カード会社を通じて/)).toBeTruthy();
    expect(screen.getByText('キャンセル済み')).toBeTruthy();
  });

  it('says there was nothing to charge or give back for a booking never paid', async () => {
    booking = {
      ...rentalBooking(5),
      status: 4,
      status_payment: 0,
      state: 'canceled',
      cancellable: false,
      cancelfee: 0,
      refund: 0,
    };
    renderPage();
    const cost = await screen.findByRole('region', { name: '料金' });
    expect(within(cost).getByText('お支払いがなかったため、キャンセル料・ご返金はありません。')).toBeTruthy();
    expect(within(cost).queryByRole('table', { name: 'キャンセル料金' })).toBeNull();
  });

  it('shows nothing of the kind for a live booking, nor for a server that sends no fee', async () => {
    booking = rentalBooking(5);
    renderPage();
    const cost = await screen.findByRole('region', { name: '料金' });
    expect(within(cost).getByRole('rowheader', { name: '合計' })).toBeTruthy();
    expect(within(cost).queryByRole('table', { name: 'キャンセル料金' })).toBeNull();
  });
});
