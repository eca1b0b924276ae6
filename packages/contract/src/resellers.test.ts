import { describe, expect, it } from 'vitest';
import { bpToPercent, channelFilter, percentToBp, resellerRequest } from './resellers.ts';

describe('the commission', () => {
  it('reads a percentage with up to 2 decimals as basis points, exactly', () => {
    expect(percentToBp('15')).toBe(1500);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('12.34')).toBe(1234);
    expect(percentToBp('0.01')).toBe(1);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('８．２５％')).toBe(825);
    expect(percentToBp(' 7 % ')).toBe(700);
    for (const bad of ['100.01', '12.345', '-1', '1e2', '', '.5', 'abc', '1,5'])
      expect(percentToBp(bad), bad).toBeNull();
  });

  it('writes basis points back as the clerk typed them', () => {
    expect([0, 1, 10, 825, 1250, 1500, 10_000].map(bpToPercent)).toEqual([
      '0',
      '0.01',
      '0.1',
      '8.25',
      '12.5',
      '15',
      '100',
    ]);
    for (let bp = 0; bp <= 10_000; bp += 37) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });

  it('trims and normalises the name', () => {
    expect(resellerRequest.parse({ name: '  Ｋｌｏｏｋ  Japan ', commission: 10 })).toEqual({
      name: 'Klook Japan',
      commission: 1000,
    });
  });
});

describe('the channel filter', () => {
  it('takes own, a reseller id or nothing', () => {
    for (const ok of ['', 'own', '12']) expect(channelFilter.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['klook', 'own1', '-1', '1234567890'])
      expect(channelFilter.safeParse(bad).success, bad).toBe(false);
  });
});
