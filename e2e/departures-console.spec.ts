/**
 * The operator's day with departures (ADR 0196, 0197): two paid bookings of the bay cruise OP0049 on one day, at
 * 13:00 and at 16:00. The manifest lists them under their times and shows one departure alone; staff move the 13:00
 * booking to 10:00 from 予約詳細; then the 16:00 sailing alone is called off — its booking canceled with the full
 * refund, the 10:00 one untouched.
 */
import type { Page } from '@playwright/test';
import { addDays, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { expectNoSeriousA11yIssues } from './support/checks.ts';
import { api, payFromMyPage } from './support/customer.ts';
import { asStaff, menu, OPERATOR, shootConsole } from './support/staff.ts';
import { expect, test } from './support/test.ts';

const CRUISE = 'OP0049';

interface Departure {
  start_time: string;
  zaikozan: number;
  adultbaika: number;
}

/** A day from `from` days ahead (its cancellation free, so it may be changed) with a seat at 10:00, 13:00 and 16:00. */
async function dayWithThree(page: Page, from: number): Promise<{ day: string; departures: Departure[] }> {
  for (let i = from; i < from + 120; i += 1) {
    const day = addDays(tokyoYmd(new Date()), i);
    const res = await page.request.get(`/api/option/${CRUISE}/departures?usedate=${day}`);
    const departures = (await res.json()).response.departures as Departure[];
    const seat = (time: string) => (departures.find((d) => d.start_time === time)?.zaikozan ?? 0) > 0;
    if (seat('10:00') && seat('13:00') && seat('16:00')) return { day, departures };
  }
  throw new Error('no day with a seat at 10:00, 13:00 and 16:00');
}

async function paidBooking(page: Page, day: string, d: Departure, tel: string, sei: string): Promise<string> {
  const made = await api<{ rsvno: string }>(page.request, page, '/api/booking', {
    opcd: CRUISE,
    usedate: day,
    start_time: d.start_time,
    sei,
    mei: 'TARO',
    tel,
    mail: `${sei.toLowerCase()}@example.jp`,
    amountjp: String(d.adultbaika),
    lang: 'ja',
    memberList: [{ seq: '1', sei, mei: 'TARO', sex: '1', birthday: '19800415', ageclass: '1', nationality_id: '1' }],
  });
  await payFromMyPage(page, made.rsvno, tel);
  return made.rsvno;
}

test('the manifest per departure, a booking moved by staff, and one departure called off', async ({ page }) => {
  const { day, departures } = await dayWithThree(page, 40);
  const at = (time: string) => departures.find((d) => d.start_time === time) as Departure;
  const early = await paidBooking(page, day, at('13:00'), '080-4949-0013', 'SANJI');
  const late = await paidBooking(page, day, at('16:00'), '080-4949-0016', 'YOJI');

  await asStaff(page, OPERATOR);
  await page.goto(`/admin/manifest?date=${day}&opcd=${CRUISE}`);
  await expect(page.getByRole('link', { name: early })).toBeVisible();
  await expect(page.getByRole('link', { name: late })).toBeVisible();
  await page.getByRole('combobox', { name: '便', exact: true }).selectOption('13:00');
  await page.getByRole('button', { name: '表示' }).click();
  await expect(page.getByRole('link', { name: early })).toBeVisible();
  await expect(page.getByRole('link', { name: late })).toHaveCount(0);
  await shootConsole(page, 'admin-manifest-departure');

  // 予約詳細: 13:00 → 10:00, the same price.
  await page.goto(`/admin/bookings/${early}`);
  await page.getByRole('button', { name: '日時を変更' }).click();
  const change = page.getByRole('dialog', { name: '日時を変更' });
  await change.getByLabel('変更後の日付').fill(ymdToIsoDate(day));
  await change.getByLabel('開始時刻').selectOption('10:00');
  await expect(change).toContainText('変更後の旅行代金');
  await expectNoSeriousA11yIssues(page, { what: '日時を変更' });
  await shootConsole(page, 'admin-change-departure');
  await change.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('日時を変更しました。')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('日時の変更');

  // 催行中止 of the 16:00 sailing alone.
  await menu(page).getByRole('link', { name: '催行中止' }).click();
  await page.getByLabel('対象').selectOption(CRUISE);
  await page.getByLabel('開始日').fill(ymdToIsoDate(day));
  await page
    .getByRole('group', { name: '対象の便' })
    .getByRole('radio', { name: /^16:00〜17:00/ })
    .check();
  await page.getByLabel('悪天候').check();
  await page.getByRole('button', { name: '内容を確認する' }).click();
  const preview = page.getByRole('region', { name: /催行中止の内容/ });
  await expect(preview.getByRole('row').filter({ hasText: late })).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: early })).toHaveCount(0);
  await preview.getByRole('button', { name: '催行中止を実行する' }).click();
  await page.getByRole('dialog', { name: '催行中止を実行する' }).getByRole('button', { name: '実行する' }).click();
  await expect(page.getByText(/催行中止を実行しました/)).toBeVisible();

  // The customers' side: the 16:00 booking canceled in full, the moved one still paid at 10:00.
  const login = async (rsvno: string, tel: string) =>
    (await api<{ session: string }>(page.request, page, '/api/mylogin', { rsvno, tel })).session;
  const read = async (rsvno: string, tel: string) =>
    api<{ status: number; optionList: { start_time: string }[]; refund?: number }>(
      page.request,
      page,
      `/api/booking/${rsvno}`,
      { session: await login(rsvno, tel) },
    );
  const stopped = await read(late, '080-4949-0016');
  expect(stopped.status).toBe(4);
  expect(stopped.refund).toBe(at('16:00').adultbaika);
  const moved = await read(early, '080-4949-0013');
  expect(moved.status).toBe(1);
  expect(moved.optionList[0]?.start_time).toBe('10:00');
});
