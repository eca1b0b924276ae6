import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { endSession } from '../../features/auth/api/logout.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { LoginScreen } from '../../features/auth/components/login-screen.tsx';
import { safeRedirect } from '../../features/auth/lib/redirect.ts';
import { useAuthStore, useIsLogin } from '../../stores/auth-store.ts';

/**
 * SPEC §2 Login: no header or footer; a logged-in visitor goes straight to my page. My page logs out by
 * coming here with `{ logout: true }` state: the store is cleared once this page is on screen, so the
 * login guard of the page being left never sees a logged-out store; the session ends on the server too.
 */
export function Component() {
  const isLogin = useIsLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loggingOut = (useLocation().state as { logout?: boolean } | null)?.logout === true;
  const justLoggedIn = useRef(false);

  useEffect(() => {
    if (!loggingOut || justLoggedIn.current) return;
    const { sessionId } = useAuthStore.getState();
    useAuthStore.getState().logout();
    if (sessionId) void endSession(sessionId);
  }, [loggingOut]);

  if (isLogin && !justLoggedIn.current && !loggingOut) return <Navigate to="/mypage" replace />;

  function onSuccess(session: string, rsvno: string) {
    justLoggedIn.current = true;
    const target = safeRedirect(params.get('redirect'));
    useAuthStore.getState().login(session, rsvno);
    navigate(target, { replace: true });
  }

  return (
    <LoginScreen>
      <LoginForm onSuccess={onSuccess} />
    </LoginScreen>
  );
}
