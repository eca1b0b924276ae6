/** My page of a booking whose konbini slip waits to be paid at the store (ADR 0213). */
import type { Booking, KonbiniSlip } from '@tabi/contract/booking';
import { BookingStatus, CheckoutResult } from '@tabi/contract/constants';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { stubApi } from '../../../test/api-server.ts';
import { bookingFixture } from '../../../test/booking-fixture.ts';
import { otherLanguageTexts } from '../../../test/other-language.ts';
import { renderPages } from '../../../test/render-pages.tsx';
import { BookingPage } from './booking-page.tsx';

const slip: KonbiniSlip = {
  codes: [
    { store: 'familymart', payment_code: '123456789012', confirmation_number: null },
    { store: 'lawson', payment_code: 'LW-2345-6789', confirmation_number: '0123456789' },
    { store: 'ministop', payment_code: 'LW-2345-6789', confirmation_number: '0123456789' },
    { store: 'seicomart', payment_code: '9876543210', confirmation_number: null },
  ],
  expires_at: '2026-12-02T23:59:59+09:00',
  voucher_url: 'https://payments.stripe.com/konbini/voucher/test_123',
};

const awaitingBooking = (changes: Partial<Booking> = {}): Booking =>
  bookingFixture({
    status: BookingStatus.tmp,
    status_payment: 0,
    state: 'awaiting',
    awaiting_konbini: true,
    konbini: slip,
    payment_deadline_date: slip.expires_at,
    payable: false,
    card_payable: false,
    cancellable: true,
    ...changes,
  });

let booking: Booking;
beforeAll(() => loadMessages('en'));
beforeEach(() => {
  useAuthStore.setState({ isLogin: true, sessionId: 'session', rsvno: 'AA100001' });
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  stubApi(({ url }) => {
    if (url.pathname.includes('/booking/cancelprice')) return { cancelfee: 0, refund: 0 };
    if (url.pathname.includes('/booking/')) return booking;
    if (url.pathname.includes('/option/'))
      return { travelkubun: 1, rentalcd: '', webname: booking.optionList[0]?.webname };
    throw new Error(`unexpected call ${url}`);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Each store's name with the numbers shown under it, as the customer reads them. */
function storeRows(section: HTMLElement) {
  return within(section)
    .getAllByRole('listitem')
    .map((item) => ({
      store: within(item).getByRole('heading', { level: 3 }).textContent,
      numbers: within(item)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
      labels: within(item)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    }));
}

describe('my page of a booking awaiting its konbini payment', () => {
  it('in Japanese: the badge, and the slip above the basic info with its deadline, numbers and voucher', async () => {
    booking = awaitingBooking();
    renderPages('/mypage', { '/mypage': <BookingPage /> });
    const section = await screen.findByRole('region', { name: 'コンビニでのお支払い' });
    expect(section.dataset.testid).toBe('konbini-slip');
    expect(screen.getByTestId('booking-status').textContent).toBe('ステータス：お支払い待ち（コンビニ）');
    // It comes before the basic info: it is what the customer must act on.
    const basic = screen.getByRole('region', { name: '基本情報' });
    expect(section.compareDocumentPosition(basic) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // The deadline in Tokyo time (the tests run in UTC).
    expect(within(section).getByTestId('konbini-deadline').textContent).toBe('2026/12/02 23:59');
    expect(within(section).getByText('お支払い期限')).toBeTruthy();
    expect(storeRows(section)).toEqual([
      { store: 'ファミリーマート', labels: ['お支払い番号'], numbers: ['123456789012'] },
      { store: 'ローソン', labels: ['お支払い番号', '確認番号'], numbers: ['LW-2345-6789', '0123456789'] },
      { store: 'ミニストップ', labels: ['お支払い番号', '確認番号'], numbers: ['LW-2345-6789', '0123456789'] },
      { store: 'セイコーマート', labels: ['お支払い番号'], numbers: ['9876543210'] },
    ]);
    const voucher = within(section).getByRole('link', { name: '払込票を表示' });
    expect(voucher.getAttribute('href')).toBe(slip.voucher_url);
    expect(voucher.getAttribute('target')).toBe('_blank');
    expect(voucher.getAttribute('rel')).toContain('noopener');
    expect(within(section).getByText('店頭のレジまたは端末でお支払い番号と確認番号をお伝えください。')).toBeTruthy();
    expect(within(section).getByText('お支払い期限を過ぎますと、ご予約は自動的に取り消されます。')).toBeTruthy();

    // Nothing to pay here: the slip is paid at the store.
    expect(screen.queryByRole('button', { name: '決済する' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'お支払い手続きへ進む' })).toBeNull();
  });

  it('in English: the same slip in English, the deadline still in Tokyo time', async () => {
    booking = awaitingBooking();
    renderPages('/mypage', { '/mypage': <BookingPage /> }, 'en');
    const section = await screen.findByRole('region', { name: 'Paying at a convenience store' });
    expect(screen.getByTestId('booking-status').textContent).toContain('Awaiting payment at a convenience store');
    expect(within(section).getByTestId('konbini-deadline').textContent).toBe('2 Dec 2026, 23:59');
    expect(storeRows(section)).toEqual([
      { store: 'FamilyMart', labels: ['Payment number'], numbers: ['123456789012'] },
      { store: 'Lawson', labels: ['Payment number', 'Confirmation number'], numbers: ['LW-2345-6789', '0123456789'] },
      { store: 'Ministop', labels: ['Payment number', 'Confirmation number'], numbers: ['LW-2345-6789', '0123456789'] },
      { store: 'Seicomart', labels: ['Payment number'], numbers: ['9876543210'] },
    ]);
    expect(within(section).getByRole('link', { name: 'Show the payment slip' }).getAttribute('href')).toBe(
      slip.voucher_url,
    );
    expect(otherLanguageTexts('en', section)).toEqual([]);
  });

  it('shows no voucher link when the provider has no page of the slip', async () => {
    booking = awaitingBooking({ konbini: { ...slip, voucher_url: null } });
    renderPages('/mypage', { '/mypage': <BookingPage /> });
    const section = await screen.findByRole('region', { name: 'コンビニでのお支払い' });
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('cancels for nothing: the dialog shows a fee and a refund of ￥0 and no card refund note', async () => {
    booking = awaitingBooking();
    renderPages('/mypage', { '/mypage': <BookingPage /> });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'キャンセルする' }));
    const dialog = await screen.findByRole('dialog', { name: '予約のキャンセル' });
    expect((await within(dialog).findByTestId('cancel-fee')).textContent).toBe('￥0');
    expect(within(dialog).getByTestId('cancel-refund').textContent).toBe('￥0');
    expect(within(dialog).queryByText(/クレジットカードへ/)).toBeNull();
  });

  it('back from a checkout that issued the slip, says the number was issued, not that the payment is complete', async () => {
    booking = awaitingBooking();
    renderPages(`/mypage?checkout-processing=${CheckoutResult.success}`, { '/mypage': <BookingPage /> });
    const dialog = await screen.findByRole('dialog', { name: 'お支払い番号を発行しました' });
    expect(within(dialog).getByText(/お支払い期限までにコンビニエンスストアでお支払いください/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '決済が完了しました' })).toBeNull();
  });

  it('shows no slip for a paid booking', async () => {
    booking = bookingFixture();
    renderPages('/mypage', { '/mypage': <BookingPage /> });
    await screen.findByRole('region', { name: '基本情報' });
    expect(screen.queryByTestId('konbini-slip')).toBeNull();
  });
});
