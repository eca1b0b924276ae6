/**
 * チェックイン at the door on a phone (ADR 0215): an operator names the device, checks a party in by its booking
 * number, reads the same ticket from a photo (already checked in, by whom and on which device), undoes one traveller,
 * and is told in red of a forged code and of a canceled booking. The camera is stood in for by photos of QR codes,
 * which the page decodes as it decodes the camera's frames (jsQR where the browser has no BarcodeDetector).
 */
import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { api, customerLogin, makeBooking, payFromMyPage, xsrfToken } from './support/customer.ts';
import { asStaff, OPERATOR } from './support/staff.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

interface Made {
  rsvno: string;
  code: string;
  usedate: string;
}

/** A paid booking of two adults and its ticket's code, as its customer's my page answers it. */
async function paidBooking(page: Page, tel: string, sei: string): Promise<Made> {
  const rsvno = await makeBooking(page, 'OP0001', tel, sei, 2);
  const session = await payFromMyPage(page, rsvno, tel);
  const booking = await api<{ fromdate: string; ticket?: { code: string } }>(
    page.request,
    page,
    `/api/booking/${rsvno}`,
    { session, rsvno },
  );
  return { rsvno, code: booking.ticket?.code ?? '', usedate: booking.fromdate };
}

/** A photo of a QR code, as the phone's camera app would hand it over. */
async function photoOf(text: string) {
  return { name: 'ticket.png', mimeType: 'image/png', buffer: await QRCode.toBuffer(text, { scale: 8, margin: 4 }) };
}

const result = (page: Page) => page.getByTestId('checkin-result');

test('an operator checks a party in by number, reads the ticket again from a photo, and undoes one traveller', async ({
  page,
}) => {
  const made = await paidBooking(page, '09011112222', 'CHECKIN');
  await asStaff(page, OPERATOR);
  await page.goto(`/admin/checkin?date=${made.usedate}`);
  await expect(page.getByRole('heading', { level: 1, name: 'チェックイン' })).toBeVisible();
  await page.getByLabel('この端末の名前（履歴に残ります。例：受付1）').fill('受付1');
  await page.getByRole('button', { name: '決定' }).click();
  await expect(page.getByTestId('checkin-counts')).toContainText('予定');

  await page.getByLabel('予約番号で照合').fill(made.rsvno.toLowerCase());
  await page.getByRole('button', { name: '照合する' }).click();
  await expect(result(page)).toHaveAttribute('data-verdict', 'ok');
  await expect(result(page).getByRole('heading', { name: /チェックインしました/ })).toBeVisible();
  await expect(result(page)).toContainText('CHECKIN ICHIRO');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'checkin-ok');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: '次を読み取る' }).click();
  await page.getByLabel('写真から読み取る').setInputFiles(await photoOf(made.code));
  await expect(result(page)).toHaveAttribute('data-verdict', 'already');
  await expect(result(page)).toContainText('端末「受付1」');
  await shoot(page, 'checkin-already');
  await page.setViewportSize({ width: 390, height: 844 });

  // Only one of the two came: the other is undone, and scanned again later.
  await result(page).getByRole('button', { name: '取り消す' }).nth(1).click();
  await expect(result(page).getByRole('listitem').nth(1)).toContainText('未到着');
  await page.getByRole('button', { name: '次を読み取る' }).click();
  await page.getByLabel('写真から読み取る').setInputFiles(await photoOf(made.code));
  await expect(result(page)).toHaveAttribute('data-verdict', 'ok');
  await expect(result(page).getByRole('listitem').nth(1)).toContainText('到着');
});

test('a forged code and a canceled booking are refused in red', async ({ page }) => {
  const canceled = await paidBooking(page, '09033334444', 'CANCELED');
  // The customer cancels before the day (a month ahead the policy may keep a fee; whatever it is, it is canceled).
  const session = await customerLogin(page, canceled.rsvno, '09033334444');
  const price = await api<{ refund: number }>(page.request, page, '/api/booking/cancelprice', {
    session,
    rsvno: canceled.rsvno,
  });
  await api(page.request, page, '/api/booking/cancel', {
    session,
    rsvno: canceled.rsvno,
    refund: String(price.refund),
  });

  await asStaff(page, OPERATOR);
  await page.goto(`/admin/checkin?date=${canceled.usedate}`);
  await page.getByLabel('この端末の名前（履歴に残ります。例：受付1）').fill('受付2');
  await page.getByRole('button', { name: '決定' }).click();

  await page.getByLabel('写真から読み取る').setInputFiles(await photoOf('TB1.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'));
  await expect(result(page)).toHaveAttribute('data-verdict', 'unknown');
  await expect(result(page).getByRole('heading')).toContainText('該当するチケットがありません');
  await shoot(page, 'checkin-unknown');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: '次を読み取る' }).click();
  await page.getByLabel('写真から読み取る').setInputFiles(await photoOf(canceled.code));
  await expect(result(page)).toHaveAttribute('data-verdict', 'canceled');
  await expect(result(page)).toContainText('キャンセル済み');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'checkin-canceled');
});

