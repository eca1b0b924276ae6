/**
 * Departures (ADR 0196): the bay cruise OP0049 sails at 10:00, 13:00 and 16:00 (dearer). A visitor on a phone picks
 * a day, then the 13:00 sailing, and books it in Japanese and in English; the time follows them to the end.
 */
import type { Page } from '@playwright/test';
import { addDays, formatDay, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { expectNoSeriousA11yIssues, otherLanguageOutsideContent, shoot } from './support/checks.ts';
import { api, payFromMyPage } from './support/customer.ts';
import { mailText, outboxFiles } from './support/outbox.ts';
import {
  agreeToConsent,
  agreeToConsentInEnglish,
  fillLeader,
  fillLeaderInEnglish,
  memberSection,
  payOnSandbox,
  storedReservation,
} from './support/purchase.ts';
import { expect, test } from './support/test.ts';

const CRUISE = 'OP0049';

interface Departure {
  start_time: string;
  end_time: string;
  zaikozan: number;
}

/**
 * The `nth` day (0: the first) from a week ahead whose 13:00 sailing has at least two seats: the demo's seats vary by
 * day, so each test finds its own day rather than relying on one.
 */
async function dayWith1300(page: Page, nth: number, from = 7): Promise<{ day: string; departures: Departure[] }> {
  let found = 0;
  for (let i = from; i < from + 90; i += 1) {
    const day = addDays(tokyoYmd(new Date()), i);
    const res = await page.request.get(`/api/option/${CRUISE}/departures?usedate=${day}`);
    const departures = (await res.json()).response.departures as Departure[];
    if ((departures.find((d) => d.start_time === '13:00')?.zaikozan ?? 0) >= 2 && found++ === nth) {
      return { day, departures };
    }
  }
  throw new Error('no day with two seats at 13:00 in the next three months');
}

/** The paid mail's text ('' until it is in the outbox), with its calendar file's name. */
function paidMail(rsvno: string): string {
  const [file] = outboxFiles(rsvno, 'booking_paid');
  return file ? mailText(file) : '';
}

/**
 * A paid booking of one adult on the 13:00 sailing of the `nth` day far enough ahead for a change to be free (a
 * cancellation's fee is still 0), whose 16:00 sailing has a seat: the day, its departures and the booking.
 */
async function paidChangeable(page: Page, nth: number, tel: string, lang: 'ja' | 'en') {
  let found: { day: string; departures: Departure[] } | null = null;
  for (let n = 0, seen = 0; n < 40 && !found; n += 1) {
    const candidate = await dayWith1300(page, n, 30);
    if ((candidate.departures.find((d) => d.start_time === '16:00')?.zaikozan ?? 0) > 0 && seen++ === nth) {
      found = candidate;
    }
  }
  if (!found) throw new Error('no day with seats at 13:00 and 16:00');
  const { day, departures } = found;
  const at = (time: string) => departures.find((d) => d.start_time === time) as Departure & { adultbaika: number };
  const made = await api<{ rsvno: string }>(page.request, page, '/api/booking', {
    opcd: CRUISE,
    usedate: day,
    start_time: '13:00',
    sei: 'CHANGE',
    mei: 'TARO',
    tel,
    mail: 'change.taro@example.jp',
    amountjp: String(at('13:00').adultbaika),
    lang,
    memberList: [
      { seq: '1', sei: 'CHANGE', mei: 'TARO', sex: '1', birthday: '19800415', ageclass: '1', nationality_id: '1' },
    ],
  });
  await payFromMyPage(page, made.rsvno, tel);
  return { day, at, rsvno: made.rsvno };
}

test.describe('a tour that starts at set times', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the 13:00 cruise booked on a phone in Japanese: times with seats, the time on every page and in the mail', async ({
    page,
  }) => {
    const { day, departures } = await dayWith1300(page, 0);
    await page.goto(`/detail?opcd=${CRUISE}&usedate=${day}`);
    await page
      .getByTestId('availability-calendar')
      .locator(`td[data-day="${ymdToIsoDate(day)}"] button`)
      .click();
    const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
    const times = dialog.getByRole('group', { name: '開始時刻を選択してください' });
    await expect(times.getByRole('radio')).toHaveCount(departures.length);
    // No party form before a time is chosen; a full sailing stays listed and cannot be chosen.
    await expect(dialog.getByLabel('大人', { exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: '申込者情報の入力へ' })).toBeDisabled();
    for (const d of departures.filter((x) => x.zaikozan === 0)) {
      await expect(times.getByRole('radio', { name: new RegExp(`^${d.start_time}`) })).toBeDisabled();
    }
    await expectNoSeriousA11yIssues(page, { what: 'the departures of a day' });
    await shoot(page, 'departures-choice');
    await times.getByRole('radio', { name: /^13:00〜14:00/ }).check();
    await expect(dialog.getByTestId('price-adult')).toHaveText('￥2,400');
    await dialog.getByLabel('大人', { exact: true }).selectOption('2');
    await expect(dialog.getByTestId('party-total')).toHaveText('￥4,800');
    await dialog.getByRole('button', { name: '申込者情報の入力へ' }).click();

    await expect(page).toHaveURL(/\/reservation\/member$/);
    const when = `${formatDay(day, 'ja')} 13:00〜14:00`;
    await expect(page.getByTestId('summary-usedate')).toHaveText(when);
    expect((await storedReservation(page)).startTime).toBe('13:00');
    await fillLeader(page);
    await memberSection(page, 1).getByRole('checkbox', { name: Msg.sameAsLeader }).check();
    await memberSection(page, 2).getByRole('textbox', { name: '姓', exact: true }).fill('YAMADA');
    await memberSection(page, 2).getByRole('textbox', { name: '名', exact: true }).fill('HANAKO');
    await memberSection(page, 2).getByRole('textbox', { name: '生年月日', exact: true }).fill('1987/09/30');
    await memberSection(page, 2).getByRole('radio', { name: '女性' }).check();
    await memberSection(page, 2).getByRole('combobox', { name: '国籍', exact: true }).selectOption({ label: '日本' });
    await page.getByRole('button', { name: Msg.toCheck }).click();

    await expect(page).toHaveURL(/\/reservation\/check$/);
    // A reload keeps the chosen time.
    await page.reload();
    await expect(page.getByTestId('summary-usedate')).toHaveText(when);
    await shoot(page, 'departures-check');
    await agreeToConsent(page);
    await page.getByRole('button', { name: Msg.submitPurchase }).click();
    await payOnSandbox(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ご予約が完了しました');
    await expect(page.getByTestId('complete-usedate')).toContainText('13:00〜14:00');
    const rsvno = (await page.getByTestId('rsvno').textContent()) ?? '';
    await shoot(page, 'departures-complete');

    await page.getByRole('button', { name: 'マイページへ' }).click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByTestId('mypage-start-time')).toHaveText('13:00〜14:00');
    await shoot(page, 'departures-mypage');
    await expect.poll(() => paidMail(rsvno), { timeout: 20_000 }).toContain('13:00〜14:00');
    expect(outboxFiles(rsvno, 'booking_paid')).toHaveLength(1);

    // The seats were taken from the 13:00 sailing alone.
    const after = (await (await page.request.get(`/api/option/${CRUISE}/departures?usedate=${day}`)).json()).response
      .departures as Departure[];
    for (const d of departures) {
      const left = after.find((a) => a.start_time === d.start_time)?.zaikozan;
      expect(left, d.start_time).toBe(d.start_time === '13:00' ? d.zaikozan - 2 : d.zaikozan);
    }
  });

  test('the 13:00 cruise booked in English: the times in English, nothing Japanese outside the catalog', async ({
    page,
  }) => {
    const { day } = await dayWith1300(page, 1);
    await page.goto(`/en/detail?opcd=${CRUISE}&usedate=${day}`);
    await page
      .getByTestId('availability-calendar')
      .locator(`td[data-day="${ymdToIsoDate(day)}"] button`)
      .click();
    const dialog = page.getByRole('dialog', { name: 'How many people?' });
    const times = dialog.getByRole('group', { name: 'Please choose a start time' });
    await times.getByRole('radio', { name: /^13:00–14:00/ }).check();
    await dialog.getByLabel('Adult', { exact: true }).selectOption('1');
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await shoot(page, 'en-departures-choice');
    await dialog.getByRole('button', { name: 'Continue to your details' }).click();

    await expect(page).toHaveURL(/\/en\/reservation\/member$/);
    await expect(page.getByTestId('summary-usedate')).toHaveText(`${formatDay(day, 'en')}, 13:00–14:00`);
    await fillLeaderInEnglish(page, {
      last: 'LEE',
      first: 'MINA',
      birthday: '1992/03/08',
      sex: 'Female',
      nationality: 'Australia',
      tel: '080-5555-0049',
      mail: 'mina.lee@example.com',
    });
    await page.getByRole('button', { name: 'Review your booking' }).click();

    await expect(page).toHaveURL(/\/en\/reservation\/check$/);
    await agreeToConsentInEnglish(page);
    await page.getByRole('button', { name: 'Book and pay' }).click();
    await payOnSandbox(page, '4242424242424242', 'en');
    await expect(page).toHaveURL(/\/en\/reservation\/complete\?processing=success/);
    await expect(page.getByTestId('complete-usedate')).toContainText('13:00–14:00');
    const rsvno = (await page.getByTestId('rsvno').textContent()) ?? '';
    await expect.poll(() => paidMail(rsvno), { timeout: 20_000 }).toContain('13:00–14:00');
  });

  test('a paid 13:00 booking moved to the dearer 16:00 from my page, the difference paid on the checkout', async ({
    page,
  }) => {
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    const { day, at, rsvno } = await paidChangeable(page, 0, '080-4949-1300', 'ja');
    const made = { rsvno };
    await page.goto('/mypage');
    await expect(page.getByTestId('mypage-start-time')).toHaveText('13:00〜14:00');

    await page.getByRole('button', { name: '日時を変更' }).click();
    const dialog = page.getByRole('dialog', { name: 'ご利用日時の変更' });
    await expect(dialog.getByTestId('change-current')).toContainText('13:00〜14:00');
    await dialog
      .getByTestId('availability-calendar')
      .locator(`td[data-day="${ymdToIsoDate(day)}"] button`)
      .click();
    await dialog.getByRole('radio', { name: /^16:00〜17:00/ }).check();
    const difference = at('16:00').adultbaika - at('13:00').adultbaika;
    await expect(dialog.getByTestId('change-difference')).toHaveText(`￥${difference.toLocaleString('ja-JP')}`);
    await expectNoSeriousA11yIssues(page, { what: 'the change dialog' });
    await shoot(page, 'departures-change');
    await dialog.getByRole('button', { name: '差額を支払って変更する' }).click();

    await payOnSandbox(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByTestId('mypage-start-time')).toHaveText('16:00〜17:00');
    await expect
      .poll(() => alerts)
      .toContain('差額のお支払いを確認しました。変更後の日時はご予約内容でご確認ください。');
    await expect.poll(() => outboxFiles(made.rsvno, 'booking_changed').length, { timeout: 20_000 }).toBe(1);
    expect(mailText(outboxFiles(made.rsvno, 'booking_changed')[0] ?? '')).toContain('16:00〜17:00');
  });

  test('in English, a change left at the checkout with Back is finished from a second tab, and the first tab agrees', async ({
    page,
    context,
  }) => {
    const { day, at, rsvno } = await paidChangeable(page, 1, '080-4949-1600', 'en');
    const difference = (at('16:00').adultbaika - at('13:00').adultbaika).toLocaleString('en');
    const startChange = async (tab: Page) => {
      await tab.getByRole('button', { name: 'Change date and time' }).click();
      const dialog = tab.getByRole('dialog', { name: 'Change the date and time' });
      await expect(dialog.getByTestId('change-current')).toContainText('13:00–14:00');
      await dialog
        .getByTestId('availability-calendar')
        .locator(`td[data-day="${ymdToIsoDate(day)}"] button`)
        .click();
      await dialog.getByRole('radio', { name: /^16:00–17:00/ }).check();
      await expect(dialog.getByTestId('change-difference')).toContainText(difference);
      return dialog;
    };

    await page.goto('/en/mypage');
    await expect(page.getByTestId('mypage-start-time')).toHaveText('13:00–14:00');
    const dialog = await startChange(page);
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: 'the change dialog in English' });
    await shoot(page, 'en-departures-change');
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.getByRole('button', { name: 'Pay the difference and change' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // Back from the checkout: nothing has changed, and my page says so.
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/mypage/);
    await expect(page.getByTestId('mypage-start-time')).toHaveText('13:00–14:00');

    // The customer tries again in a second tab and pays there.
    const other = await context.newPage();
    await other.goto('/en/mypage');
    await (await startChange(other)).getByRole('button', { name: 'Pay the difference and change' }).click();
    await payOnSandbox(other, '4242424242424242', 'en');
    await expect(other).toHaveURL(/\/en\/mypage$/);
    await expect(other.getByTestId('mypage-start-time')).toHaveText('16:00–17:00');

    // The first tab, reloaded, shows the booking as it is now; the change is mailed once, in English.
    await page.reload();
    await expect(page.getByTestId('mypage-start-time')).toHaveText('16:00–17:00');
    await expect.poll(() => outboxFiles(rsvno, 'booking_changed').length, { timeout: 20_000 }).toBe(1);
    const mail = mailText(outboxFiles(rsvno, 'booking_changed')[0] ?? '');
    expect(mail).toContain('16:00–17:00');
    expect(mail).toContain(difference);
  });
});
