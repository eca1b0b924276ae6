import { describe, expect, it } from 'vitest';
import { poolConfig } from './client.ts';

describe('poolConfig', () => {
  it('turns JIT off on every connection of the pool', () => {
    expect(poolConfig('postgres://app@db.example:5433/tabi', 20)).toMatchObject({
      host: 'db.example',
      port: 5433,
      user: 'app',
      database: 'tabi',
      options: '-c jit=off',
      max: 20,
    });
  });

  it('keeps the options the URL gives', () => {
    const url = `postgres://app@db.example/tabi?options=${encodeURIComponent('-c statement_timeout=5000')}`;
    expect(poolConfig(url, 5).options).toBe('-c statement_timeout=5000 -c jit=off');
  });
});
