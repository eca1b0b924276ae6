import { Msg } from '@tabi/contract/messages';
import { describe, expect, it } from 'vitest';
import { monthCalendar } from './calendar.ts';
import { IMAGE_THEMES, parseImageName, renderImage } from './images.ts';
import { plainExcerpt } from './page-meta.ts';
import { pageWindow, paginate } from './pagination.ts';
import { TtlCache } from './ttl-cache.ts';

describe('pagination', () => {
  it('shows every page when there are few, else both ends and a window like Laravel', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 13)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, '...', 19, 20]);
    expect(pageWindow(10, 20)).toEqual([1, 2, '...', 7, 8, 9, 10, 11, 12, 13, '...', 19, 20]);
    expect(pageWindow(18, 20)).toEqual([1, 2, '...', 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('builds links with previous/next, null where not applicable', () => {
    const url = (n: number) => `/api/option?page=${n}`;
    const only = paginate(['a'], 1, 1, 10, url);
    expect(only.links).toEqual([
      { url: null, label: Msg.pagePrevious, active: false },
      { url: '/api/option?page=1', label: '1', active: true },
      { url: null, label: Msg.pageNext, active: false },
    ]);
    expect(only).toMatchObject({ from: 1, to: 1, total: 1, current_page: 1, last_page: 1 });
    const empty = paginate([], 0, 1, 10, url);
    expect(empty).toMatchObject({ from: null, to: null, total: 0, last_page: 1 });
    const middle = paginate(['x', 'y'], 32, 2, 10, url);
    expect(middle.links.map((l) => l.url)).toEqual([url(1), url(1), url(2), url(3), url(4), url(3)]);
    expect(middle).toMatchObject({ from: 11, to: 12 });
  });
});

describe('monthCalendar', () => {
  const row = (usedate: string, zaikozan: number) => ({
    usedate,
    zaikozan,
    adultbaika: 9800,
    middlebaika: 0,
    childbaika: 5900,
    infantbaika: 0,
  });

  it('has every day of the month, zero before today, outside the period and without a row', () => {
    const cal = monthCalendar(
      '20270201',
      [row('2027-02-01', 5), row('2027-02-10', 12), row('2027-02-11', 0), row('2027-02-27', 3)],
      '20270205',
      '20270101',
      '20270220',
    );
    expect(Object.keys(cal)).toHaveLength(28);
    expect(cal['20270201']?.zaikozan).toBe('0');
    expect(cal['20270201']?.adultbaika).toBe('0');
    expect(cal['20270210']).toEqual({
      date: '20270210',
      zaikozan: '12',
      adultbaika: '9800',
      middlebaika: '0',
      childbaika: '5900',
      infantbaika: '0',
    });
    expect(cal['20270211']).toMatchObject({ zaikozan: '0', adultbaika: '9800' });
    expect(cal['20270212']).toMatchObject({ zaikozan: '0', adultbaika: '0' });
    expect(cal['20270227']).toMatchObject({ zaikozan: '0', adultbaika: '0' });
  });
});

describe('plainExcerpt', () => {
  it('strips tags, keeps entities readable and cuts at 120 characters', () => {
    expect(plainExcerpt('<p>東京の<strong>定番</strong>スポット</p><ul><li>A &amp; B</li></ul>')).toBe(
      '東京の定番スポット A & B',
    );
    const long = plainExcerpt(`<p>${'あ'.repeat(300)}</p>`);
    expect([...long]).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
    expect(plainExcerpt('<script>alert(1)</script><p>ok</p>')).toBe('ok');
  });
});

describe('demo images', () => {
  it('are deterministic SVG with the escaped title, for every theme', () => {
    for (const theme of IMAGE_THEMES) {
      const spec = { theme, title: '東京 <テスト> & B', seed: `OP9-${theme}` };
      const svg = renderImage(spec, 1);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain('東京 &lt;テスト&gt; &amp; B');
      expect(svg).not.toContain('NaN');
      expect(renderImage(spec, 1)).toBe(svg);
    }
  });

  it('parse image names', () => {
    expect(parseImageName('OP0001-12.svg')).toEqual({ code: 'OP0001', seq: 12 });
    expect(parseImageName('OP0001-0.svg')).toBeNull();
    expect(parseImageName('../etc-1.svg')).toBeNull();
    expect(parseImageName('OP0001-1.png')).toBeNull();
  });
});

describe('TtlCache', () => {
  it('shares one load between concurrent callers and forgets failures', async () => {
    const cache = new TtlCache<number>(60_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 42;
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([42, 42]);
    expect(loads).toBe(1);
    await expect(cache.get('bad', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', load)).toBe(42);
  });

  it('expires entries and bounds its size', async () => {
    const cache = new TtlCache<number>(0, 2);
    let n = 0;
    const load = async () => ++n;
    await cache.get('a', load);
    expect(await cache.get('a', load)).toBe(2);
    const small = new TtlCache<string>(60_000, 2);
    await small.get('1', async () => 'one');
    await small.get('2', async () => 'two');
    await small.get('3', async () => 'three');
    expect(await small.get('1', async () => 'again')).toBe('again');
  });
});
