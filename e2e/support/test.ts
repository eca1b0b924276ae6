/**
 * Playwright's `test`, with `page.goto` and `page.reload` that return once the app has taken the page over
 * (`html[data-app="ready"]`, set by apps/web/src/main.tsx). The server renders `/` and `/detail` (ADR 0044):
 * their markup is on screen before the app has hydrated it, and a click on it before then would do nothing.
 */
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

async function appReady(page: Page): Promise<void> {
  // Pages without the app (the sandbox card page) have no #root and are ready as they load.
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.app === 'ready',
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await appReady(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await appReady(page);
        return response;
      };
    }
    await use(page);
  },
});
