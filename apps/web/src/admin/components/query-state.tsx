import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AdminApiError } from '../lib/admin-api.ts';
import { meQueryKey } from '../lib/staff-session.ts';

/** A failed load: a session that ended goes back to sign-in; anything else is said in place. */
export function QueryError({ error }: { error: Error | null }) {
  const client = useQueryClient();
  const location = useLocation();
  const signedOut = error instanceof AdminApiError && error.signedOut;
  useEffect(() => {
    if (signedOut) client.removeQueries({ queryKey: meQueryKey });
  }, [signedOut, client]);
  if (!error) return null;
  if (signedOut) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return (
    <p className="adm-alert" role="alert">
      {error.message}
    </p>
  );
}

export function Loading() {
  return <output className="adm-loading">読み込み中…</output>;
}
