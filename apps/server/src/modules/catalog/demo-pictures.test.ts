import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../../seed/catalog-data.ts';
import { DEMO_PICTURES } from './demo-pictures.ts';
import { IMAGE_THEMES } from './images.ts';

describe('demo pictures', () => {
  it('every demo option has a picture title and theme, and no other code does', () => {
    expect(Object.keys(DEMO_PICTURES).sort()).toEqual(OPTIONS.map((o) => o.opcd).sort());
    for (const picture of Object.values(DEMO_PICTURES)) {
      expect(IMAGE_THEMES).toContain(picture.theme);
      expect([...picture.title].length).toBeLessThanOrEqual(14);
    }
  });
});
