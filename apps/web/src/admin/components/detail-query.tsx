import { type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { FormAlert, QueryView } from './query-state.tsx';

/** A page's load of the one thing its route's `:id` names; `valid` is false for an id no row can have. */
export interface DetailQuery<T> {
  valid: boolean;
  query: UseQueryResult<T>;
}

/**
 * Loads what the route's `:id` names. An id typed by hand that is not a positive whole number asks nothing: the page
 * says it is not found rather than sending a request the server would refuse.
 */
export function useDetailQuery<T>(
  queryKey: (id: number) => QueryKey,
  fetch: (id: number) => Promise<T>,
): DetailQuery<T> {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ queryKey: queryKey(id), queryFn: () => fetch(id), enabled: valid });
  return { valid, query };
}

/** What a detail page shows of its load: its states and then `children`, or `notFound` for an id that cannot be. */
export function DetailView<T>({
  detail,
  notFound,
  children,
}: {
  detail: DetailQuery<T>;
  notFound: string;
  children: (data: T) => ReactNode;
}) {
  return detail.valid ? <QueryView query={detail.query}>{children}</QueryView> : <FormAlert>{notFound}</FormAlert>;
}
