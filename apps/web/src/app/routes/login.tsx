import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { endSession } from '../../features/auth/api/logout.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { LoginScreen } from '../../features/auth/components/login-screen.tsx';
import { useAuthMessages } from '../../features/auth/lib/messages.ts';
import { safeRedirect } from '../../features/auth/lib/redirect.ts';
import { useAuthStore, useIsLogin } from '../../stores/auth-store.ts';
import styles from './login.module.css';

/**
 * SPEC §2 Login: no header or footer; a logged-in visitor goes straight to my page, unless my page sent them to open
 * another booking (`?switch=1`): the form then says which booking is open, and a login moves to the new one (the old
 * session ends on the server). My page logs out by
 * coming here with `{ logout: true }` state: the store is cleared once this page is on screen, so the
 * login guard of the page being left never sees a logged-out store; the session ends on the server too.
 */
export function Component() {
  const isLogin = useIsLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loggingOut = (useLocation().state as { logout?: boolean } | null)?.logout === true;
  const justLoggedIn = useRef(false);
  const switching = params.get('switch') === '1';
  const current = useAuthStore((s) => s.rsvno);
  const t = useAuthMessages();

  useEffect(() => {
    if (!loggingOut || justLoggedIn.current) return;
    const { sessionId } = useAuthStore.getState();
    useAuthStore.getState().logout();
    if (sessionId) void endSession(sessionId);
  }, [loggingOut]);

  if (isLogin && !justLoggedIn.current && !loggingOut && !switching) return <Navigate to="/mypage" replace />;

  function onSuccess(session: string, rsvno: string) {
    justLoggedIn.current = true;
    const target = safeRedirect(params.get('redirect'));
    const previous = useAuthStore.getState().sessionId;
    useAuthStore.getState().login(session, rsvno);
    if (previous && previous !== session) void endSession(previous);
    navigate(target, { replace: true });
  }

  return (
    <LoginScreen>
      {switching && isLogin && current && (
        <div className={styles.switching}>
          <p>{t('switching', { rsvno: current })}</p>
          <Link to="/mypage">{t('backToCurrent', { rsvno: current })}</Link>
        </div>
      )}
      <LoginForm onSuccess={onSuccess} />
    </LoginScreen>
  );
}
