import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../lib/alert.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** SPEC §4/§8: when the booking cannot be fetched, alert its message and log out, once. */
export function useLogoutOnFailure(errMsg: string | null): void {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (errMsg === null || done.current) return;
    done.current = true;
    showAlert(errMsg);
    useAuthStore.getState().logout();
    navigate('/login', { replace: true });
  }, [errMsg, navigate]);
}
