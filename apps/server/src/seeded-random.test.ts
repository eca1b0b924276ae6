import { describe, expect, it } from 'vitest';
import { hashText, seededRandom, unitOf } from './seeded-random.ts';

describe('seeded random (demo stock and pictures)', () => {
  it('hashes with 32-bit FNV-1a', () => {
    expect(hashText('')).toBe(0x811c9dc5);
    expect(hashText('a')).toBe(0xe40c292c);
    expect(hashText('foobar')).toBe(0xbf9cf968);
  });

  it('gives the same sequence for the same seed, in [0, 1)', () => {
    const a = seededRandom(hashText('OP0001-1'));
    const b = seededRandom(hashText('OP0001-1'));
    const values = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBe(100);
  });

  it('a unit of a text is the first number of its sequence', () => {
    expect(unitOf('OP0014|20261121')).toBe(seededRandom(hashText('OP0014|20261121'))());
    expect(unitOf('x')).not.toBe(unitOf('y'));
  });
});
