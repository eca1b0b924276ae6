import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createRoutes } from './router.tsx';

const pages = (routes: RouteObject[]) => routes[0]?.children ?? [];
const at = (routes: RouteObject[], path: string) => pages(routes).find((r) => r.path === path);

describe('the routes’ loaders (prefetch through the query client)', () => {
  it('starts the list’s and the detail’s calls from their loaders, without waiting for them', async () => {
    const prefetch = vi.fn();
    const routes = createRoutes(prefetch);
    const detail = at(routes, '/detail');
    const loader = detail?.loader;
    expect(typeof loader).toBe('function');
    if (typeof loader !== 'function') return;
    const request = new Request('http://localhost/en/detail?opcd=OP0001&usedate=20261210');
    expect(
      await loader({ request, url: new URL(request.url), pattern: '/detail', params: {}, context: undefined }),
    ).toBeNull();
    expect(prefetch).toHaveBeenCalledTimes(1);
    const [pathname, params] = prefetch.mock.calls[0] ?? [];
    expect(pathname).toBe('/en/detail');
    expect((params as URLSearchParams).get('opcd')).toBe('OP0001');
    expect(typeof at(routes, '/')?.loader).toBe('function');
    // Pages whose data is the visitor's own (my page, the purchase steps) have none.
    expect(
      pages(routes)
        .filter((r) => r.loader)
        .map((r) => r.path),
    ).toEqual(['/', '/detail']);
  });

  it('has no loaders for the server’s renderer, which prefetches itself', () => {
    expect(pages(createRoutes()).some((r) => r.loader)).toBe(false);
  });
});
