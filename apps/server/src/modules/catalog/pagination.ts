/** Laravel's LengthAwarePaginator shape (SPEC §3 "Paginated list"), links included. */
import type { PageLink } from '@tabi/contract/catalog';
import { Msg } from '@tabi/contract/messages';

export interface Page<T> {
  data: T[];
  links: PageLink[];
  from: number | null;
  to: number | null;
  total: number;
  current_page: number;
  last_page: number;
}

const ON_EACH_SIDE = 3;

/** Laravel's UrlWindow: every page when there are few, else both ends and a window round the current page. */
export function pageWindow(current: number, last: number): (number | '...')[] {
  const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  const window = ON_EACH_SIDE * 2;
  if (last < window + 8) return range(1, last);
  if (current <= window) return [...range(1, window + 2), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + 2) + 1, last)];
  return [1, 2, '...', ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), '...', last - 1, last];
}

export function paginate<T>(
  data: T[],
  total: number,
  current: number,
  perPage: number,
  urlFor: (page: number) => string,
): Page<T> {
  const last = Math.max(1, Math.ceil(total / perPage));
  const from = data.length > 0 ? (current - 1) * perPage + 1 : null;
  const to = from === null ? null : from + data.length - 1;
  const links: PageLink[] = [
    { url: current > 1 ? urlFor(Math.min(current - 1, last)) : null, label: Msg.pagePrevious, active: false },
    ...pageWindow(current, last).map((n) =>
      n === '...'
        ? { url: null, label: '...', active: false }
        : { url: urlFor(n), label: String(n), active: n === current },
    ),
    { url: current < last ? urlFor(current + 1) : null, label: Msg.pageNext, active: false },
  ];
  return { data, links, from, to, total, current_page: current, last_page: last };
}
