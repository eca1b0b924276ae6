import { useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { LoginScreen } from '../../features/auth/components/login-screen.tsx';
import { safeRedirect } from '../../features/auth/lib/redirect.ts';
import { useAuthStore } from '../../stores/auth-store.ts';

/** SPEC §2 Login: no header or footer; a logged-in visitor goes straight to my page. */
export function Component() {
  const isLogin = useAuthStore((s) => s.isLogin);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const justLoggedIn = useRef(false);

  if (isLogin && !justLoggedIn.current) return <Navigate to="/mypage" replace />;

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
