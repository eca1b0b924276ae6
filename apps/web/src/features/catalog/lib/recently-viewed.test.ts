import { describe, expect, it } from 'vitest';
import { lowestAdultPrice, RECENT_MAX, readRecentlyViewed, rememberViewed } from './recently-viewed.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => {
      map.delete(k);
    },
    setItem: (k, v) => {
      map.set(k, v);
    },
  };
}

const viewed = (opcd: string) => ({ opcd, webname: `商品${opcd}`, image: null, price: 5000 });

describe('最近見た商品', () => {
  it('keeps the newest first, once each, at most RECENT_MAX', () => {
    const storage = memoryStorage();
    for (let i = 0; i < RECENT_MAX + 2; i++) rememberViewed(viewed(`OP${i}`), storage);
    rememberViewed(viewed('OP3'), storage);
    const list = readRecentlyViewed(storage);
    expect(list).toHaveLength(RECENT_MAX);
    expect(list[0]?.opcd).toBe('OP3');
    expect(list.filter((o) => o.opcd === 'OP3')).toHaveLength(1);
  });

  it('ignores what is not its own record', () => {
    const storage = memoryStorage();
    storage.setItem('tabi.recently-viewed', '{bad json');
    expect(readRecentlyViewed(storage)).toEqual([]);
    storage.setItem('tabi.recently-viewed', JSON.stringify([{ opcd: 1 }, viewed('OP1')]));
    expect(readRecentlyViewed(storage).map((o) => o.opcd)).toEqual(['OP1']);
  });

  it('finds the lowest adult price of a calendar', () => {
    expect(lowestAdultPrice({ a: { adultbaika: '8000' }, b: { adultbaika: '6500' }, c: { adultbaika: '0' } })).toBe(
      6500,
    );
    expect(lowestAdultPrice({})).toBeNull();
  });
});
