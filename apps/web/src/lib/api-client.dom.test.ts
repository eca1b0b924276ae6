import { isOptionDetail } from '@tabi/contract/catalog-rules';
import { ErrCd } from '@tabi/contract/constants';
import { defineEndpoints, API as TABLE } from '@tabi/contract/endpoints';
import { envelope } from '@tabi/contract/envelope';
import { Msg } from '@tabi/contract/messages';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAuthStore } from '../stores/auth-store.ts';
import { apiServer, stubApi } from '../test/api-server.ts';
import { API, ApiError, ApiUnavailableError, call, callFile, failureMessage } from './api-client.ts';

const TEST = defineEndpoints('/api', {
  'GET /x': { summary: 'x', response: envelope(z.object({ n: z.number() })) },
  'GET /anything': { summary: 'anything', response: envelope(z.unknown()) },
});
const x = TEST['GET /x'];

function answer(status: number, body: unknown) {
  stubApi(() => new Response(JSON.stringify(body), { status }));
}

/**
 * Answers every call with `body` and writes down the requests as the network received them. The client's own
 * headers are what these tests check, so the requests are kept whole (stubApi's calls have no headers).
 */
function record(body: unknown, headers: Record<string, string> = {}) {
  const sent: { url: URL; method: string; headers: Record<string, string>; body: unknown }[] = [];
  apiServer.use(
    http.all('*', async ({ request }) => {
      const text = request.method === 'GET' ? '' : await request.text();
      sent.push({
        url: new URL(request.url),
        method: request.method,
        headers: Object.fromEntries(request.headers),
        body: text ? JSON.parse(text) : undefined,
      });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200, headers });
    }),
  );
  return sent;
}

/** The path and query a call was sent to. */
const sentTo = (url: URL | undefined) => (url ? `${url.pathname}${url.search}` : undefined);

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((message?: unknown) => {
    alerts.push(String(message));
  });
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  useAuthStore.setState({ isLogin: true, sessionId: 's', rsvno: 'AA100001' });
  // Logging out goes to /login; being there already keeps jsdom from a navigation it cannot do.
  window.history.replaceState(null, '', '/login');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a call named by its entry', () => {
  it('names every entry of SPEC §7 by reference: its key, method, path and prefix, and the entry it loads', async () => {
    for (const entry of Object.values(TABLE)) {
      const ref = API[entry.key];
      expect([ref.key, ref.method, ref.path, ref.prefix]).toEqual([entry.key, entry.method, entry.path, entry.prefix]);
      expect(await ref.load()).toBe(entry);
    }
  });

  it('fills the path parameters (encoded) and the query from the input, and parses with the entry’s schema', async () => {
    const sent = record({
      errcd: ErrCd.success,
      errMsg: '',
      response: {
        valueList: { '20261201': { adultbaika: '1000', middlebaika: '900', childbaika: '500', infantbaika: '0' } },
      },
    });
    const prices = await call(API['GET /price/{opcd}'], {
      params: { opcd: 'A/1 2' },
      query: { usedate: '20261201', adultqty: '2', childqty: '', infantqty: undefined },
    });
    expect(prices.valueList['20261201']?.adultbaika).toBe('1000');
    expect(sent).toHaveLength(1);
    expect(sentTo(sent[0]?.url)).toBe('/api/price/A%2F1%202?usedate=20261201&adultqty=2');
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.headers).toMatchObject({ accept: 'application/json', 'accept-language': 'ja' });
  });

  it('takes an answer the entry’s schema refuses for an unreadable one', async () => {
    record({ errcd: ErrCd.success, errMsg: '', response: { valueList: { '20261201': { adultbaika: 1 } } } });
    const error = await call(API['GET /price/{opcd}'], { params: { opcd: 'A1' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid' });
  });

  it('posts the body with the session and the anti-forgery token, and {} with the session when there is none', async () => {
    const sent = record({ errcd: ErrCd.success, errMsg: '', response: { cancelfee: 100, refund: 900 } });
    await expect(call(API['POST /booking/cancelprice'], { body: { rsvno: 'AA100001' } })).resolves.toEqual({
      cancelfee: 100,
      refund: 900,
    });
    expect(sentTo(sent[0]?.url)).toBe('/api/booking/cancelprice');
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'x-xsrf-token': 'token' });
    expect(sent[0]?.body).toEqual({ session: 's', rsvno: 'AA100001' });

    const bare = record({ errcd: ErrCd.success, errMsg: '', response: { optionList: [] } });
    await expect(call(API['POST /coopon'])).resolves.toEqual({ optionList: [] });
    expect(bare[0]?.body).toEqual({ session: 's' });
  });

  it('sends a session given in the body as it is', async () => {
    const sent = record({ errcd: ErrCd.success, errMsg: '', response: null });
    await expect(call(API['POST /mylogout'], { body: { session: 'other' } })).resolves.toBeNull();
    expect(sent[0]?.body).toEqual({ session: 'other' });
  });

  it('answers a package code with its summary, which the entry describes beside the detail', async () => {
    record({ errcd: ErrCd.success, errMsg: '', response: { travelkubun: 1, rentalcd: '', webname: 'Pkg ほか' } });
    const answered = await call(API['GET /option/{code}'], { params: { code: 'PK1' } });
    expect(answered.webname).toBe('Pkg ほか');
    expect(isOptionDetail(answered)).toBe(false);
  });

  it('answers a file entry with its file, and a refusal of one as every call’s', async () => {
    const pdf = '%PDF-1.4';
    const sent = record(pdf, { 'content-type': 'application/pdf' });
    const file = await callFile(API['POST /booking/receipt'], { body: { rsvno: 'AA100001', kind: 'payment' } });
    expect(file.size).toBe(pdf.length);
    expect(sentTo(sent[0]?.url)).toBe('/api/booking/receipt');
    expect(sent[0]?.headers).toMatchObject({ accept: 'application/pdf, application/json' });
    expect(sent[0]?.body).toEqual({ session: 's', rsvno: 'AA100001', kind: 'payment' });

    answer(422, { errcd: ErrCd.generic, errMsg: '発行できません', response: null });
    const error = await callFile(API['POST /booking/receipt'], { body: { rsvno: 'AA100001', kind: 'payment' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ errcd: ErrCd.generic, errMsg: '発行できません', status: 422 });
  });

  it('is typed by the entry: its key, its parameters and its body', () => {
    // Never called: the checks are the compiler's (npm run typecheck).
    const typed = () => {
      // @ts-expect-error not an entry of SPEC §7
      void call(API['POST /bookings']);
      // @ts-expect-error the entry's path has a parameter
      void call(API['GET /option/{code}']);
      // @ts-expect-error refund is a string in SPEC §7
      void call(API['POST /booking/cancel'], { body: { rsvno: 'AA100001', refund: 100 } });
      // @ts-expect-error a GET has no body
      void call(API['GET /nationality'], { body: {} });
      // @ts-expect-error a file entry is not answered with JSON
      void call(API['POST /booking/receipt'], { body: { rsvno: 'AA100001', kind: 'payment' } });
      // The session is the client's to add; the answer is the entry's response.
      return call(API['POST /booking/cancelprice'], { body: { rsvno: 'AA100001' } }).then((p): number => p.refund);
    };
    expect(typed).toBeTypeOf('function');
  });
});

