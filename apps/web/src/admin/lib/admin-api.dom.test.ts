import { CONSOLE } from '@tabi/contract/console-endpoints';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { adminCall, adminFile, adminUrl, signedOut } from './admin-api.ts';

let sent: { url: string; init: RequestInit }[];
let reply: () => Response;

const ok = (response: unknown) => () => new Response(JSON.stringify({ errcd: ErrCd.success, errMsg: '', response }));

beforeEach(() => {
  sent = [];
  reply = ok({ ok: true });
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  useAuthStore.setState({ isLogin: true, sessionId: 'customer-session', rsvno: 'AA100001' });
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return reply();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the console's calls, named by their entries", () => {
  it('fill the path parameters and the query from the input, with the staff cookie', async () => {
    reply = ok({ opcd: 'OP1', photos: [] });
    await adminCall(CONSOLE['POST /options/{opcd}/photos/{id}/move'], {
      params: { opcd: 'OP 1', id: 7 },
      body: { direction: 'up' },
    });
    expect(sent[0]?.url).toBe('/api/admin/options/OP%201/photos/7/move');
    expect(sent[0]?.init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(sent[0]?.init.headers).toMatchObject({ 'content-type': 'application/json', 'x-xsrf-token': 'token' });
    // The customer's session is never the staff's.
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ direction: 'up' });

    expect(adminUrl(CONSOLE['GET /bookings.csv'], { query: { rsvno: 'AA1', usefrom: '', page: undefined } })).toBe(
      '/api/admin/bookings.csv?rsvno=AA1',
    );
  });

  it('send a form as it is, and a POST without a body as {}', async () => {
    reply = ok({ opcd: 'OP1', photos: [] });
    const form = new FormData();
    await adminCall(CONSOLE['POST /options/{opcd}/photos'], { params: { opcd: 'OP1' }, body: form });
    expect(sent[0]?.init.body).toBe(form);
    expect(sent[0]?.init.headers).not.toHaveProperty('content-type');

    reply = ok({ ok: true });
    await adminCall(CONSOLE['POST /logout']);
    expect(sent[1]?.init.body).toBe('{}');
  });

  it('throw every failure as an ApiError for the screen, without alerting or logging the customer out', async () => {
    reply = () => new Response(JSON.stringify({ errcd: ErrCd.sessionTimeout, errMsg: Msg.sessionTimeout }));
    const expired = await adminCall(CONSOLE['GET /me']).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(ApiError);
    expect(signedOut(expired)).toBe(true);

    reply = () => new Response('{}', { status: 419 });
    await expect(adminCall(CONSOLE['GET /me'])).rejects.toMatchObject({ errMsg: Msg.csrfExpired, status: 419 });

    reply = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(adminCall(CONSOLE['GET /me'])).rejects.toMatchObject({ errMsg: Msg.networkError, status: 0 });

    reply = ok({ unexpected: true });
    await expect(adminCall(CONSOLE['GET /me'])).rejects.toMatchObject({ errMsg: Msg.unexpected });

    expect(window.alert).not.toHaveBeenCalled();
    expect(useAuthStore.getState().isLogin).toBe(true);
  });

  it('answer a file entry with its file, and its refusal as an ApiError', async () => {
    reply = () => new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
    const pdf = await adminFile(CONSOLE['POST /bookings/{rsvno}/receipt'], {
      params: { rsvno: 'AA100001' },
      body: { kind: 'payment' },
    });
    expect(pdf.size).toBe(8);
    expect(sent[0]?.url).toBe('/api/admin/bookings/AA100001/receipt');
    expect(sent[0]?.init.headers).toMatchObject({ accept: 'application/pdf, application/json' });

    reply = () => new Response(JSON.stringify({ errcd: '999', errMsg: '発行できません' }), { status: 422 });
    await expect(
      adminFile(CONSOLE['POST /bookings/{rsvno}/receipt'], {
        params: { rsvno: 'AA100001' },
        body: { kind: 'payment' },
      }),
    ).rejects.toMatchObject({ errcd: '999', errMsg: '発行できません', status: 422 });
  });

  it('are typed by the entry', () => {
    const typed = () => {
      // @ts-expect-error not an entry of the console
      void adminCall(CONSOLE['GET /bookingz']);
      // @ts-expect-error 予約詳細 needs its rsvno
      void adminCall(CONSOLE['GET /bookings/{rsvno}']);
      // @ts-expect-error the note is a string
      void adminCall(CONSOLE['POST /bookings/{rsvno}/note'], { params: { rsvno: 'AA1' }, body: { note: 1 } });
      return adminCall(CONSOLE['GET /me']).then((me): string => me.mail);
    };
    expect(typed).toBeTypeOf('function');
  });
});
