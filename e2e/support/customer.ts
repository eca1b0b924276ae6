import { expect, type Page } from '@playwright/test';

/** The phone number of every demo booking. */
export const DEMO_TEL = '090-1234-5678';

/** A fresh anti-forgery token in the page's context. */
export async function xsrfToken(page: Page): Promise<string> {
  await page.request.get('/sanctum/csrf-cookie');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}

const sessions = new Map<string, string>();

/**
 * Logged in as a demo booking without going through the form (the login tests do that): one API login per
 * booking and worker, then the persisted auth store is written as the app would.
 */
export async function loginAs(page: Page, rsvno: string): Promise<void> {
  let session = sessions.get(rsvno);
  if (!session) {
    const res = await page.request.post('/api/mylogin', {
      data: { rsvno, tel: DEMO_TEL },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
    const body = (await res.json()) as { errcd: string; response: { session: string } | null };
    expect(body.errcd).toBe('000');
    session = body.response?.session ?? '';
    sessions.set(rsvno, session);
  }
  await page.goto('/login');
  await page.evaluate(
    ([sessionId, no]) =>
      localStorage.setItem('auth', JSON.stringify({ state: { isLogin: true, sessionId, rsvno: no }, version: 0 })),
    [session, rsvno],
  );
}
