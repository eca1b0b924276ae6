/** SPEC §2 Option list: the search conditions and page live in the URL query, and md is carried along. */

import { OPTION_SORTS, type OptionSort } from '@tabi/contract/option-sort';
import { parseTypedDate } from './typed-date.ts';

export interface SearchConditions {
  homencd: string;
  areacd: string;
  citycd: string;
  fromspotcd: string;
  /** YYYYMMDD or '' */
  usedate: string;
  keycd: string[];
}

export interface ListState {
  conditions: SearchConditions;
  page: number;
  md: string;
  /** The list's order; 'recommended' (SPEC's order) is left out of the URL. */
  sort: OptionSort;
}

export const EMPTY_CONDITIONS: SearchConditions = {
  homencd: '',
  areacd: '',
  citycd: '',
  fromspotcd: '',
  usedate: '',
  keycd: [],
};

const CODE = /^[\w-]{1,20}$/;

function code(params: URLSearchParams, key: string): string {
  const value = params.get(key) ?? '';
  return CODE.test(value) ? value : '';
}

function readSort(value: string | null): OptionSort {
  return OPTION_SORTS.find((s) => s === value) ?? 'recommended';
}

/**
 * The list's state from its URL: the app's own links (keywords comma-joined, YYYYMMDD) or the search form sent by
 * the browser before the app is live (one `keycd` per keyword, the date as typed, empty fields).
 */
export function readListState(params: URLSearchParams): ListState {
  const usedate = parseTypedDate(params.get('usedate') ?? '') ?? '';
  const page = Number(params.get('page') ?? '1');
  const keycd = params
    .getAll('keycd')
    .flatMap((value) => value.split(','))
    .filter((k) => CODE.test(k))
    .filter((k, i, all) => all.indexOf(k) === i);
  // A city without an area (or an area without a region) cannot be shown in the cascading selects.
  const homencd = code(params, 'homencd');
  const areacd = homencd ? code(params, 'areacd') : '';
  const citycd = areacd ? code(params, 'citycd') : '';
  return {
    conditions: {
      homencd,
      areacd,
      citycd,
      fromspotcd: code(params, 'fromspotcd'),
      usedate,
      keycd,
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
    md: (params.get('md') ?? '').slice(0, 50),
    sort: readSort(params.get('sort')),
  };
}

/** The URL query of a list state: empty conditions are left out, page only when not 1. */
export function listStateToParams({ conditions, page, md, sort }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string) => {
    if (value) params.set(key, value);
  };
  put('homencd', conditions.homencd);
  put('areacd', conditions.areacd);
  put('citycd', conditions.citycd);
  put('fromspotcd', conditions.fromspotcd);
  put('usedate', conditions.usedate);
  put('keycd', conditions.keycd.join(','));
  if (sort !== 'recommended') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  put('md', md);
  return params;
}

export function listHref(state: ListState): string {
  const qs = listStateToParams(state).toString();
  return qs ? `/?${qs}` : '/';
}

export function detailHref(opcd: string, state: ListState): string {
  const params = listStateToParams(state);
  const qs = params.toString();
  return `/detail?opcd=${encodeURIComponent(opcd)}${qs ? `&${qs}` : ''}`;
}

export type ConditionKey = 'homencd' | 'areacd' | 'citycd' | 'fromspotcd' | 'usedate';

/** One condition the visitor set: what the list's chip shows and removes, and what the panel's badge counts. */
export type ActiveCondition = { key: ConditionKey; value: string } | { key: 'keycd'; value: string };

/**
 * The conditions in force, one entry per chip: each place level, the departure point, the use date and each keyword.
 * The chips and the search panel's badge both read this, so the badge's number is always the chips' count.
 */
export function activeConditions(conditions: SearchConditions): ActiveCondition[] {
  const single: ConditionKey[] = ['homencd', 'areacd', 'citycd', 'fromspotcd', 'usedate'];
  return [
    ...single.filter((key) => conditions[key] !== '').map((key) => ({ key, value: conditions[key] })),
    ...conditions.keycd.map((value) => ({ key: 'keycd' as const, value })),
  ];
}

export function countConditions(conditions: SearchConditions): number {
  return activeConditions(conditions).length;
}

/** The conditions without one of them; a region or area takes the levels below it along (the cascade). */
export function withoutCondition(conditions: SearchConditions, condition: ActiveCondition): SearchConditions {
  const { key } = condition;
  if (key === 'keycd') return { ...conditions, keycd: conditions.keycd.filter((k) => k !== condition.value) };
  if (key === 'homencd') return { ...conditions, homencd: '', areacd: '', citycd: '' };
  if (key === 'areacd') return { ...conditions, areacd: '', citycd: '' };
  return { ...conditions, [key]: '' };
}
