/**
 * The option detail page (SPEC §2) rendered with the API's answers: its sections, the request item's notes, an unknown
 * code, the availability calendar's months and days, and the party-count form a day opens. The fixtures have the
 * properties of the demo options the browser tests used, and are parsed by the contract's schemas
 * (test/option-fixture.ts). Scrolling to a tab's section needs a laid-out page: e2e/catalog-detail.spec.ts checks it.
 * The calendar and the party form on the English site too (/en/detail); that its Saturday column stays inside the
 * card at a phone's width needs a laid-out page: e2e/calendar-month-title.spec.ts checks the calendar in its card.
 */
import type { OptionDetail } from '@tabi/contract/catalog';
import { addDays, addMonths, daysBetween, monthEnd, monthStart, tokyoYmd, type Ymd } from '@tabi/contract/dates';
import type { Lang } from '@tabi/contract/i18n';
import { Msg } from '@tabi/contract/messages';
import { DEFAULT_SALES_CUTOFF, firstDayOnSale, salesClosed } from '@tabi/contract/sales-cutoff';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../i18n/messages.ts';
import { useReservationStore } from '../../stores/reservation-store.ts';
import { type ApiCall, stubApi } from '../../test/api-server.ts';
import { expectNoSeriousA11yIssues } from '../../test/axe.ts';
import { type DayPrices, optionApi, optionDetailFixture, stubCarouselGlobals } from '../../test/option-fixture.ts';
import { otherLanguageTexts } from '../../test/other-language.ts';
import { currentPath, renderPages } from '../../test/render-pages.tsx';
import { Component as DetailPage } from './detail.tsx';

const today = (): Ymd => tokyoYmd(new Date());

/** The page at `path` (in `lang`: /en/detail is /detail of the English router), with the list to go back to. */
function renderDetail(path: string, lang?: Lang): void {
  renderPages(path, { '/detail': <DetailPage /> }, lang);
}

/** The sales cutoff of the option answered last: where its calendar opens (the page's rule, ADR 0191). */
let answeredCutoff: OptionDetail['sales_cutoff'];

/** Answers the option's calls, recording each. */
function answer(option: OptionDetail, seats: (day: Ymd) => number | null, prices?: DayPrices): ApiCall[] {
  answeredCutoff = option.sales_cutoff;
  const calls: ApiCall[] = [];
  const api = optionApi(option, seats, prices);
  stubApi((call) => {
    calls.push(call);
    return api(call);
  });
  return calls;
}

