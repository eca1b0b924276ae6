import { describe, expect, it } from 'vitest';
import { LiveCache } from './live-cache.ts';

function counter() {
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return Promise.resolve(`v${calls}`);
    },
    get calls() {
      return calls;
    },
  };
}

describe('LiveCache', () => {
  it('loads every time until the change feed is live', async () => {
    const cache = new LiveCache<string>(60_000);
    const c = counter();
    expect(await cache.get('OP1', 'm', c.load)).toBe('v1');
    expect(await cache.get('OP1', 'm', c.load)).toBe('v2');
    cache.live(true);
    expect(await cache.get('OP1', 'm', c.load)).toBe('v3');
    expect(await cache.get('OP1', 'm', c.load)).toBe('v3');
    expect(c.calls).toBe(3);
  });

  it('drops only the notified group, everything on "*"', async () => {
    const cache = new LiveCache<string>(60_000);
    cache.live(true);
    const c = counter();
    await cache.get('OP1', 'a', c.load);
    await cache.get('OP1', 'b', c.load);
    await cache.get('OP2', 'a', c.load);
    cache.notify('OP1');
    expect(await cache.get('OP1', 'a', c.load)).toBe('v4');
    expect(await cache.get('OP2', 'a', c.load)).toBe('v3');
    cache.notify('*');
    expect(await cache.get('OP2', 'a', c.load)).toBe('v5');
  });

  it('forgets a load the notification overtook, and stops caching when the feed is lost', async () => {
    const cache = new LiveCache<string>(60_000);
    cache.live(true);
    const release: Array<(value: string) => void> = [];
    const slow = cache.get('OP1', 'm', () => new Promise<string>((resolve) => release.push(resolve)));
    cache.notify('OP1');
    release[0]?.('old');
    expect(await slow).toBe('old');
    const c = counter();
    expect(await cache.get('OP1', 'm', c.load)).toBe('v1');
    cache.live(false);
    expect(await cache.get('OP1', 'm', c.load)).toBe('v2');
    expect(await cache.get('OP1', 'm', c.load)).toBe('v3');
  });

  it('shares one load among concurrent misses and forgets a failed one', async () => {
    const cache = new LiveCache<string>(60_000);
    cache.live(true);
    const c = counter();
    const [a, b] = await Promise.all([cache.get('OP1', 'm', c.load), cache.get('OP1', 'm', c.load)]);
    expect([a, b, c.calls]).toEqual(['v1', 'v1', 1]);
    await expect(cache.get('OP2', 'm', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('OP2', 'm', c.load)).toBe('v2');
  });

  it('bounds the age and the number of entries', async () => {
    const cache = new LiveCache<string>(0, 2);
    cache.live(true);
    const c = counter();
    await cache.get('OP1', 'm', c.load);
    expect(await cache.get('OP1', 'm', c.load)).toBe('v2');
    const small = new LiveCache<string>(60_000, 2);
    small.live(true);
    await small.get('A', 'm', c.load);
    await small.get('B', 'm', c.load);
    await small.get('C', 'm', c.load);
    expect(await small.get('A', 'm', c.load)).toBe('v6');
  });
});
