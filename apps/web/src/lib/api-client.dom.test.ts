import { ErrCd } from '@tabi/contract/constants';
import { envelope } from '@tabi/contract/envelope';
import { Msg } from '@tabi/contract/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAuthStore } from '../stores/auth-store.ts';
import { ApiError, ApiUnavailableError, apiGet, failureMessage, setApiTransport } from './api-client.ts';

const schema = envelope(z.object({ n: z.number() }));

function answer(status: number, body: unknown) {
  setApiTransport(async () => new Response(JSON.stringify(body), { status }));
}

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((message?: unknown) => {
    alerts.push(String(message));
  });
  useAuthStore.setState({ isLogin: true, sessionId: 's', rsvno: 'AA100001' });
  // Logging out goes to /login; being there already keeps jsdom from a navigation it cannot do.
  window.history.replaceState(null, '', '/login');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('resolves a success to its response', async () => {
    answer(200, { errcd: ErrCd.success, errMsg: '', response: { n: 1 } });
    await expect(apiGet('/x', schema)).resolves.toEqual({ n: 1 });
  });

  it('throws a non-success as an ApiError the screen shows, without alerting', async () => {
    answer(422, { errcd: ErrCd.noStock, errMsg: '満席です', response: null });
    const error = await apiGet('/x', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errcd: ErrCd.noStock, errMsg: '満席です', status: 422 });
    expect(failureMessage(error)).toBe('満席です');
    expect(alerts).toEqual([]);
    expect(useAuthStore.getState().isLogin).toBe(true);
  });

  it('handles a session timeout in one place: alert, log out, nothing left for the screen to say', async () => {
    answer(200, { errcd: ErrCd.sessionTimeout, errMsg: Msg.sessionTimeout, response: null });
    const error = await apiGet('/x', schema).catch((e: unknown) => e);
    expect(error).toMatchObject({ errcd: ErrCd.sessionTimeout });
    expect(failureMessage(error)).toBeNull();
    expect(alerts).toEqual([Msg.sessionTimeout]);
    expect(useAuthStore.getState().isLogin).toBe(false);
  });

  it('handles HTTP 419 and network errors in one place', async () => {
    answer(419, { message: 'CSRF token mismatch.' });
    const csrf = await apiGet('/x', schema).catch((e: unknown) => e);
    expect(csrf).toBeInstanceOf(ApiUnavailableError);
    expect(failureMessage(csrf)).toBeNull();
    expect(alerts).toEqual([Msg.csrfExpired]);

    useAuthStore.setState({ isLogin: true });
    setApiTransport(async () => {
      throw new TypeError('Failed to fetch');
    });
    const network = await apiGet('/x', schema).catch((e: unknown) => e);
    expect(network).toMatchObject({ kind: 'network' });
    expect(alerts).toEqual([Msg.csrfExpired, Msg.networkError]);
    expect(useAuthStore.getState().isLogin).toBe(false);
  });

  it('takes a success without the response its call promises for an unreadable answer', async () => {
    answer(200, { errcd: ErrCd.success, errMsg: '', response: null });
    await expect(apiGet('/x', schema)).rejects.toMatchObject({ kind: 'invalid' });
    answer(200, { errcd: ErrCd.success, errMsg: '', response: null });
    await expect(apiGet('/x', envelope(z.unknown()))).resolves.toBeNull();
  });
});