/**
 * This device's network cut or back at the e2e server (TEST_ROUTES=1 only): every request it sends is dropped unanswered
 * while cut, whatever Chromium's emulation lets through. The anti-forgery token is read before the cut.
 */
async function network(page: Page, token: string, state: 'cut' | 'back'): Promise<void> {
  const res = await page.request.post('/api/_test/network', {
    data: { cut: state === 'cut' },
    headers: { 'x-xsrf-token': token },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('with the network cut a scanner still admits from its copy, and on return hears that another device was first', async ({
  page,
  browser,
}) => {
  const made = await paidBooking(page, '09055556666', 'OFFLINE');
  await asStaff(page, OPERATOR);
  await page.goto(`/admin/checkin?date=${made.usedate}`);
  await page.getByLabel('この端末の名前（履歴に残ります。例：受付1）').fill('受付A');
  await page.getByRole('button', { name: '決定' }).click();
  await expect(page.getByText(/オフライン用データ：\d\d:\d\d 更新/)).toBeVisible();
  // Installable, as Chromium itself judges it: a manifest and a worker controlling the page.
  await expect
    .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker?.getRegistration('/admin/checkin'))))
    .toBe(true);
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(async () =>
      ((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors ?? []).map((e) => e.errorId),
    )
    .toEqual([]);

  // Offline as Chromium emulates it (the page's navigator.onLine), and cut at the server too: once the worker controls
  // the page, Chromium's emulation no longer covers every request of the page (its queue was once sent while
  // "offline"), so nothing this device sends may reach the server until the network returns.
  const token = await xsrfToken(page);
  // Every built file the page loaded is kept by the worker: the reload below must come from the worker alone.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = new Set<string>();
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) kept.add(new URL(request.url).pathname);
        }
        return performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((path) => path.startsWith('/assets/') && !kept.has(path));
      }),
    )
    .toEqual([]);
  await page.context().setOffline(true);
  await network(page, token, 'cut');
  await page.getByLabel('予約番号で照合').fill(made.rsvno);
  await page.getByRole('button', { name: '照合する' }).click();
  await expect(result(page)).toHaveAttribute('data-verdict', 'ok');
  await expect(result(page)).toHaveAttribute('data-offline', 'true');
  await expect(page.getByText('未送信 1件')).toBeVisible();
  await shoot(page, 'checkin-offline');
  await page.setViewportSize({ width: 390, height: 844 });
  // A reload with no network: the installed page comes from the device, with its copy and its queue.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'チェックイン' })).toBeVisible();
  await expect(page.getByText('未送信 1件')).toBeVisible();

  // Meanwhile, another device at the same door, online, admits the same party first.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const second = await other.newPage();
  await second.goto('/');
  await asStaff(second, OPERATOR);
  await second.goto(`/admin/checkin?date=${made.usedate}`);
  await second.getByLabel('この端末の名前（履歴に残ります。例：受付1）').fill('受付B');
  await second.getByRole('button', { name: '決定' }).click();
  await second.getByLabel('写真から読み取る').setInputFiles(await photoOf(made.code));
  await expect(result(second)).toHaveAttribute('data-verdict', 'ok');
  await other.close();

  // The network returns: the queue is sent, and the server's answer (受付B was first) is listed to check.
  await network(page, token, 'back');
  await page.context().setOffline(false);
  await expect(page.getByText('未送信 1件')).toHaveCount(0, { timeout: 40_000 });
  const review = page.getByRole('region', { name: '同期で確認が必要な受付' });
  await expect(review).toContainText(made.rsvno);
  await expect(review).toContainText('受付B');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'checkin-synced');
});
