import type { StaffMe } from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { adminCall } from './admin-api.ts';

export const meQueryKey = ['admin', 'me'] as const;

/** The signed-in staff member; an error (signed out) is the shell's cue to send the user to the sign-in page. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => adminCall(CONSOLE['GET /me']), staleTime: 60_000 });
}

export function useSetMe(): (me: StaffMe) => void {
  const client = useQueryClient();
  return useCallback((me) => client.setQueryData(meQueryKey, me), [client]);
}

/** Ends the session on the server, forgets everything the console had loaded, and goes to the sign-in page. */
export function useLogout(): () => Promise<void> {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await adminCall(CONSOLE['POST /logout']).catch(() => undefined);
    client.removeQueries({ queryKey: ['admin'] });
    navigate('/admin/login', { replace: true });
  }, [client, navigate]);
}
