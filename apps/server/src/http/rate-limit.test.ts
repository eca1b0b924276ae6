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
});
