import { describe, expect, it } from 'vitest';
import { FixedClock } from '../clock.ts';
import { createMemoryRateLimiter } from './rate-limit.ts';

describe('createMemoryRateLimiter', () => {
  it('counts hits per key in a fixed window and starts over when it ends', async () => {
    const clock = new FixedClock(new Date('2026-05-01T00:00:00Z'));
    const limiter = createMemoryRateLimiter(clock);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await limiter.hit('booking:ip:a', 2, 60));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, false]);
    expect(answers[2]).toMatchObject({ count: 3, retryAfterSeconds: 60 });
    expect((await limiter.hit('booking:ip:b', 2, 60)).allowed).toBe(true);
    clock.advance(45_000);
    expect(await limiter.hit('booking:ip:a', 2, 60)).toMatchObject({ allowed: false, retryAfterSeconds: 15 });
    clock.advance(15_000);
    expect(await limiter.hit('booking:ip:a', 2, 60)).toMatchObject({ allowed: true, count: 1 });
  });

  it('forgets a key on reset, and sweeps ended windows as the map grows', async () => {
    const clock = new FixedClock(new Date('2026-05-01T00:00:00Z'));
    const limiter = createMemoryRateLimiter(clock, 2);
    await limiter.hit('k', 1, 60);
    expect((await limiter.hit('k', 1, 60)).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.hit('k', 1, 60)).allowed).toBe(true);
    await limiter.hit('other', 1, 10);
    clock.advance(61_000);
    // Both windows ended: the third key sweeps them and every key starts over.
    expect((await limiter.hit('third', 1, 60)).count).toBe(1);
    expect((await limiter.hit('k', 1, 60)).count).toBe(1);
  });

  it('counts 100,000 addresses inside one window, each once, without walking them all at every new one', async () => {
    const clock = new FixedClock(new Date('2026-05-01T00:00:00Z'));
    const limiter = createMemoryRateLimiter(clock);
    let first = 0;
    for (let i = 0; i < 100_000; i += 1) if ((await limiter.hit(`booking:ip:${i}`, 5, 3600)).count === 1) first += 1;
    expect(first).toBe(100_000);
    expect((await limiter.hit('booking:ip:7', 5, 3600)).count).toBe(2);
    // Once the window has ended, the next sweep lets them all go: each starts over.
    clock.advance(3_600_000);
    for (let i = 0; i < 100_000; i += 1) await limiter.hit(`other:${i}`, 5, 60);
    expect((await limiter.hit('booking:ip:7', 5, 3600)).count).toBe(1);
  });
});
