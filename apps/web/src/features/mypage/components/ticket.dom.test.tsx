/**
 * チケット on my page (ADR 0212, 0214): the QR code of a paid booking, the A4 PDF to print saved from the server's
 * answer, and 「Apple Wallet に追加」 only where the booking answer says the site signs passes.
 */
import type { Booking } from '@tabi/contract/booking';
import { ErrCd } from '@tabi/contract/constants';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { type ApiCall, stubApi } from '../../../test/api-server.ts';
import { expectNoSeriousA11yIssues } from '../../../test/axe.ts';
import { bookingFixture } from '../../../test/booking-fixture.ts';
import { renderPages } from '../../../test/render-pages.tsx';
import { Ticket } from './ticket.tsx';

/** The links the page opened (the browser leaves for the pass; jsdom does not navigate). */
const opened = vi.hoisted(() => [] as string[]);
vi.mock('../api/ticket-files.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/ticket-files.ts')>()),
  openWalletPass: (url: string) => opened.push(url),
}));

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h7v7H4z"/></svg>';
const paid = (wallet?: boolean): Booking =>
  bookingFixture({
    state: 'paid',
    ticket: { code: 'TB1.token', qr_svg: QR, ...(wallet === undefined ? {} : { wallet }) },
  });

let calls: ApiCall[] = [];
/** The names the page saved files under (the temporary link's `download`). */
let saved: string[] = [];

beforeAll(() => loadMessages('en'));
beforeEach(() => {
  calls = [];
  saved = [];
  opened.length = 0;
  useAuthStore.setState({ isLogin: true, sessionId: 'session', rsvno: 'AA100001' });
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  Object.assign(URL, { createObjectURL: () => 'blob:ticket', revokeObjectURL: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function answer(respond: (call: ApiCall) => unknown) {
  stubApi((call) => {
    calls.push(call);
    return respond(call);
  });
}

describe('the ticket section of my page', () => {
  it('shows the QR code and saves the ticket as a PDF from 「チケットを印刷（PDF）」; no Wallet button by default', async () => {
    answer(() => new HttpResponse('%PDF-1.7 ticket', { headers: { 'content-type': 'application/pdf' } }));
    renderPages('/mypage', { '/mypage': <Ticket booking={paid()} /> });
    const section = screen.getByRole('region', { name: 'チケット' });
    expect(screen.getByRole('img', { name: 'ご予約AA100001のチケット（QRコード）' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apple Wallet に追加' })).toBeNull();
    const print = screen.getByRole('button', { name: 'チケットを印刷（PDF）' });
    expect(print.getAttribute('aria-describedby')).toBe('ticket-print-hint');
    await expectNoSeriousA11yIssues(section);

    await userEvent.click(print);
    await waitFor(() =>
      expect(screen.getByTestId('ticket-saved').textContent).toBe('チケット（PDF）をダウンロードしました。'),
    );
    expect(saved).toEqual(['ticket-AA100001.pdf']);
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/api/booking/ticket', { session: 'session', rsvno: 'AA100001' }],
    ]);
  });

  it('says the server’s refusal when the ticket cannot be had', async () => {
    answer(() =>
      HttpResponse.json(
        { errcd: ErrCd.generic, errMsg: 'ご指定のページまたはデータが見つかりません。', response: null },
        { status: 404 },
      ),
    );
    renderPages('/mypage', { '/mypage': <Ticket booking={paid(false)} /> });
    await userEvent.click(screen.getByRole('button', { name: 'チケットを印刷（PDF）' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ご指定のページまたはデータが見つかりません。');
    expect(saved).toEqual([]);
  });

  it('offers 「Apple Wallet に追加」 when the booking says the site signs passes, and asks for its link', async () => {
    answer(() => ({ url: '/wallet/AA100001.1893456000.abcdefghijklmnopqrstuv.pkpass' }));
    renderPages('/mypage', { '/mypage': <Ticket booking={paid(true)} /> });
    await userEvent.click(screen.getByRole('button', { name: 'Apple Wallet に追加' }));
    await waitFor(() =>
      expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
        ['POST', '/api/booking/ticket/wallet', { session: 'session', rsvno: 'AA100001' }],
      ]),
    );
    await waitFor(() => expect(opened).toEqual(['/wallet/AA100001.1893456000.abcdefghijklmnopqrstuv.pkpass']));
  });

  it('in English', async () => {
    renderPages('/mypage', { '/mypage': <Ticket booking={paid(true)} /> }, 'en');
    expect(screen.getByRole('button', { name: 'Print ticket (PDF)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to Apple Wallet' })).toBeTruthy();
  });

  it('is not shown for a booking without a ticket', () => {
    renderPages('/mypage', { '/mypage': <Ticket booking={bookingFixture({ state: 'unpaid' })} /> });
    expect(screen.queryByRole('region', { name: 'チケット' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'チケットを印刷（PDF）' })).toBeNull();
  });
});
