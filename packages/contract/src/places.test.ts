import { describe, expect, it } from 'vitest';
import { choosePlace } from './places.ts';

describe('choosePlace', () => {
  const chosen = { homencd: '1', areacd: '11', citycd: '111', keyword: 'snow' };

  it('clears the levels below the one chosen and keeps everything else', () => {
    expect(choosePlace(chosen, 'homencd', '2')).toEqual({ homencd: '2', areacd: '', citycd: '', keyword: 'snow' });
    expect(choosePlace(chosen, 'areacd', '12')).toEqual({ homencd: '1', areacd: '12', citycd: '', keyword: 'snow' });
    expect(choosePlace(chosen, 'citycd', '')).toEqual({ homencd: '1', areacd: '11', citycd: '', keyword: 'snow' });
  });

  it('leaves the value it was given untouched', () => {
    choosePlace(chosen, 'homencd', '');
    expect(chosen.areacd).toBe('11');
  });
});
