import { useEffect, useRef } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { showAlert } from '../../../lib/alert.ts';

/** The login page reads this navigation state and clears the auth store itself (see app/routes/login.tsx). */
export const LOGOUT_STATE = { logout: true } as const;

/**
 * SPEC §4: logout clears the auth state and goes to /login. Clearing it here, before the route change has
 * rendered, would let this page's login guard send the customer to /login?redirect=… instead; so this only
 * navigates, and the login page clears the store once it is on screen.
 */
export function logoutToLogin(navigate: NavigateFunction): void {
  void navigate('/login', { replace: true, state: LOGOUT_STATE });
}

/** SPEC §4/§8: when the booking cannot be fetched, alert its message and log out, once. */
export function useLogoutOnFailure(errMsg: string | null): void {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (errMsg === null || done.current) return;
    done.current = true;
    showAlert(errMsg);
    logoutToLogin(navigate);
  }, [errMsg, navigate]);
}