const caption = (ymd: Ymd) => `${Number(ymd.slice(0, 4))}年${Number(ymd.slice(4, 6))}月`;
const slashed = (ymd: string) => `${ymd.slice(0, 4)}/${ymd.slice(4, 6)}/${ymd.slice(6)}`;
const iso = (ymd: Ymd) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}`;

const calendar = () => screen.getByTestId('availability-calendar');
const monthButton = (name: '前の月' | '次の月') => within(calendar()).getByRole<HTMLButtonElement>('button', { name });

function dayCell(ymd: Ymd): HTMLElement {
  const cell = calendar().querySelector<HTMLElement>(`td[data-day="${iso(ymd)}"]`);
  if (!cell) throw new Error(`no cell for ${ymd}`);
  return cell;
}
const dayButton = (ymd: Ymd) => within(dayCell(ymd)).getByRole<HTMLButtonElement>('button');
const markOf = (ymd: Ymd) => within(dayCell(ymd)).getByTestId('stock-mark').textContent;
const priceOf = (ymd: Ymd) => within(dayCell(ymd)).getByTestId('day-price').textContent;

/** The calendar once its month is on show. */
async function showsMonth(month: Ymd): Promise<void> {
  await within(await screen.findByTestId('availability-calendar')).findByText(caption(month), { exact: true });
}

/**
 * The month the calendar opens at: this one, or at a month's end once its last day has closed, the month of the first
 * day still on sale.
 */
const openingMonth = (): Ymd => {
  const onSale = monthStart(firstDayOnSale(answeredCutoff ?? DEFAULT_SALES_CUTOFF, new Date()));
  return onSale > monthStart(today()) ? onSale : monthStart(today());
};

/** Moves the calendar forward from the month on show (`from`, where it opens by default) to that of `ymd`. */
async function showMonth(ymd: Ymd, from: Ymd = openingMonth()): Promise<void> {
  const user = userEvent.setup();
  let month = monthStart(from);
  await showsMonth(month);
  while (month < monthStart(ymd)) {
    await user.click(monthButton('次の月'));
    month = addMonths(month, 1);
    await showsMonth(month);
  }
  await waitFor(() => expect(calendar().getAttribute('aria-busy')).toBe('false'));
}

beforeAll(stubCarouselGlobals);
afterAll(() => vi.unstubAllGlobals());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('option detail', () => {
  it('OP0001 shows every section, the tabs, the map and the organiser', async () => {
    const option = optionDetailFixture();
    answer(option, () => 30);
    renderDetail('/detail?opcd=OP0001&homencd=03&md=DT');

    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toContain('日帰りバスツアー');
    await waitFor(() => expect(document.title).toMatch(/日帰りバスツアー/));
    expect(document.querySelector('.badge-request')).toBeNull();
    expect(screen.getByRole('link', { name: Msg.backToList }).getAttribute('href')).toBe('/?homencd=03&md=DT');

    const main = screen.getByRole('main');
    expect(main.textContent).toContain(`利用期間${slashed(option.use_from)}～${slashed(option.use_to)}`);
    expect(main.textContent).toContain('関東 ／ 東京 ／ 台東区');
    expect(main.textContent).toMatch(/出発地\s*東京駅/);
    expect(main.textContent).toMatch(/集合場所\s*東京駅八重洲南口/);
    expect(main.textContent).toMatch(/商品コード\s*OP0001/);
    expect(within(screen.getByRole('list', { name: 'キーワード' })).getAllByRole('listitem')).toHaveLength(4);

    // Each tab leads to its section, named by its heading.
    const tabs = screen.getByRole('navigation', { name: 'ページ内メニュー' });
    for (const [id, name] of [
      ['content-guide', '内容案内'],
      ['price', '旅行代金'],
      ['application-guide', '申込案内'],
    ] as const) {
      const section = document.querySelector<HTMLElement>(`section#${id}`);
      expect(section, id).not.toBeNull();
      expect(within(section as HTMLElement).getByRole('heading', { level: 2, name })).toBeTruthy();
      expect(within(tabs).getByRole('link', { name }).getAttribute('href')).toBe(`#${id}`);
    }
    await userEvent.setup().click(within(tabs).getByRole('link', { name: '申込案内' }));
    expect(window.location.hash).toBe('#application-guide');

    expect(within(main).getByRole('heading', { name: '施設情報' })).toBeTruthy();
    expect(main.textContent).toContain('さくら観光バス株式会社');
    expect(main.textContent).toContain('03-5555-0101');
    expect(within(main).getByRole('heading', { name: '注意事項' })).toBeTruthy();
    expect(within(main).getByRole('heading', { name: /取消料/ })).toBeTruthy();
    const map = document.querySelector('iframe[title]');
    expect(map?.getAttribute('src')).toBe('https://maps.google.com/maps?q=35.6812,139.7671&z=15&output=embed');
    expect(map?.getAttribute('loading')).toBe('lazy');

    const organiser = screen.getByRole('region', { name: '旅行企画・実施' });
    expect(organiser.textContent).toContain('さくらトラベル株式会社');
    expect(organiser.textContent).toContain('観光庁長官登録旅行業第0000号');
    expect(organiser.textContent).toContain('日本旅行業協会');

    const price = document.querySelector('#price');
    expect(price?.textContent).toContain('大人１名様あたり');
    expect(price?.textContent).not.toContain('リクエスト商品です');
  });

  it('a request item shows its badge and the e-mail note', async () => {
    // OP0002 of the demo: a request item (a cruise whose seats are confirmed by e-mail).
    const option = optionDetailFixture({
      opcd: 'OP0002',
      webname: '屋形船で楽しむ東京湾 夜景クルーズ（江戸前天ぷら・飲み放題付き）',
      flg_request_item: 1,
      sales_cutoff: { daysBefore: 1, time: '17:00' },
    });
    answer(option, () => 16);
    renderDetail('/detail?opcd=OP0002');

    const main = await screen.findByRole('main');
    expect((await within(main).findAllByText(Msg.requestBadge))[0]).toBeTruthy();
    const price = document.querySelector('#price');
    expect(price?.textContent).toContain('メールにてご連絡');
    expect(price?.textContent).toContain('大人１名様あたり');
  });

  it('an unknown option alerts and goes back to the list', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    answer(optionDetailFixture(), () => 30);
    renderDetail('/detail?opcd=NOPE99&md=X1');

    await waitFor(() => expect(currentPath()).toBe('/?md=X1'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(Msg.optionNotFound);
  });
});

