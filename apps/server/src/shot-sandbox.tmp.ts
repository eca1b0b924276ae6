import { addDays } from '@tabi/contract/dates';
import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { buildApp } from './app.ts';
import { FixedClock, todayIn } from './clock.ts';
import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { createBooking } from './modules/booking/service.ts';
import { bookingPayload, insertTestOption, insertTestStock } from './modules/booking/test-fixtures.ts';
import { createCheckoutForBooking } from './modules/payment/service.ts';

const port = 4791;
const database = await openDatabase({ dataDir: 'memory' });
const clock = new FixedClock(new Date());
const config = { ...loadConfig({ APP_KEY: 'k', PUBLIC_URL: `http://127.0.0.1:${port}` }), dataDir: 'memory' };
const ctx = createContext({ db: database.db, clock, config });
const day = addDays(todayIn(clock), 10);
await insertTestOption(database.db, 'OP0001', { webname: '東京 はとバス風 日帰りバスツアー（浅草・東京スカイツリー・お台場）' });
await insertTestStock(database.db, 'OP0001', day, { zaikozan: 10 });
const b = await createBooking(ctx, bookingPayload('OP0001', day, { adults: 2, children: 1 }), '1.1.1.1');
const { url } = await createCheckoutForBooking(ctx, b.rsvno, { successPath: '/reservation/complete?processing=success', cancelPath: '/reservation/complete?processing=failed' });
const app = await buildApp(ctx);
await app.listen({ port, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h] of [[390, 844], [1280, 800]] as const) {
  const page = await browser.newPage({ viewport: { width: w, height: h }, locale: 'ja-JP' });
  await page.goto(url);
  await page.screenshot({ path: `/tmp/shots-booking-server/sandbox-${w}.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).analyze();
  console.log(w, 'axe', axe.violations.map((v) => `${v.impact} ${v.id} ${v.nodes.length}`));
  await page.fill('#card-number', '4000 0000 0000 0002');
  await page.fill('#card-expiry', '12/30');
  await page.fill('#card-cvc', '123');
  await page.click('button[type=submit]');
  await page.screenshot({ path: `/tmp/shots-booking-server/declined-${w}.png`, fullPage: true });
  const axe2 = await new AxeBuilder({ page }).analyze();
  console.log(w, 'axe declined', axe2.violations.map((v) => `${v.impact} ${v.id} ${v.nodes.length}`));
  if (w === 1280) {
    await page.fill('#card-number', '4242 4242 4242 4242');
    await page.fill('#card-cvc', '123');
    await Promise.all([page.waitForURL(/reservation\/complete/), page.click('button[type=submit]')]);
    console.log('after pay', page.url());
    await page.goto(url);
    await page.screenshot({ path: `/tmp/shots-booking-server/done-${w}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
await app.close();
await database.close();
