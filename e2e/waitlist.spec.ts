/**
 * キャンセル待ち (ADR 0167): a visitor joins the waiting list of a sold-out day, a booking of that day is
 * withdrawn, the offer mail arrives with its link, and the visitor books the held seats from it. The day is made
 * sold out on an option no other spec uses (OP0045, a リクエスト商品: no card step), far ahead.
 */
import type { Page } from '@playwright/test';
import { Msg } from '@tabi/contract/messages';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { api, customerLogin } from './support/customer.ts';
import { mailText, outboxFiles } from './support/outbox.ts';
import { agreeToConsent, fillLeader, fillPerson, HANAKO, memberSection, PHONE } from './support/purchase.ts';
import { expect, test } from './support/test.ts';

const OPCD = 'OP0045';
const MAIL = `wait-${Date.now()}@example.jp`;

const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');

function mailsOf(kind: string): string[] {
  return outboxFiles(`-${kind}-`);
}

/** Books every seat left on the day as requests of up to 6 (a request holds its seats); returns the bookings. */
async function sellOut(page: Page, usedate: string, left: number): Promise<{ rsvno: string; adults: number }[]> {
  const price = await api<{ valueList: Record<string, { adultbaika: string }> }>(
    page.request,
    page,
    `/api/price/${OPCD}?usedate=${usedate}&adultqty=1&middleqty=0&childqty=0&infantqty=0`,
  );
  const unit = Number(price.valueList[usedate]?.adultbaika ?? 0);
  const made: { rsvno: string; adults: number }[] = [];
  while (left > 0) {
    const adults = Math.min(6, left);
    const { rsvno } = await api<{ rsvno: string }>(page.request, page, '/api/booking', {
      opcd: OPCD,
      usedate,
      md: '',
      sei: 'MANSEKI',
      mei: 'ICHIRO',
      tel: PHONE,
      mail: `full-${made.length}@example.jp`,
      amountjp: String(unit * adults),
      lang: 'ja',
      webname_localized: '',
      memberList: Array.from({ length: adults }, (_, i) => ({
        seq: String(i + 1),
        sei: 'MANSEKI',
        mei: `ICHIRO ${String.fromCharCode(65 + i)}`,
        sex: '1',
        birthday: '19800415',
        ageclass: '1',
        nationality_id: '0',
      })),
      rentskiList: [],
    });
    made.push({ rsvno, adults });
    left -= adults;
  }
  return made;
}

test('a visitor joins the waiting list of a sold-out day and books from the mail link after a withdrawal', async ({
  page,
}) => {
  // A day about 40 days ahead with seats, made sold out with requests.
  const from = new Date(Date.now() + 40 * 86_400_000);
  const detail = await api<{ valueList: Record<string, { zaikozan: string }> }>(
    page.request,
    page,
    `/api/option/${OPCD}?usedate=${ymd(from)}`,
  );
  const usedate = Object.keys(detail.valueList)
    .sort()
    .find((d) => d >= ymd(from) && Number(detail.valueList[d]?.zaikozan ?? 0) > 0);
  if (!usedate) throw new Error(`no open day for ${OPCD}`);
  const bookings = await sellOut(page, usedate, Number(detail.valueList[usedate]?.zaikozan));
  const released = bookings.find((b) => b.adults >= 2) ?? bookings[0];
  if (!released) throw new Error('no booking made');

  // The detail page offers キャンセル待ち for the month's sold-out days; the calendar keeps them unselectable.
  await page.goto(`/detail?opcd=${OPCD}&usedate=${usedate}`);
  const block = page.getByTestId('waitlist-join');
  await expect(block).toBeVisible();
  await block.getByRole('button', { name: 'キャンセル待ちに登録' }).click();
  const dialog = page.getByRole('dialog', { name: 'キャンセル待ちに登録' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('ご希望の日付').selectOption(usedate);
  await dialog.getByLabel('人数').selectOption('2');
  // Said in Japanese before anything is sent.
  await dialog.getByRole('button', { name: '登録する' }).click();
  await expect(dialog.getByText('メールアドレスを入力してください')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'メールアドレス' }).fill(MAIL);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'waitlist-join-form');
  await dialog.getByRole('button', { name: '登録する' }).click();
  await expect(dialog.getByTestId('waitlist-joined')).toContainText('キャンセル待ちに登録しました');
  await shoot(page, 'waitlist-joined');
  await dialog.getByRole('button', { name: Msg.close }).click();
  await expect(block.getByRole('button', { name: 'キャンセル待ちに登録' })).toBeFocused();

  // The confirmation mail has arrived; then a booking of that day is withdrawn and its seats come back.
  await expect
    .poll(() => mailsOf('waitlist_joined').some((f) => mailText(f).includes('2名')), { timeout: 30_000 })
    .toBe(true);
  const session = await customerLogin(page, released.rsvno, PHONE);
  await api(page.request, page, '/api/booking/withdraw', { session, rsvno: released.rsvno });
  await page.evaluate(() => localStorage.removeItem('auth'));

  // The offer mail, with the link that holds the seats.
  let link = '';
  await expect
    .poll(
      () => {
        for (const file of mailsOf('waitlist_offered')) {
          const text = mailText(file);
          const found = /https?:\/\/\S+\/detail\?\S*waitlist=[\w-]+/.exec(text);
          if (found && text.includes('2名分')) link = found[0];
        }
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  const offer = page.getByTestId('waitlist-offer');
  await expect(offer).toContainText('キャンセル待ちのお席をご用意しました');
  await expect(offer.getByTestId('waitlist-offer-text')).toContainText('2名分');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'waitlist-offer');

  // The party form is limited to the held seats, priced though the day is sold out to everyone else.
  await offer.getByRole('button', { name: '人数を選んで申し込む' }).click();
  const party = page.getByRole('dialog', { name: 'ご利用人数の選択' });
  await expect(party.getByTestId('party-offer')).toContainText('2名分');
  await expect(party.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
  await party.getByLabel('大人', { exact: true }).selectOption('2');
  await shoot(page, 'waitlist-offer-party');
  await party.getByRole('button', { name: '申込者情報の入力へ' }).click();
  await expect(page).toHaveURL(/\/reservation\/member$/);

  await fillLeader(page, undefined, MAIL);
  await memberSection(page, 1).getByRole('checkbox', { name: Msg.sameAsLeader }).check();
  await fillPerson(memberSection(page, 2), HANAKO);
  await page.getByRole('button', { name: Msg.toCheck }).click();
  await expect(page).toHaveURL(/\/reservation\/check$/);
  await agreeToConsent(page);
  await page.getByRole('button', { name: 'リクエスト', exact: true }).click();
  await expect(page).toHaveURL(/\/reservation\/complete\?processing=success/);

  // The link is used: opening it again says so, and the day is sold out again.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByTestId('waitlist-offer')).toContainText('すでにご予約いただいています');
  const after = await api<{ valueList: Record<string, { zaikozan: string }> }>(
    page.request,
    page,
    `/api/option/${OPCD}?usedate=${usedate}`,
  );
  expect(Number(after.valueList[usedate]?.zaikozan)).toBe(Math.max(0, released.adults - 2));
});
