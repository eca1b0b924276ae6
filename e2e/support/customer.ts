import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { Msg } from '@tabi/contract/messages';

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
  await writeAuth(page, session, rsvno);
}

/**
 * The persisted auth store written as the app writes it, from a page of the site without the app (robots.txt): an app
 * page would start with the store as it was, and its calls as the earlier booking could log it out (a navigation that
 * cut the test's next `goto` short).
 */
async function writeAuth(page: Page, session: string, rsvno: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate(
    ([sessionId, no]) =>
      localStorage.setItem('auth', JSON.stringify({ state: { isLogin: true, sessionId, rsvno: no }, version: 0 })),
    [session, rsvno],
  );
}

export interface Envelope<T> {
  errcd: string;
  errMsg: string;
  response: T;
}

/** A public API call in the page's context (POST with the anti-forgery token), expected to succeed. */
export async function api<T>(request: APIRequestContext, page: Page, url: string, data?: unknown): Promise<T> {
  const res = data
    ? await request.post(url, { data, headers: { 'x-xsrf-token': await xsrfToken(page) } })
    : await request.get(url);
  const body = (await res.json()) as Envelope<T>;
  expect(body.errcd, `${url}: ${body.errMsg}`).toBe('000');
  return body.response;
}

/**
 * A booking of the spec's own, made as the demo booking `like` is (its state, options, people, tickets, coupons and
 * payment) under a new number, by the e2e server's test-only route (ADR 0204); its phone is DEMO_TEL. A spec that
 * changes a booking changes its own, so no spec depends on another's order.
 */
export async function ownBooking(page: Page, like: string): Promise<string> {
  const { rsvno } = await api<{ rsvno: string }>(page.request, page, '/api/_test/bookings', { like });
  return rsvno;
}

/** A booking made through POST /api/booking as the purchase flow makes it: adults only, on the first open day. */
export async function makeBooking(page: Page, opcd: string, tel: string, sei: string, adults: number): Promise<string> {
  const request = page.request;
  const from = new Date(Date.now() + 12 * 86_400_000);
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
  const detail = await api<{ valueList: Record<string, { zaikozan: string }> }>(
    request,
    page,
    `/api/option/${opcd}?usedate=${ymd(from)}`,
  );
  const usedate = Object.keys(detail.valueList)
    .sort()
    .find((d) => d >= ymd(from) && Number(detail.valueList[d]?.zaikozan ?? 0) >= adults);
  if (!usedate) throw new Error(`no open day for ${opcd}`);
  const price = await api<{ valueList: Record<string, { adultbaika: string }> }>(
    request,
    page,
    `/api/price/${opcd}?usedate=${usedate}&adultqty=${adults}&middleqty=0&childqty=0&infantqty=0`,
  );
  const unit = Number(price.valueList[usedate]?.adultbaika ?? 0);
  const memberList = Array.from({ length: adults }, (_, i) => ({
    seq: String(i + 1),
    sei,
    mei: i === 0 ? 'ICHIRO' : 'HANAKO',
    sex: i === 0 ? '1' : '2',
    birthday: i === 0 ? '19800415' : '19820720',
    ageclass: '1',
    nationality_id: '0',
  }));
  const made = await api<{ rsvno: string }>(request, page, '/api/booking', {
    opcd,
    usedate,
    md: '',
    sei,
    mei: 'ICHIRO',
    tel,
    mail: `${sei.length}-${Date.now()}@example.jp`,
    amountjp: String(unit * adults),
    lang: 'ja',
    webname_localized: '',
    memberList,
    rentskiList: [],
  });
  return made.rsvno;
}

/** Logged in to my page as this booking (the persisted auth store written as the app writes it). */
export async function customerLogin(page: Page, rsvno: string, tel: string): Promise<string> {
  const { session } = await api<{ session: string }>(page.request, page, '/api/mylogin', { rsvno, tel });
  await writeAuth(page, session, rsvno);
  return session;
}

/** Logged in to my page as this booking and paid on the sandbox card page, as a customer pays; the session. */
export async function payFromMyPage(page: Page, rsvno: string, tel: string): Promise<string> {
  const session = await customerLogin(page, rsvno, tel);
  const { url } = await api<{ url: string }>(page.request, page, '/api/checkout', {
    session,
    rsvno,
    success_path: '/mypage?checkout-processing=0',
    cancel_path: '/mypage?checkout-processing=1',
  });
  await page.goto(url);
  await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
  await page.getByLabel('有効期限（月/年）').fill('12/39');
  await page.getByLabel('セキュリティコード').fill('123');
  await page.getByRole('button', { name: /を支払う/ }).click();
  await expect(page.getByRole('dialog', { name: Msg.paymentDone })).toBeVisible();
  return session;
}

/** The same page in another language, through the header's switch (a disclosure of the five languages). */
export async function switchLanguage(page: Page, name: string): Promise<void> {
  await page.locator('[data-language-switch] summary').first().click();
  await page.locator('[data-language-switch]').first().getByRole('link', { name, exact: true }).click();
}
