/** SPEC §2 Option list: the search conditions and page live in the URL query, and md is carried along. */
import { isValidYmd } from '@tabi/contract/dates';

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

export function readListState(params: URLSearchParams): ListState {
  const usedate = params.get('usedate') ?? '';
  const page = Number(params.get('page') ?? '1');
  const keycd = (params.get('keycd') ?? '')
    .split(',')
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
      usedate: isValidYmd(usedate) ? usedate : '',
      keycd,
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
    md: (params.get('md') ?? '').slice(0, 50),
  };
}

/** The URL query of a list state: empty conditions are left out, page only when not 1. */
export function listStateToParams({ conditions, page, md }: ListState): URLSearchParams {
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

export function countConditions(conditions: SearchConditions): number {
  return (
    [conditions.homencd, conditions.fromspotcd, conditions.usedate].filter(Boolean).length + conditions.keycd.length
  );
}
