/**
 * Shared resources and rental sizes as a visitor on a phone meets them (ADR 0209): a boot size the shop has none left
 * of that day is listed but marked 在庫なし and cannot be chosen, another size is booked and paid; the Lake Ashi ship's
 * day in dock closes both the Hakone day tour and the boarding coupon that ride it. The demo data (seed/resources.ts):
 * boots 25.5 rented out on every other day from tomorrow, the ship in dock 12 days ahead, three guides for the Sendai
 * food walk (OP0023), one a booking, whom staff reassign in 予約詳細.
 */
import { addDays, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { seatsLeft } from './support/catalog.ts';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { makeBooking } from './support/customer.ts';
import { agreeToConsent, fillLeader, memberSection, payOnSandbox } from './support/purchase.ts';
import { asStaff, OPERATOR, shootConsole } from './support/staff.ts';
import { expect, test } from './support/test.ts';

const today = () => tokyoYmd(new Date());

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a boot size without stock that day is marked 在庫なし; another size is booked and paid (OP0003)', async ({
    page,
    request,
  }) => {
    // The first day an odd number of days ahead (the shops have no boots of 25.5 left) that OP0003 sells: its
    // calendar closes some days.
    let usedate = '';
    for (let ahead = 1; !usedate; ahead += 2) {
      expect(ahead, 'an odd day ahead that OP0003 sells').toBeLessThan(40);
      const day = addDays(today(), ahead);
      if ((await seatsLeft(request, 'OP0003', day)) > 0) usedate = day;
    }
    await page.goto(`/detail?opcd=OP0003&usedate=${usedate}`);
    const calendar = page.getByTestId('availability-calendar');
    await calendar.locator(`td[data-day="${ymdToIsoDate(usedate)}"] button`).click();
    const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
    await expect(dialog.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
    await dialog.getByRole('button', { name: '申込者情報の入力へ' }).click();
    await expect(page).toHaveURL(/\/reservation\/member$/);
    await fillLeader(page);
    await memberSection(page, 1).getByRole('checkbox', { name: Msg.sameAsLeader }).check();
    await page.getByRole('button', { name: Msg.toRental }).click();
    await expect(page).toHaveURL(/\/reservation\/rental$/);

    const renter = page.getByRole('region', { name: /参加者1/ });
    const boots = renter.getByRole('combobox', { name: 'ブーツ', exact: true });
    const soldOut = boots.getByRole('option', { name: '25.5cm（在庫なし）' });
    await expect(soldOut).toBeDisabled();
    await expect(boots.getByRole('option', { name: '26.0cm', exact: true })).toBeEnabled();
    // Reloaded, the step asks the shop again and still marks it.
    await page.reload();
    await expect(soldOut).toBeDisabled();
    await expectNoSeriousA11yIssues(page);
    await shoot(page, 'rental-sold-out');
    await page.setViewportSize({ width: 390, height: 844 });

    await renter.getByRole('combobox', { name: 'レンタル', exact: true }).selectOption({ label: 'スキー' });
    await boots.selectOption('26.0');
    await renter.getByRole('combobox', { name: 'ウェア', exact: true }).selectOption('L');
    await page.getByRole('button', { name: Msg.toCheck }).click();
    await expect(page).toHaveURL(/\/reservation\/check$/);
    // Back on the rental step: the size chosen is kept, and the one without stock still cannot be chosen.
    await page.goBack();
    await expect(boots).toHaveValue('26.0');
    await expect(soldOut).toBeDisabled();
    await page.getByRole('button', { name: Msg.toCheck }).click();
    await expect(page).toHaveURL(/\/reservation\/check$/);
    await expect(page.getByRole('main')).toContainText('26.0cm');
    await agreeToConsent(page);
    await page.getByRole('button', { name: Msg.submitPurchase }).click();
    await payOnSandbox(page, '4242424242424242');
    await expect(page).toHaveURL(/processing=success/);
    await expect(page.getByTestId('rsvno')).toHaveText(/^[A-Z0-9]{8}$/);
  });

  test('the ship’s day in dock closes both the day tour and the boarding coupon that ride it', async ({
    page,
    request,
  }) => {
    const dock = addDays(today(), 12);
    for (const opcd of ['OP0027', 'OP0013']) {
      expect(await seatsLeft(request, opcd, dock), opcd).toBe(0);
      expect(await seatsLeft(request, opcd, addDays(dock, 1)), opcd).toBeGreaterThan(0);
    }
    await page.goto(`/detail?opcd=OP0027&usedate=${dock}`);
    const day = page.getByTestId('availability-calendar').locator(`td[data-day="${ymdToIsoDate(dock)}"] button`);
    await expect(day).toBeDisabled();
    await expect(
      page.getByTestId('availability-calendar').locator(`td[data-day="${ymdToIsoDate(addDays(dock, 1))}"] button`),
    ).toBeEnabled();
    await shoot(page, 'ship-in-dock');
  });
});

test('staff move a walk’s booking to another guide of the pool in 予約詳細, and it is in the history', async ({
  page,
}) => {
  await page.goto('/');
  // Two walks on one day: each takes the first guide of the pool with room.
  const first = await makeBooking(page, 'OP0023', '09011112222', 'GUIDE', 1);
  await makeBooking(page, 'OP0023', '09011113333', 'GUIDE', 1);
  await asStaff(page, OPERATOR);
  await page.goto(`/admin/bookings/${first}`);
  const guides = page.getByRole('table', { name: 'この予約が使うリソース' });
  await expect(guides.getByRole('rowheader')).toHaveText(['食べ歩きガイド 山田']);
  const to = guides.getByRole('combobox', { name: '割り当て先' });
  // The second walk took 佐藤: full that day, listed but not offered.
  await expect(to.getByRole('option', { name: /食べ歩きガイド 佐藤（残り0／1・空きなし）/ })).toBeDisabled();
  await to.selectOption({ label: '食べ歩きガイド 鈴木（残り1／1）' });
  await guides.getByRole('button', { name: '割り当てを変更' }).click();
  await expect(
    page.getByText('リソースの割り当てを「食べ歩きガイド 山田」から「食べ歩きガイド 鈴木」に変更しました。'),
  ).toBeVisible();
  await expect(guides.getByRole('rowheader')).toHaveText(['食べ歩きガイド 鈴木']);
  await expect(page.getByText('リソースの割り当てを変更').first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shootConsole(page, 'booking-guide-reassigned');
});
