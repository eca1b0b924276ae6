import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { errorText, signedOut } from '../lib/admin-api.ts';
import { meQueryKey } from '../lib/staff-session.ts';

/** A failed load: a session that ended goes back to sign-in; anything else is said in place. */
export function QueryError({ error }: { error: Error | null }) {
  const client = useQueryClient();
  const location = useLocation();
  const ended = signedOut(error);
  useEffect(() => {
    if (ended) client.removeQueries({ queryKey: meQueryKey });
  }, [ended, client]);
  if (!error) return null;
  if (ended) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <FormAlert>{errorText(error)}</FormAlert>;
}

/**
 * A message the screen reader announces as soon as it appears (nothing when there is none), scrolled into view
 * so that a refusal said at the top of a long form is seen where the clerk pressed 保存.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (children) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [children]);
  if (!children) return null;
  return (
    <p ref={ref} className="adm-alert" role="alert">
      {children}
    </p>
  );
}

export function Loading() {
  return <output className="adm-loading">読み込み中…</output>;
}

/** A load's three states in one place: its error, 読み込み中…, then what `children` draws from the data. */
export function QueryView<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'error' | 'isPending' | 'data'>;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      <QueryError error={query.error} />
      {query.isPending ? <Loading /> : query.data !== undefined && children(query.data)}
    </>
  );
}
