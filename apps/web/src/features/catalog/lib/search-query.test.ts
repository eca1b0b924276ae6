import { describe, expect, it } from 'vitest';
import {
  activeConditions,
  countConditions,
  detailHref,
  EMPTY_CONDITIONS,
  listHref,
  listStateToParams,
  readListState,
  withoutCondition,
} from './search-query.ts';
import { parseTypedDate } from './typed-date.ts';

describe('list state in the URL query', () => {
  it('reads every condition, the page and md', () => {
    const state = readListState(
      new URLSearchParams(
        'homencd=03&areacd=0301&citycd=030102&fromspotcd=1302&usedate=20260410&keycd=K01,K06&page=3&md=ab',
      ),
    );
    expect(state).toEqual({
      conditions: {
        homencd: '03',
        areacd: '0301',
        citycd: '030102',
        fromspotcd: '1302',
        usedate: '20260410',
        keycd: ['K01', 'K06'],
      },
      page: 3,
      md: 'ab',
      sort: 'recommended',
    });
  });

  it('drops what the cascade or the formats cannot hold', () => {
    const state = readListState(
      new URLSearchParams('areacd=0301&citycd=030102&usedate=20261340&page=-2&keycd=K01,,K01,<x>'),
    );
    expect(state.conditions).toEqual({ ...EMPTY_CONDITIONS, keycd: ['K01'] });
    expect(state.page).toBe(1);
  });

  it('reads the search form as the browser sends it before the app is live', () => {
    const state = readListState(
      new URLSearchParams(
        'md=ab&sort=price_asc&homencd=03&areacd=&fromspotcd=&usedate=2026%2F04%2F10&keycd=K01&keycd=K06',
      ),
    );
    expect(state).toEqual({
      conditions: { ...EMPTY_CONDITIONS, homencd: '03', usedate: '20260410', keycd: ['K01', 'K06'] },
      page: 1,
      md: 'ab',
      sort: 'price_asc',
    });
  });

  it('writes only what is set, page only past 1, and md last', () => {
    const params = listStateToParams({
      conditions: { ...EMPTY_CONDITIONS, homencd: '03', keycd: ['K01', 'K02'] },
      page: 1,
      md: 'm1',
      sort: 'recommended',
    });
    expect(params.toString()).toBe('homencd=03&keycd=K01%2CK02&md=m1');
    expect(listHref({ conditions: EMPTY_CONDITIONS, page: 2, md: '', sort: 'recommended' })).toBe('/?page=2');
    expect(listHref({ conditions: EMPTY_CONDITIONS, page: 1, md: '', sort: 'recommended' })).toBe('/');
  });

  it('links a card to its detail with the current search', () => {
    expect(
      detailHref('OP0001', {
        conditions: { ...EMPTY_CONDITIONS, usedate: '20260410' },
        page: 2,
        md: 'x',
        sort: 'recommended',
      }),
    ).toBe('/detail?opcd=OP0001&usedate=20260410&page=2&md=x');
  });
});

describe('sort and removable conditions', () => {
  it('reads and writes the sort, leaving the default and unknown values out of the URL', () => {
    expect(readListState(new URLSearchParams('sort=price_asc')).sort).toBe('price_asc');
    expect(readListState(new URLSearchParams('sort=popular')).sort).toBe('recommended');
    const state = readListState(new URLSearchParams('homencd=03&sort=price_desc&page=2'));
    expect(listHref(state)).toBe('/?homencd=03&sort=price_desc&page=2');
    expect(listHref({ ...state, sort: 'recommended', page: 1 })).toBe('/?homencd=03');
  });

  it('removes one condition, a region or area with the levels below it', () => {
    const all = { ...EMPTY_CONDITIONS, homencd: '03', areacd: '0301', citycd: '030102', keycd: ['K01', 'K02'] };
    expect(withoutCondition(all, { key: 'homencd', value: '03' })).toEqual({
      ...EMPTY_CONDITIONS,
      keycd: ['K01', 'K02'],
    });
    expect(withoutCondition(all, { key: 'areacd', value: '0301' })).toEqual({ ...all, areacd: '', citycd: '' });
    expect(withoutCondition(all, { key: 'citycd', value: '030102' })).toEqual({ ...all, citycd: '' });
    expect(withoutCondition(all, { key: 'keycd', value: 'K01' }).keycd).toEqual(['K02']);
  });
});

describe('the conditions in force: one rule for the chips and the badge', () => {
  it('counts each place level, the departure point, the use date and each keyword', () => {
    const all = {
      homencd: '03',
      areacd: '0301',
      citycd: '030102',
      fromspotcd: '1302',
      usedate: '20261205',
      keycd: ['K01', 'K05'],
    };
    expect(activeConditions(all)).toEqual([
      { key: 'homencd', value: '03' },
      { key: 'areacd', value: '0301' },
      { key: 'citycd', value: '030102' },
      { key: 'fromspotcd', value: '1302' },
      { key: 'usedate', value: '20261205' },
      { key: 'keycd', value: 'K01' },
      { key: 'keycd', value: 'K05' },
    ]);
    expect(countConditions(all)).toBe(7);
    expect(countConditions({ ...EMPTY_CONDITIONS, homencd: '03', areacd: '0301' })).toBe(2);
    expect(countConditions(EMPTY_CONDITIONS)).toBe(0);
  });
});

describe('typed use dates', () => {
  it.each([
    ['20260401', '20260401'],
    ['2026/4/1', '20260401'],
    ['2026-04-01', '20260401'],
    ['２０２６０４０１', '20260401'],
    [' 20260401 ', '20260401'],
  ])('%s is %s', (text, day) => {
    expect(parseTypedDate(text)).toBe(day);
  });

  it.each(['20260230', '2026041', 'tomorrow', ''])('%s is refused', (text) => {
    expect(parseTypedDate(text)).toBeNull();
  });
});
