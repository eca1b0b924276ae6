/**
 * The option list page (SPEC §2 index) rendered with the API's answers: the region → area → city cascade, searches
 * and the page kept in the URL's query, the search read back from an address, the cards and their links. The catalog
 * is test/option-fixture.ts's (23 options built from the detail's fixture, three pages); what the server itself
 * decides (which options match, the page links and their window, a page past the last) is tested with the server
 * (catalog.integration.test.ts, catalog-helpers.test.ts). The phone's sheet, the page before its script and
 * accessibility need a browser: e2e/catalog-list.spec.ts.
 */
import type { OptionDetail } from '@tabi/contract/catalog';
import { addDays, formatYmd, tokyoYmd, type Ymd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiCall, stubApi } from '../../test/api-server.ts';
import {
  optionApi,
  optionCatalogFixture,
  optionDetailFixture,
  optionListApi,
  stubCarouselGlobals,
} from '../../test/option-fixture.ts';
import { currentPath, renderPages } from '../../test/render-pages.tsx';
import { Component as DetailPage } from './detail.tsx';
import { Component as ListPage } from './index.tsx';

const today = (): Ymd => tokyoYmd(new Date());
const iso = (ymd: Ymd) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}`;

/** The list at `path`, with the detail page its cards lead to. */
function renderList(path: string) {
  return renderPages(path, { '/': <ListPage />, '/detail': <DetailPage /> });
}

/** Answers the list's calls from the fixture catalog (and OP0001's detail), recording each. */
function answer(): ApiCall[] {
  const calls: ApiCall[] = [];
  const list = optionListApi();
  const detail = optionApi(optionDetailFixture(), () => 30);
  stubApi((call) => {
    calls.push(call);
    return /^\/api\/(option\/OP\d+|price\/)/.test(call.url.pathname) ? detail(call) : list(call);
  });
  return calls;
}

/** "from～to 件 (全 total 件)" */
const resultsText = () => document.getElementById('results-count')?.textContent ?? '';
async function resultsAre(expected: RegExp | string): Promise<void> {
  await waitFor(() =>
    typeof expected === 'string' ? expect(resultsText()).toContain(expected) : expect(resultsText()).toMatch(expected),
  );
}
const cards = () => Array.from(document.querySelectorAll<HTMLElement>('article[data-opcd]'));
const codesShown = () => cards().map((card) => card.dataset.opcd);
const card = (opcd: string) => {
  const found = document.querySelector<HTMLElement>(`article[data-opcd="${opcd}"]`);
  if (!found) throw new Error(`no card ${opcd}`);
  return found;
};
const keywordsOf = (article: HTMLElement) =>
  within(within(article).getByRole('list', { name: 'キーワード' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
const region = () => select('方面');
const area = () => select('地域（エリア）');
const city = () => select('都市');
const optionTexts = (list: HTMLSelectElement) => Array.from(list.options).map((o) => o.textContent);
const keyword = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const searchButton = () => screen.getByRole('button', { name: Msg.search });

/** The codes of the fixture's options matching `test`, in the list's order. */
const catalogCodes = (test: (o: OptionDetail) => boolean) =>
  optionCatalogFixture()
    .filter(test)
    .map((o) => o.opcd);
const hasKeyword = (name: string) => (o: OptionDetail) => o.keywordList.some((k) => k.keyname === name);

beforeAll(stubCarouselGlobals);
afterAll(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe('option list search', () => {
  it('region → area → city cascade with its resets and hints', async () => {
    answer();
    renderList('/');
    const user = userEvent.setup();

    expect(region().options[0]?.textContent).toBe(Msg.allRegions);
    expect(select('出発地').options[0]?.textContent).toBe(Msg.allFromspots);
    expect(area().disabled).toBe(true);
    expect(city().disabled).toBe(true);
    expect(screen.getByText(Msg.areaHint)).toBeTruthy();
    expect(screen.getByText(Msg.cityHint)).toBeTruthy();

    await within(region()).findByRole('option', { name: '関東' });
    await user.selectOptions(region(), '関東');
    await waitFor(() => expect(area().disabled).toBe(false));
    await within(area()).findByRole('option', { name: '箱根' });
    expect(screen.queryByText(Msg.areaHint)).toBeNull();
    expect(city().disabled).toBe(true);

    await user.selectOptions(area(), '東京');
    await waitFor(() => expect(city().disabled).toBe(false));
    expect(screen.queryByText(Msg.cityHint)).toBeNull();
    await within(city()).findByRole('option', { name: '台東区' });
    await user.selectOptions(city(), '台東区');
    expect(city().value).toBe('030102');

    // A new area clears the city; a new region clears area and city and reloads the areas.
    await user.selectOptions(area(), '箱根');
    expect(city().value).toBe('');
    await within(city()).findByRole('option', { name: '箱根町' });
    expect(optionTexts(city())).not.toContain('台東区');

    await user.selectOptions(region(), '近畿');
    expect(area().value).toBe('');
    expect(city().value).toBe('');
    expect(city().disabled).toBe(true);
    await within(area()).findByRole('option', { name: '京都' });
    expect(optionTexts(area())).not.toContain('箱根');
  });

  it('searching by keyword and by region puts the conditions in the URL', async () => {
    answer();
    renderList('/?md=M123');
    const user = userEvent.setup();
    await resultsAre('件 (全');

    await user.click(await screen.findByRole('checkbox', { name: '温泉' }));
    await user.click(searchButton());
    expect(currentPath()).toBe('/?keycd=K06&md=M123');
    // The URL changes before the new page of results replaces the old one: wait for the list itself.
    const hot = catalogCodes(hasKeyword('温泉'));
    await waitFor(() => expect(codesShown()).toEqual(hot));
    expect(resultsText()).toBe(`1～${hot.length} 件 (全 ${hot.length} 件)`);
    expect(cards().length).toBeGreaterThan(0);
    for (const article of cards()) expect(keywordsOf(article)).toContain('温泉');

    await user.selectOptions(region(), '関東');
    await user.click(searchButton());
    expect(currentPath()).toBe('/?homencd=03&keycd=K06&md=M123');
    const hotInKanto = catalogCodes((o) => hasKeyword('温泉')(o) && o.homen === '関東');
    expect(hotInKanto.length).toBeLessThan(hot.length);
    await waitFor(() => expect(codesShown()).toEqual(hotInKanto));
    expect(resultsText()).toBe(`1～${hotInKanto.length} 件 (全 ${hotInKanto.length} 件)`);
    for (const article of cards()) {
      expect(keywordsOf(article)).toContain('温泉');
      expect(article.textContent).toContain('関東 ／');
    }
  });

  it('searching by use date accepts yyyyMMdd and keeps it in the URL', async () => {
    const calls = answer();
    const day = addDays(today(), 7);
    renderList('/');
    const user = userEvent.setup();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: '利用日' });
    await user.type(input, `${day}{Enter}`);
    expect(input.value).toBe(formatYmd(day));
    await user.click(searchButton());
    expect(currentPath()).toBe(`/?usedate=${day}`);
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/option' && c.url.searchParams.get('usedate') === day)).toBe(
        true,
      ),
    );
    await resultsAre(/件 \(全 \d+ 件\)/);
    expect(cards().length).toBeGreaterThan(0);

    // Days before yesterday are refused, typed or picked.
    await user.clear(input);
    await user.type(input, `${addDays(today(), -3)}{Enter}`);
    expect(screen.getByText(Msg.invalidDate)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '利用日をカレンダーから選ぶ' }));
    // The calendar opens at the searched day's month: back to yesterday's, the first it shows.
    const yesterday = addDays(today(), -1);
    const cellOf = (ymd: Ymd) => document.querySelector<HTMLButtonElement>(`td[data-day="${iso(ymd)}"] button`);
    const previous = await screen.findByRole<HTMLButtonElement>('button', { name: '前の月' });
    // react-day-picker marks a month button it will not follow with aria-disabled (it stays focusable), not disabled.
    while (!cellOf(yesterday)) {
      expect(previous.getAttribute('aria-disabled')).toBeNull();
      await user.click(previous);
    }
    // Two days ago is refused in yesterday's month, and the calendar goes to no month before it (on the 2nd, the
    // month before is where two days ago is).
    expect(cellOf(addDays(today(), -2))?.disabled ?? true).toBe(true);
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    await user.click(cellOf(yesterday) as HTMLButtonElement);
    expect(input.value).toBe(formatYmd(yesterday));
  });

  it('pagination: page 2 is in the URL and shows other options', async () => {
    answer();
    renderList('/?md=PG');
    const user = userEvent.setup();
    const total = optionCatalogFixture().length;
    await resultsAre(`1～10 件 (全 ${total} 件)`);
    const firstOnPage1 = codesShown()[0];
    const top = () => screen.getByRole('navigation', { name: 'ページ送り（上）' });
    const bottom = () => screen.getByRole('navigation', { name: 'ページ送り（下）' });
    expect(bottom()).toBeTruthy();
    expect(top().querySelector('[aria-current="page"]')?.textContent).toBe('1');
    expect(top().querySelector('[aria-disabled="true"]')?.textContent).toContain('前へ');

    await user.click(within(top()).getByRole('link', { name: '2' }));
    expect(currentPath()).toBe('/?page=2&md=PG');
    await resultsAre(`11～20 件 (全 ${total} 件)`);
    expect(top().querySelector('[aria-current="page"]')?.textContent).toBe('2');
    expect(codesShown()[0]).not.toBe(firstOnPage1);
    expect(codesShown()).toEqual(
      optionCatalogFixture()
        .slice(10, 20)
        .map((o) => o.opcd),
    );

    await user.click(within(bottom()).getByRole('link', { name: /前へ/ }));
    expect(currentPath()).toBe('/?md=PG');
    await resultsAre(/^1～10 件/);
  });

  it('no pagination when the results fit on one page', async () => {
    answer();
    renderList('/?homencd=03&areacd=0301&citycd=030102');
    const inTaito = catalogCodes((o) => o.city === '台東区');
    await resultsAre(`1～${inTaito.length} 件 (全 ${inTaito.length} 件)`);
    expect(codesShown()).toEqual(inTaito);
    expect(screen.queryAllByRole('navigation', { name: /ページ送り/ })).toHaveLength(0);
  });

  it('the search is restored from the URL after a reload, cascading lists included', async () => {
    answer();
    const path = '/?homencd=03&areacd=0301&citycd=030102&fromspotcd=1302&keycd=K01,K02&md=R1';
    const check = async () => {
      await waitFor(() => expect(codesShown()[0]).toBe('OP0001'));
      await waitFor(() => expect(region().value).toBe('03'));
      await waitFor(() => expect(area().value).toBe('0301'));
      await waitFor(() => expect(city().value).toBe('030102'));
      expect(select('出発地').value).toBe('1302');
      expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: '日帰り' })).checked).toBe(true);
      expect(keyword('食事付き').checked).toBe(true);
      expect(keyword('温泉').checked).toBe(false);
    };
    const first = renderList(path);
    await check();
    // A reload: the page anew from its address, with nothing loaded yet.
    first.unmount();
    renderList(path);
    await check();

    await userEvent.setup().click(screen.getByRole('link', { name: Msg.resetSearch }));
    expect(currentPath()).toBe('/?md=R1');
    await waitFor(() => expect(region().value).toBe(''));
    expect(area().disabled).toBe(true);
    expect(select('出発地').value).toBe('');
    expect(keyword('日帰り').checked).toBe(false);
  });

  it("a card shows the option's fields and links to its detail with the search", async () => {
    answer();
    renderList('/?homencd=03&areacd=0301&citycd=030102&md=CARD');
    const option = optionDetailFixture();
    await waitFor(() => expect(codesShown()).toContain('OP0001'));
    const op1 = card('OP0001');
    expect(within(op1).getByRole('heading', { level: 2 }).textContent).toContain('日帰りバスツアー');
    expect(op1.querySelector('figure img')?.getAttribute('src')).toMatch(/.+/);
    expect(op1.querySelector('figure figcaption')?.textContent).not.toBe('');
    expect(keywordsOf(op1)).toEqual(['日帰り', '食事付き', '子供歓迎', '絶景']);
    expect(op1.textContent).toMatch(/利用期間\s*\d{4}\/\d{2}\/\d{2}～\d{4}\/\d{2}\/\d{2}/);
    expect(op1.textContent).toContain(`利用期間${formatYmd(option.use_from)}～${formatYmd(option.use_to)}`);
    expect(op1.textContent).toMatch(/出発地\s*東京駅/);
    expect(op1.textContent).toContain('関東 ／ 東京 ／ 台東区');
    expect(op1.textContent).toContain(Msg.perAdult);
    expect(within(op1).getByTestId('price-range').textContent).toBe('￥9,800');
    expect(op1.textContent).toMatch(/商品コード\s*OP0001/);
    expect(op1.querySelector('.badge-request')).toBeNull();
    const link = within(op1).getByRole('link', { name: /詳細を見る/ });
    expect(link.getAttribute('href')).toBe('/detail?opcd=OP0001&homencd=03&areacd=0301&citycd=030102&md=CARD');

    const request = card('OP0002');
    expect(within(request).getByText(Msg.requestBadge)).toBeTruthy();
    expect(request.textContent).toMatch(/出発地\s*現地集合/);

    await userEvent.setup().click(link);
    expect(currentPath()).toBe('/detail?opcd=OP0001&homencd=03&areacd=0301&citycd=030102&md=CARD');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('日帰りバスツアー'));
  });

  it('a page past the last says so and links back to the first', async () => {
    answer();
    renderList('/?page=99');
    const total = optionCatalogFixture().length;
    await resultsAre(`0 件 (全 ${total} 件)`);
    expect(screen.getByText('このページに表示するオプションはありません。')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: '最初のページへ戻る' }));
    expect(currentPath()).toBe('/');
    await resultsAre(`1～10 件 (全 ${total} 件)`);
  });
});
