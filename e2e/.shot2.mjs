import { chromium } from 'playwright-core';
import { TOTP, Secret } from 'otpauth';
const base = 'http://127.0.0.1:3171';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'ja-JP' });
const page = await ctx.newPage();
await page.goto(base + '/admin/login');
await page.getByLabel('メールアドレス').fill('operator@example.co.jp');
await page.getByLabel('パスワード').fill('sakura-operator-demo');
await page.getByRole('button', { name: 'サインイン' }).click();
await page.waitForURL(/\/admin\/?$/);
for (const [name, path] of [['bookings', '/admin/bookings'], ['mails', '/admin/mails'], ['detail', '/admin/bookings/AA100001'], ['manifest', '/admin/manifest'], ['coupon', '/admin/bookings/AA100010']]) {
  await page.goto(base + path);
  await page.waitForTimeout(1000);
  const widths = await page.evaluate(() => [...document.querySelectorAll('.adm-table-wrap')].map((w) => [w.scrollWidth, w.clientWidth]));
  console.log(name, JSON.stringify(widths));
  await page.screenshot({ path: `/tmp/qa7/op-${name}-1024.png` });
}
await browser.close();
