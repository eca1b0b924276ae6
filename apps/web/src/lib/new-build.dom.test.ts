import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiServer } from '../test/api-server.ts';
import { reloadForNewBuild } from './new-build.ts';

const NOW = Date.parse('2026-12-01T03:00:00Z');

describe('a script of an older build gone after a deploy', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('loads the page again when the server answers, and not again within the minute', async () => {
    apiServer.use(http.head('*/healthz', () => new HttpResponse(null, { status: 200 })));
    const reload = vi.fn();
    expect(await reloadForNewBuild({ reload, now: NOW })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The new build failed too: the error page stays rather than a page that reloads for ever.
    expect(await reloadForNewBuild({ reload, now: NOW + 59_000 })).toBe(false);
    expect(await reloadForNewBuild({ reload, now: NOW + 61_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps the page when the server does not answer: out of signal, or the server going down', async () => {
    const reload = vi.fn();
    apiServer.use(http.head('*/healthz', () => HttpResponse.error()));
    expect(await reloadForNewBuild({ reload, now: NOW })).toBe(false);
    apiServer.use(http.head('*/healthz', () => new HttpResponse(null, { status: 503 })));
    expect(await reloadForNewBuild({ reload, now: NOW })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
