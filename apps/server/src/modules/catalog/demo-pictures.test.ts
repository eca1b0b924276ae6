import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../../seed/catalog-data.ts';
import { DEMO_PICTURES } from './demo-pictures.ts';
import { IMAGE_THEMES } from './images.ts';

describe('demo pictures', () => {
  it('every demo option has a title and pictures, and no other code does', () => {
    expect(Object.keys(DEMO_PICTURES).sort()).toEqual(OPTIONS.map((o) => o.opcd).sort());
    for (const demo of Object.values(DEMO_PICTURES)) {
      expect([...demo.title].length).toBeLessThanOrEqual(14);
      expect(demo.pictures.length).toBeGreaterThan(0);
      for (const picture of demo.pictures) expect(IMAGE_THEMES).toContain(picture.theme);
    }
  });

  it('every picture has a caption and an alt text that name its scene, and nothing written on it', () => {
    // What each scene always draws (images.ts); a caption or alt text naming something else would be untrue.
    const shown: Record<string, RegExp> = {
      city: /ビル/,
      night: /ビル/,
      snow: /雪/,
      temple: /鳥居|五重塔/,
      sea: /海/,
      mountain: /山/,
      lake: /湖/,
      onsen: /露天風呂/,
      food: /どんぶり/,
      forest: /森/,
      flower: /花畑/,
      castle: /天守閣/,
      village: /合掌造り/,
    };
    for (const demo of Object.values(DEMO_PICTURES)) {
      for (const picture of demo.pictures) {
        expect(picture.caption).toMatch(shown[picture.theme] ?? /^$/);
        expect(picture.alt).toMatch(shown[picture.theme] ?? /^$/);
        expect(picture.alt).not.toContain('文字');
        expect([...picture.caption].length).toBeLessThanOrEqual(20);
      }
    }
  });
});