describe('SPEC §8’s handling', () => {
  it('resolves a success to its response', async () => {
    answer(200, { errcd: ErrCd.success, errMsg: '', response: { n: 1 } });
    await expect(call(x)).resolves.toEqual({ n: 1 });
  });

  it('throws a non-success as an ApiError the screen shows, without alerting', async () => {
    answer(422, { errcd: ErrCd.noStock, errMsg: '満席です', response: null });
    const error = await call(x).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errcd: ErrCd.noStock, errMsg: '満席です', status: 422 });
    expect(failureMessage(error)).toBe('満席です');
    expect(alerts).toEqual([]);
    expect(useAuthStore.getState().isLogin).toBe(true);
  });

  it('handles a session timeout in one place: alert, log out, nothing left for the screen to say', async () => {
    answer(200, { errcd: ErrCd.sessionTimeout, errMsg: Msg.sessionTimeout, response: null });
    const error = await call(x).catch((e: unknown) => e);
    expect(error).toMatchObject({ errcd: ErrCd.sessionTimeout });
    expect(failureMessage(error)).toBeNull();
    expect(alerts).toEqual([Msg.sessionTimeout]);
    expect(useAuthStore.getState().isLogin).toBe(false);
  });

  it('handles HTTP 419 and network errors in one place', async () => {
    answer(419, { message: 'CSRF token mismatch.' });
    const csrf = await call(x).catch((e: unknown) => e);
    expect(csrf).toBeInstanceOf(ApiUnavailableError);
    expect(failureMessage(csrf)).toBeNull();
    expect(alerts).toEqual([Msg.csrfExpired]);

    useAuthStore.setState({ isLogin: true });
    // A connection lost: fetch itself fails, as it does in a browser.
    stubApi(() => Response.error());
    const network = await call(x).catch((e: unknown) => e);
    expect(network).toMatchObject({ kind: 'network' });
    expect(alerts).toEqual([Msg.csrfExpired, Msg.networkError]);
    expect(useAuthStore.getState().isLogin).toBe(false);
  });

  it('takes a success without the response its call promises for an unreadable answer', async () => {
    answer(200, { errcd: ErrCd.success, errMsg: '', response: null });
    await expect(call(x)).rejects.toMatchObject({ kind: 'invalid' });
    answer(200, { errcd: ErrCd.success, errMsg: '', response: null });
    await expect(call(TEST['GET /anything'])).resolves.toBeNull();
  });
});
