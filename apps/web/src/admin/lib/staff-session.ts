import type { StaffMe } from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { adminCall } from './admin-api.ts';

export const meQueryKey = ['admin', 'me'] as const;

/** The signed-in staff member as last seen on this device: the scanner opened with no network shows it (ADR 0215). */
const LAST_ME = 'tabi-admin-me';
/** What the scanner keeps of a day's travellers on the device (checkin/offline-store.ts), forgotten at sign-out. */
const DEVICE_COPIES = ['tabi-checkin-pack'];

export function lastKnownMe(): StaffMe | null {
  try {
    const raw = localStorage.getItem(LAST_ME);
    return raw ? (JSON.parse(raw) as StaffMe) : null;
  } catch {
    return null;
  }
}

/** The signed-in staff member; an error (signed out) is the shell's cue to send the user to the sign-in page. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async () => {
      const me = await adminCall(CONSOLE['GET /me']);
      localStorage.setItem(LAST_ME, JSON.stringify(me));
      return me;
    },
    staleTime: 60_000,
  });
}

/** Forgets what the device kept of the signed-in staff member and of the day's travellers (not unsent check-ins). */
function forgetDeviceCopies(): void {
  localStorage.removeItem(LAST_ME);
  for (const key of Object.keys(localStorage)) {
    if (DEVICE_COPIES.some((prefix) => key.startsWith(prefix))) localStorage.removeItem(key);
  }
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
    forgetDeviceCopies();
    client.removeQueries({ queryKey: ['admin'] });
    navigate('/admin/login', { replace: true });
  }, [client, navigate]);
}
