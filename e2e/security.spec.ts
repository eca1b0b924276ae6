/**
 * XSS in Chromium: option OPXSS1 and booking XS000001 (apps/server/src/quality/xss-fixture.ts,
 * added by scripts/e2e-server.mjs) carry script and event-handler payloads in every HTML and text field.
 * On the list, the detail page with its party dialog and my page nothing runs, with the CSP and with it
 * bypassed: window.__xss stays unset, no dialog opens, the DOM holds no event-handler attribute, javascript:
 * URL or active element in server HTML, and the plain-text fields are shown literally.
 * The HTML answers carry the security headers.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

const XSS_OPCD = 'OPXSS1';
const XSS_RSVNO = 'XS000001';
const TEL = '090-1234-5678';
const XSS_LIST = '/?homencd=07&areacd=0704&citycd=070401';
/** The literal text every plain-text field of the fixture ends with. */
const TEXT_PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

interface Observed {
  xss: unknown;
  dialogs: string[];
}

const dialogs = new WeakMap<Page, string[]>();

test.beforeEach(async ({ page }) => {
  const opened: string[] = [];
  dialogs.set(page, opened);
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
});

async function observed(page: Page): Promise<Observed> {
  const xss = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
  return { xss, dialogs: dialogs.get(page) ?? [] };
}

/** Event handlers, javascript: URLs and active elements anywhere in the app's DOM. */
async function dangerousDom(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.getElementById('root');
    if (!root) return ['no #root'];
    const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'poster']);
    for (const el of Array.from(root.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) found.push(`${el.tagName} ${attr.name}="${attr.value}"`);
        if (
          urlAttributes.has(attr.name.toLowerCase()) &&
          /^\s*(javascript|vbscript|data:text\/html)/i.test(attr.value)
        ) {
          found.push(`${el.tagName} ${attr.name}="${attr.value}"`);
        }
        if (attr.name === 'srcdoc') found.push(`${el.tagName} srcdoc`);
      }
    }
    for (const html of Array.from(root.querySelectorAll('.html-content'))) {
      for (const el of Array.from(
        html.querySelectorAll('script, iframe, object, embed, base, meta, svg, math, link'),
      )) {
        found.push(`${el.tagName} inside .html-content`);
      }
    }
    return found;
  });
}

async function expectNothingRan(page: Page): Promise<void> {
  // A click on every link the payloads left behind must not run anything either.
  // (element.click() follows a link as a user's click would, modal or not.)
  const clicked = await page.locator('.html-content a').evaluateAll((links) => {
    for (const link of links) (link as HTMLElement).click();
    return links.length;
  });
  expect(clicked).toBeGreaterThan(0);
  expect(await dangerousDom(page)).toEqual([]);
  expect(await observed(page)).toEqual({ xss: undefined, dialogs: [] });
}

// Twice: as served (CSP on), and with the CSP bypassed, which shows the sanitiser alone stops every payload.
// (Chromium reports a CSP violation for each handler attribute even while DOMPurify parses the HTML in an
// inert document, so violation reports are no evidence either way; the DOM and window.__xss are.)
for (const bypassCSP of [false, true]) {
  test.describe(`XSS payloads in every field execute nothing (${bypassCSP ? 'CSP bypassed: DOMPurify alone' : 'with the CSP'})`, () => {
    test.use({ bypassCSP });

    test('the list shows the option with its payloads as text', async ({ page }) => {
      await page.goto(XSS_LIST);
      const card = page.locator(`[data-opcd="${XSS_OPCD}"]`);
      await expect(card).toBeVisible();
      await expect(card).toContainText(`XSS検証オプション ${TEXT_PAYLOAD}`);
      await expect(card).toContainText('XSS検証（introduction）');
      await expectNothingRan(page);
    });

    test('the option is not on the first page of the unfiltered list', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('[data-opcd]').first()).toBeVisible();
      await expect(page.locator(`[data-opcd="${XSS_OPCD}"]`)).toHaveCount(0);
    });

    test('the detail page and its party dialog', async ({ page }) => {
      await page.goto(`/detail?opcd=${XSS_OPCD}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`XSS検証オプション ${TEXT_PAYLOAD}`);
      await expect(page).toHaveTitle(/XSS検証オプション <img src=x onerror=/);
      const main = page.getByRole('main');
      for (const field of ['contents', 'optionattention', 'information', 'cancel_note']) {
        await expect(main.getByText(`XSS検証（${field}）`)).toBeVisible();
      }
      await expect(main).toContainText(`検証観光 ${TEXT_PAYLOAD}`);
      await expect(main).toContainText(`沖縄県石垣市 ${TEXT_PAYLOAD}`);
      await expect(main).toContainText(`集合場所 ${TEXT_PAYLOAD}`);
      await expectNothingRan(page);

      await page.getByTestId('availability-calendar').locator('td[data-day] button:not([disabled])').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('XSS検証（age_note）')).toBeVisible();
      await expect(dialog).toContainText(`XSS検証オプション ${TEXT_PAYLOAD}`);
      await expectNothingRan(page);
    });

    test('my page of a booking of that option', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('予約番号').fill(XSS_RSVNO);
      await page.getByLabel('電話番号').fill(TEL);
      await page.getByRole('button', { name: 'ログイン' }).click();
      await expect(page).toHaveURL(/\/mypage/);
      const main = page.getByRole('main');
      await expect(main).toContainText('<img src=x onerror=window.__xss=1>');
      for (const summary of await main.locator('details > summary').all()) await summary.click();
      await expect(main.getByText('XSS検証（contents）')).toBeVisible();
      await expect(main.getByText('XSS検証（cancel_note）')).toBeVisible();
      await expect(main).toContainText(`検証観光 ${TEXT_PAYLOAD}`);
      await expectNothingRan(page);
    });
  });
}

// The server renders / and /detail itself (ADR 0044): its HTML, before any script runs, must be as safe.
test.describe('XSS payloads in the server-rendered pages, before any script runs', () => {
  test.use({ javaScriptEnabled: false, bypassCSP: true });

  for (const url of [XSS_LIST, `/detail?opcd=${XSS_OPCD}`]) {
    test(url, async ({ page }) => {
      await page.goto(url);
      const main = page.getByRole('main');
      await expect(main).toContainText(`XSS検証オプション ${TEXT_PAYLOAD}`);
      await expect(main.locator('.html-content').first()).toBeVisible();
      expect(await dangerousDom(page)).toEqual([]);
      // The page's data rides along as inert JSON, with every "<" escaped.
      const state = await page.locator('script#page-state').evaluate((el) => ({
        type: el.getAttribute('type'),
        raw: el.textContent ?? '',
      }));
      expect(state.type).toBe('application/json');
      expect(state.raw).not.toContain('<');
      expect(state.raw).toContain('XSS');
      expect(await observed(page)).toEqual({ xss: undefined, dialogs: [] });
    });
  }
});

test.describe('security headers of the HTML', () => {
  for (const url of ['/', `/detail?opcd=${XSS_OPCD}`, '/mypage', '/login']) {
    test(url, async ({ page }) => {
      const res = await page.request.get(url);
      expect(res.status()).toBe(200);
      const headers = res.headers();
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options']).toBe('DENY');
      const csp = headers['content-security-policy'] ?? '';
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      const body = await res.text();
      expect(body).not.toMatch(/<title>[^<]*<img/);
    });
  }
});
