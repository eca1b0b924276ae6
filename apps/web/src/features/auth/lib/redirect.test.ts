import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/coopon')).toBe('/coopon');
    expect(safeRedirect('/coopon/OP0011/PK0001#use-coopon')).toBe('/coopon/OP0011/PK0001#use-coopon');
    expect(safeRedirect('/mypage?checkout-processing=0')).toBe('/mypage?checkout-processing=0');
  });

  it('falls back to my page for anything else', () => {
    for (const bad of [null, '', 'mypage', '//evil.example/x', '/\\evil.example', 'https://evil.example/', '/login']) {
      expect(safeRedirect(bad)).toBe('/mypage');
    }
  });
});
