import { Msg } from '@tabi/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResendMailDialog } from './booking-dialogs/resend-dialog.tsx';

const paidMail = {
  id: 41,
  kind: 'booking_paid',
  to: 'taro.yamada@example.jp',
  subject: '【さくらトラベル】ご予約とお支払いが完了しました（予約番号：AA100001）',
};

let statusLabel: string;
let answers: { status: number; errMsg: string }[];
let posts: number;
beforeEach(() => {
  posts = 0;
  answers = [];
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts += 1;
        const answer = answers.shift() ?? { status: 200, errMsg: '' };
        const ok = answer.status === 200;
        return new Response(
          JSON.stringify({ errcd: ok ? '000' : '999', errMsg: answer.errMsg, response: ok ? { ok: true } : null }),
          { status: answer.status },
        );
      }
      // 予約詳細 of the booking: only its state matters here (the dialog reads nothing else of it).
      if (input.includes('/api/admin/bookings/AA100001')) {
        return new Response(JSON.stringify({ errcd: '000', errMsg: '', response: detail() }));
      }
      throw new Error(`unexpected call ${input}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** 予約詳細 as far as the dialog reads it: the booking's state and its label (the whole answer is long). */
function detail() {
  const canceled = statusLabel === Msg.statusCanceled;
  const booking = {
    status: canceled ? 4 : 1,
    status_payment: 1,
    state: canceled ? 'canceled' : 'paid',
    rsvdate: '2026-11-20T10:00:00+09:00',
    servertime: '2026-11-21T12:00:00+09:00',
  };
  return { statusLabel, booking };
}

// The detail hook without the contract's parse of the whole answer, so that the stub above is enough.
vi.mock('../lib/booking-api.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/booking-api.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...actual,
    useBookingDetail: (rsvno: string, enabled = true) =>
      useQuery({
        queryKey: ['admin', 'booking', rsvno],
        enabled,
        queryFn: async () => (await (await fetch(`/api/admin/bookings/${rsvno}`)).json()).response,
      }),
  };
});

function open(done: (message: string) => void = () => {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ResendMailDialog rsvno="AA100001" mail={paidMail} open onClose={() => {}} onDone={done} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'メールを再送する' });
}

describe('再送 of a mail', () => {
  it('says what the mail tells the customer and warns that the booking is now canceled', async () => {
    statusLabel = Msg.statusCanceled;
    const dialog = open();
    expect(within(dialog).getByText('ご予約とお支払いが完了し、予約が確定したこと')).toBeTruthy();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('この予約は現在キャンセル済みです。');
    expect(alert.textContent).toContain('お客様が予約は有効だと誤解するおそれがあります');
    expect(within(dialog).getByText(Msg.statusCanceled)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'それでも再送する' })).toBeTruthy();
  });

  it('gives no warning for a booking that stands, and shows the server’s refusal of a resend still queued', async () => {
    statusLabel = Msg.statusPaid;
    answers = [{ status: 409, errMsg: Msg.mailResendQueued }];
    const dialog = open();
    await within(dialog).findByText(Msg.statusPaid);
    expect(within(dialog).queryByText(/誤解するおそれ/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '再送する' }));
    expect(await within(dialog).findByText(Msg.mailResendQueued)).toBeTruthy();
    expect(posts).toBe(1);
  });
});
