/**
 * The `redirect` query is honoured only for a same-site relative path, so a crafted login link cannot
 * send the customer to another site (`//evil.example`, `/\evil.example`, `https://…`) or back to /login.
 */
export function safeRedirect(redirect: string | null, fallback = '/mypage'): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return fallback;
  try {
    const url = new URL(redirect, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid' || url.pathname === '/login') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