describe('availability calendar', () => {
  it('moves by month but never before the current one', async () => {
    // Mid-month: on a month's last day after its sales closed the calendar opens at the next month (tested below).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-17T00:30:00Z') });
    try {
      const calls = answer(optionDetailFixture(), () => 30);
      renderDetail('/detail?opcd=OP0001');
      const thisMonth = monthStart(today());
      const nextMonth = addMonths(thisMonth, 1);
      await showsMonth(thisMonth);
      const user = userEvent.setup();

      expect(monthButton('前の月').disabled).toBe(true);
      const weekdays = calendar().querySelectorAll('th');
      expect(weekdays[0]?.textContent).toBe('日');
      expect(weekdays[weekdays.length - 1]?.textContent).toBe('土');
      // Only the month's own days: no outside days, no padding week.
      expect(calendar().querySelectorAll('td[data-day] button')).toHaveLength(Number(monthEnd(thisMonth).slice(6)));

      await user.click(monthButton('次の月'));
      await showsMonth(nextMonth);
      expect(monthButton('前の月').disabled).toBe(false);
      await waitFor(() =>
        expect(
          calls.some((c) => c.url.pathname === '/api/option/OP0001' && c.url.searchParams.get('usedate') === nextMonth),
        ).toBe(true),
      );
      await waitFor(() => expect(calendar().querySelector('td[data-day] button:not([disabled])')).not.toBeNull());

      await user.click(monthButton('前の月'));
      await showsMonth(thisMonth);
      expect(monthButton('前の月').disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('at a month’s end, once its last day has closed, opens at the next month and remembers that month’s price', async () => {
    // 09:00 in Tokyo on the last day of November: the fixture's sales for the day closed at 06:45.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T00:00:00Z') });
    try {
      answer(optionDetailFixture(), () => 30);
      const writes = vi.spyOn(Storage.prototype, 'setItem');
      renderDetail('/detail?opcd=OP0001');
      await showsMonth('20261201');
      await waitFor(() => expect(writes).toHaveBeenCalled());
      const remembered = writes.mock.calls
        .filter(([key]) => key === 'tabi.recently-viewed')
        .map(([, value]) => JSON.parse(value)[0].price);
      expect(remembered).toEqual([9800]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts at the month of the usedate query', async () => {
    const target = addMonths(today(), 2);
    const calls = answer(optionDetailFixture(), () => 30);
    renderDetail(`/detail?opcd=OP0001&usedate=${addDays(target, 4)}`);
    await showsMonth(target);
    expect(calls[0]?.url.searchParams.get('usedate')).toBe(addDays(target, 4));
  });

  it('shows ○, digits and blanks and refuses sold-out, past and closed days (OP0014)', async () => {
    // A day in the middle of a month, after today's sales closed: on a month's last day the calendar would open at the
    // next month (the test above), wherever this test runs.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-17T00:30:00Z') });
    try {
      // OP0014 of the demo: its seats from today on repeat this pattern (apps/server/src/seed/stock.ts), and today's bus
      // leaves at 08:00, so its sales close at 06:00 (ADR 0191); after that, today is blank too.
      const PATTERN = [8, 0, 15, 3, 0, 20, 1, 12, 5, 0, 25, 9, 18, 2];
      const option = optionDetailFixture({
        opcd: 'OP0014',
        webname: '【新宿発】富士山五合目と河口湖 日帰りバスツアー',
        sales_cutoff: { daysBefore: 0, time: '06:00' },
      });
      const t = today();
      const prices = { adultbaika: '8900', middlebaika: '0', childbaika: '5300', infantbaika: '0' };
      answer(option, (day) => (day < t ? null : (PATTERN[daysBetween(t, day) % PATTERN.length] ?? 0)), prices);
      renderDetail('/detail?opcd=OP0014');
      await showMonth(t);

      // Two weeks from today, wherever the month boundary falls.
      for (let offset = 0; offset < PATTERN.length; offset++) {
        const day = addDays(t, offset);
        if (offset > 0) await showMonth(day, addDays(day, -1));
        const stock = salesClosed(day, { daysBefore: 0, time: '06:00' }, new Date()) ? 0 : (PATTERN[offset] ?? 0);
        if (stock === 0) {
          expect(markOf(day), day).toBe('');
          expect(dayButton(day).disabled, day).toBe(true);
          expect(priceOf(day), day).toBe('');
        } else {
          expect(markOf(day), day).toBe(stock >= 10 ? '○' : String(stock));
          expect(dayButton(day).disabled, day).toBe(false);
          expect(priceOf(day), day).toBe('￥8,900');
        }
      }
      // Back to this month, for the day before today.
      if (monthStart(addDays(t, PATTERN.length - 1)) !== monthStart(t)) {
        await userEvent.setup().click(monthButton('前の月'));
        await showMonth(t);
      }
      if (t.slice(6) !== '01') {
        expect(dayButton(addDays(t, -1)).disabled).toBe(true);
        expect(markOf(addDays(t, -1))).toBe('');
      }

      // The first sold-out day of the next stretch.
      const soldOut = addDays(t, PATTERN.indexOf(0) + PATTERN.length);
      await showMonth(soldOut);
      expect(dayButton(soldOut).disabled).toBe(true);
      expect(markOf(soldOut)).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('party-count form', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'ご利用人数の選択' });
  const select = (label: string) => within(dialog()).getByLabelText<HTMLSelectElement>(label);
  const proceed = () => within(dialog()).getByRole<HTMLButtonElement>('button', { name: '申込者情報の入力へ' });
  /** The counts a class may be given beyond 0. */
  const choicesOf = (label: string) => select(label).options.length - 1;

  /** Taps `day` on the calendar and waits for the form with its prices. */
  async function openForm(day: Ymd, adultPrice: string): Promise<void> {
    await userEvent.setup().click(dayButton(day));
    await screen.findByRole('dialog', { name: 'ご利用人数の選択' });
    await waitFor(() => expect(within(dialog()).getByTestId('price-adult').textContent).toBe(adultPrice));
  }

  afterEach(() => {
    useReservationStore.getState().reset();
    localStorage.clear();
  });

  it('bounds follow max − others, the total follows the prices, and the way on to applicant entry', async () => {
    // OP0001 of the demo: one to eight people, plenty of seats, adults 9,800 yen and children 5,900.
    answer(optionDetailFixture(), () => 30);
    renderDetail('/detail?opcd=OP0001&md=PARTY');
    const chosen = addDays(today(), 3);
    await showMonth(chosen);
    expect(markOf(chosen)).toBe('○');
    await openForm(chosen, '￥9,800');
    const user = userEvent.setup();

    expect(within(dialog()).queryByLabelText('中人')).toBeNull();
    expect(select('大人').value).toBe('1');
    expect(select('小人').value).toBe('0');
    expect(dialog().textContent).toContain('利用可能人数：1名～8名');
    expect(proceed().disabled).toBe(false);

    expect(choicesOf('大人')).toBe(8);
    expect(choicesOf('小人')).toBe(7);
    await user.selectOptions(select('小人'), '3');
    expect(choicesOf('大人')).toBe(5);
    expect(choicesOf('幼児')).toBe(4);
    await user.selectOptions(select('大人'), '2');
    expect(choicesOf('小人')).toBe(6);
    expect(choicesOf('幼児')).toBe(3);
    expect(within(dialog()).getByTestId('price-child').textContent).toBe('￥5,900');
    expect(within(dialog()).getByTestId('party-total').textContent).toBe(
      `￥${(9800 * 2 + 5900 * 3).toLocaleString('ja-JP')}`,
    );

    // No one at all is outside min..max: the way on closes.
    await user.selectOptions(select('大人'), '0');
    await user.selectOptions(select('小人'), '0');
    expect(proceed().disabled).toBe(true);
    await user.selectOptions(select('大人'), '2');
    await user.selectOptions(select('小人'), '1');
    expect(proceed().disabled).toBe(false);

    await user.click(proceed());
    await waitFor(() => expect(currentPath()).toBe('/reservation/member'));
    const stored = JSON.parse(localStorage.getItem('reservation') ?? 'null');
    expect(stored.state.optionDetail.opcd).toBe('OP0001');
    expect(stored.state.optionDetail.valueList).toBeUndefined();
    expect(stored.state.usedate).toBe(chosen);
    expect(stored.state.party).toEqual({ adult: 2, middle: 0, child: 1, infant: 0 });
    expect(stored.state.amount).toBe(9800 * 2 + 5900);
    expect(stored.state.md).toBe('PARTY');
    expect(typeof stored.state.startedAt).toBe('number');
  });

  it('more people than the seats left shows the stock message (OP0014)', async () => {
    // A day of OP0014's with one seat left (its demo pattern has one six days from today).
    const option = optionDetailFixture({ opcd: 'OP0014', sales_cutoff: { daysBefore: 0, time: '06:00' } });
    const day = addDays(today(), 6);
    answer(option, (d) => (d === day ? 1 : 12), {
      adultbaika: '8900',
      middlebaika: '0',
      childbaika: '5300',
      infantbaika: '0',
    });
    renderDetail('/detail?opcd=OP0014');
    await showMonth(day);
    expect(markOf(day)).toBe('1');
    await openForm(day, '￥8,900');

    expect(proceed().disabled).toBe(false);
    expect(within(dialog()).queryByText(Msg.overStock)).toBeNull();
    await userEvent.setup().selectOptions(select('大人'), '2');
    expect(within(dialog()).getByText(Msg.overStock)).toBeTruthy();
    expect(proceed().disabled).toBe(true);
    await userEvent.setup().click(within(dialog()).getByRole('button', { name: Msg.close }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ご利用人数の選択' })).toBeNull());
  });

  it('a pair-only option needs exactly two (OP0015)', async () => {
    // OP0015 of the demo: a rickshaw for two (two people at least and at most), adults and children only; today is
    // never sold (its sales close as the day begins).
    const option = optionDetailFixture({
      opcd: 'OP0015',
      webname: '【ペア限定】鎌倉 人力車で巡る古都散策（60分）',
      min_people: 2,
      max_people: 2,
      child_age_min: 3,
      infant_age_min: null,
      infant_age_max: null,
      sales_cutoff: { daysBefore: 0, time: '00:00' },
    });
    const day = addDays(today(), 2);
    answer(option, () => 14, {
      adultbaika: '9000',
      middlebaika: '0',
      childbaika: '6300',
      infantbaika: '0',
    });
    renderDetail('/detail?opcd=OP0015');
    await showMonth(day);
    await openForm(day, '￥9,000');

    expect(dialog().textContent).toContain('利用可能人数：2名～2名');
    expect(proceed().disabled).toBe(true);
    await userEvent.setup().selectOptions(select('大人'), '2');
    expect(proceed().disabled).toBe(false);
    expect(select('大人').options).toHaveLength(3);
  });
});

describe('the calendar and the party form in English', () => {
  beforeAll(() => loadMessages('en'));
  afterEach(() => {
    useReservationStore.getState().reset();
    localStorage.clear();
  });

  it('names the months, the weekdays and the party’s bounds in English, and nothing Japanese of ours', async () => {
    // OP0001 as the demo has it: one to eight people, adults 9,800 yen; its texts in Japanese only (marked so).
    answer(optionDetailFixture(), () => 30);
    renderDetail('/detail?opcd=OP0001', 'en');
    const box = within(await screen.findByTestId('availability-calendar'));
    expect(await box.findByRole('button', { name: 'Next month' })).toBeTruthy();
    expect(box.getByText('Sun', { exact: true })).toBeTruthy();
    expect(box.getByText('Sat', { exact: true })).toBeTruthy();
    await waitFor(() => expect(calendar().querySelector('td[data-day] button:not([disabled])')).not.toBeNull());
    expect(otherLanguageTexts('en')).toEqual([]);

    const user = userEvent.setup();
    const firstOpen = calendar().querySelector<HTMLButtonElement>('td[data-day] button:not([disabled])');
    await user.click(firstOpen as HTMLButtonElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'How many people?' }));
    await waitFor(() => expect(dialog.getByTestId('price-adult').textContent).toBe('¥9,800'));
    expect(dialog.getByTestId('party-usedate').textContent).toMatch(/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(dialog.getByText('For 1 to 8 people')).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText('Adult'), '0');
    expect(dialog.getByText('Please book for 1 to 8 people.')).toBeTruthy();
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Continue to your details' }).disabled).toBe(true);
    expect(otherLanguageTexts('en')).toEqual([]);
    await expectNoSeriousA11yIssues();
  });
});
