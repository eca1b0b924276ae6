/**
 * The other languages in the console: an option's texts in a tab per language (商品編集's 他の言語の表示), the
 * languages an option lacks, a photo's caption and alt text in each language, and the preview in any language.
 */
import type { OptionDetail } from '@tabi/contract/catalog';
import { OPTION_TEXT_FIELDS, TRANSLATED_LANGS } from '@tabi/contract/content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftOptionRecord, reservedOption } from '../../test/option-fixture.ts';
import { OptionEditPage } from './option-edit-page.tsx';
import { OptionPreviewPage } from './option-preview-page.tsx';
import { OptionsPage } from './options-page.tsx';

const OPCD = 'OP0099';
const record = draftOptionRecord(OPCD);
const { option } = record;
const LOADED = { timeout: 10_000 };
const noPhotoTexts = { caption: '', alt: '' };
const photo = {
  id: 7,
  image: `/images/${OPCD}-1.svg`,
  caption: '屋形船',
  alt: '隅田川を進む屋形船',
  altText: '隅田川を進む屋形船',
  translations: {
    en: { caption: 'Houseboat', alt: '' },
    ko: noPhotoTexts,
    'zh-Hant': noPhotoTexts,
    'zh-Hans': noPhotoTexts,
  },
  srcset: '',
  width: 800,
  height: 600,
  uploaded: false,
};
const detail = (lang: string): OptionDetail => ({
  ...reservedOption({
    opcd: OPCD,
    webname: { ja: '隅田川 朝さんぽツアー', en: 'Sumida River Morning Walk', ko: '스미다강 아침 산책' }[lang] ?? '?',
  }),
  valueList: {},
});
const ok = (response: unknown) => new Response(JSON.stringify({ errcd: '000', errMsg: '', response }));

let shown: typeof record;
let posted: { path: string; body: Record<string, unknown> }[];
let uploaded: [string, FormDataEntryValue][];
let previews: string[];

beforeEach(() => {
  shown = record;
  posted = [];
  uploaded = [];
  previews = [];
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace('/api/admin', '');
      if (init?.method === 'POST') {
        if (init.body instanceof FormData) {
          uploaded = [...init.body.entries()];
          return ok({ opcd: OPCD, photos: [photo] });
        }
        posted.push({ path, body: JSON.parse(String(init.body)) });
        if (path === `/options/${OPCD}`) return ok(shown);
        if (path === `/options/${OPCD}/photos/${photo.id}`) return ok({ opcd: OPCD, photos: [photo] });
      }
      if (path === '/options/masters') return ok({ regions: [], areas: [], cities: [], keywords: [], facilities: [] });
      if (path === '/options/catalog') return ok(catalogRows);
      if (path === `/options/${OPCD}`) return ok(shown);
      if (path === `/options/${OPCD}/photos`) return ok({ opcd: OPCD, photos: [photo] });
      if (path === `/options/${OPCD}/preview`) {
        previews.push(url.search);
        return ok(detail(url.searchParams.get('lang') ?? 'ja'));
      }
      throw new Error(`unexpected call ${init?.method ?? 'GET'} ${input}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/options" element={page} />
          <Route path="/admin/options/:opcd/*" element={page} />
          <Route path="/admin/options/:opcd" element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function translationsGroup() {
  return screen.findByRole('group', { name: '他の言語の表示' }, LOADED);
}

describe('商品編集: 他の言語の表示', () => {
  it('has a tab per language, moved between with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}`, <OptionEditPage />);
    const group = await translationsGroup();
    const list = within(group).getByRole('tablist', { name: '表示する言語' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      '英語0/15項目',
      '韓国語0/15項目',
      '中国語（繁体字）0/15項目',
      '中国語（簡体字）0/15項目',
    ]);
    const [english, korean, traditional, simplified] = tabs as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(english.getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    // One panel shown, labelled by its tab.
    expect(within(group).getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(english.id);
    expect(within(group).getByRole('tabpanel').id).toBe(english.getAttribute('aria-controls'));
    expect(within(group).getByLabelText('商品名（英語）')).toBeTruthy();

    english.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(korean);
    expect(korean.getAttribute('aria-selected')).toBe('true');
    expect(english.getAttribute('aria-selected')).toBe('false');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0, -1, -1]);
    const panel = within(group).getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(korean.id);
    expect(within(panel).getByLabelText('商品名（韓国語）').getAttribute('lang')).toBe('ko');
    expect(within(panel).getByText('空欄の項目は英語、英語もなければ日本語で表示されます。')).toBeTruthy();

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(simplified);
    expect(within(within(group).getByRole('tabpanel')).getByLabelText('商品名（中国語（簡体字））')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(english);
    expect(within(group).getByText('空欄の項目は日本語で表示されます。')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(simplified);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(traditional);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(english);
    // Tab leaves the tab list for the panel's first field.
    await user.tab();
    expect(document.activeElement).toBe(within(group).getByRole('link', { name: '公開ページのプレビュー（英語）' }));
  }, 20_000);

  it('sends every language, each as typed in its own tab, and counts the texts filled', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}`, <OptionEditPage />);
    const group = await translationsGroup();
    await user.type(within(group).getByLabelText('商品名（英語）'), 'Sumida River Morning Walk');
    await user.click(within(group).getByRole('tab', { name: /^韓国語/ }));
    await user.type(within(group).getByLabelText('商品名（韓国語）'), '스미다강 아침 산책');
    await user.click(within(group).getByLabelText('紹介文（韓国語）'));
    await user.paste('<p>강변을 걷습니다.</p>');
    const preview = within(group).getByRole('region', { name: '紹介文（韓国語）のプレビュー' });
    expect(preview.querySelector('[lang="ko"]')?.textContent).toBe('강변을 걷습니다.');
    expect(within(group).getByRole('tab', { name: /^韓国語/ }).textContent).toBe('韓国語2/15項目');
    expect(within(group).getByRole('tab', { name: /^英語/ }).textContent).toBe('英語1/15項目');
    await user.click(within(group).getByRole('tab', { name: /^中国語（繁体字）/ }));
    await user.type(within(group).getByLabelText('集合場所（中国語（繁体字））'), '兩國站');
    // Each tab links to the public page's preview in its language.
    expect(
      within(group).getByRole('link', { name: '公開ページのプレビュー（中国語（繁体字））' }).getAttribute('href'),
    ).toBe(`/admin/options/${OPCD}/preview?lang=zh-Hant`);

    await user.click(screen.getByRole('button', { name: '保存する' }));
    await screen.findByText('保存しました。', {}, LOADED);
    const sent = posted.find((p) => p.path === `/options/${OPCD}`)?.body.option as {
      webname: string;
      translations: Record<string, Record<string, string>>;
    };
    expect(sent.webname).toBe(option.webname);
    expect(Object.keys(sent.translations)).toEqual([...TRANSLATED_LANGS]);
    for (const lang of TRANSLATED_LANGS)
      expect(Object.keys(sent.translations[lang] ?? {})).toEqual([...OPTION_TEXT_FIELDS]);
    expect(sent.translations.en).toMatchObject({ webname: 'Sumida River Morning Walk', introduction: '' });
    expect(sent.translations.ko).toMatchObject({
      webname: '스미다강 아침 산책',
      introduction: '<p>강변을 걷습니다.</p>',
    });
    expect(sent.translations['zh-Hant']).toMatchObject({ webname: '', meetpoint: '兩國站' });
    expect(Object.values(sent.translations['zh-Hans'] ?? {}).every((t) => t === '')).toBe(true);
  }, 20_000);

  it('shows the tab of a refused translation, says so on its tab and focuses the field', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}`, <OptionEditPage />);
    const group = await translationsGroup();
    await user.click(within(group).getByRole('tab', { name: /^中国語（簡体字）/ }));
    const name = within(group).getByLabelText('商品名（中国語（簡体字））');
    await user.click(name);
    await user.paste('x'.repeat(201));
    await user.click(within(group).getByRole('tab', { name: /^英語/ }));
    expect(within(group).queryByLabelText('商品名（中国語（簡体字））')).toBeNull();

    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('入力内容に誤りがあります。各項目のメッセージをご確認ください。')).toBeTruthy();
    const tab = within(group).getByRole('tab', { name: /^中国語（簡体字）/ });
    await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
    expect(tab.textContent).toContain('要修正');
    const shown = within(within(group).getByRole('tabpanel')).getByLabelText('商品名（中国語（簡体字））');
    expect((shown as HTMLInputElement).value).toBe('x'.repeat(201));
    expect(shown.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${shown.id}-error`)?.textContent).toBe('200文字以内で入力してください');
    await waitFor(() => expect(document.activeElement).toBe(shown));
    expect(posted).toEqual([]);
  }, 20_000);

  it('says which languages the option lacks: those without its name', async () => {
    const translations = structuredClone(option.translations);
    translations.en.webname = 'Sumida River Morning Walk';
    translations['zh-Hant'].webname = '隅田川晨間散步';
    translations.ko.introduction = '<p>강변을 걷습니다.</p>';
    shown = { ...record, option: { ...option, translations } };
    renderAt(`/admin/options/${OPCD}`, <OptionEditPage />);
    expect(await screen.findByText('未翻訳：韓国語・中国語（簡体字）', {}, LOADED)).toBeTruthy();
  });
});

const catalogRow = {
  opcd: OPCD,
  webname: option.webname,
  published: false,
  isCoupon: false,
  useFrom: '2026-12-01',
  useTo: '2027-12-01',
  region: '関東 東京 墨田区',
  image: null,
  bookings: 0,
  updatedAt: null,
};
const catalogRows = [
  { ...catalogRow, untranslated: ['ko', 'zh-Hans'] },
  { ...catalogRow, opcd: 'OP0100', untranslated: [] },
];

describe('商品一覧', () => {
  it('says the languages each option lacks', async () => {
    renderAt('/admin/options', <OptionsPage />);
    const table = await screen.findByRole('table', { name: '商品一覧' }, LOADED);
    const [, lacking, complete] = within(table).getAllByRole('row');
    expect(within(lacking as HTMLElement).getByText('未翻訳：韓国語・中国語（簡体字）')).toBeTruthy();
    expect(within(complete as HTMLElement).getByText('全言語')).toBeTruthy();
  });
});

describe('写真: キャプション・代替テキスト in every language', () => {
  it('edits them in a tab per language and sends all of them', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}`, <OptionEditPage />);
    const item = await screen.findByRole('form', { name: '1枚目の写真の説明' }, LOADED);
    expect((within(item).getByLabelText('キャプション（英語）') as HTMLInputElement).value).toBe('Houseboat');
    expect(within(item).getByRole('tab', { name: /^英語/ }).textContent).toBe('英語1/2項目');
    await user.type(within(item).getByLabelText('代替テキスト（英語）'), 'A houseboat on the Sumida');
    await user.click(within(item).getByRole('tab', { name: /^韓国語/ }));
    await user.type(within(item).getByLabelText('キャプション（韓国語）'), ' 유람선 ');
    expect(within(item).getByLabelText('キャプション（韓国語）').getAttribute('lang')).toBe('ko');
    await user.click(within(item).getByRole('tab', { name: /^中国語（簡体字）/ }));
    await user.type(within(item).getByLabelText('代替テキスト（中国語（簡体字））'), '隅田川上的屋形船');
    await user.click(within(item).getByRole('button', { name: '説明を保存' }));
    await screen.findByText('1枚目の写真の説明を保存しました。', {}, LOADED);
    expect(posted.find((p) => p.path.endsWith(`/photos/${photo.id}`))?.body).toEqual({
      caption: '屋形船',
      alt: '隅田川を進む屋形船',
      translations: {
        en: { caption: 'Houseboat', alt: 'A houseboat on the Sumida' },
        ko: { caption: '유람선', alt: '' },
        'zh-Hant': { caption: '', alt: '' },
        'zh-Hans': { caption: '', alt: '隅田川上的屋形船' },
      },
    });
  }, 20_000);

  it('uploads a photo with its texts named by their paths in the request', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}`, <OptionEditPage />);
    const upload = await screen.findByRole('form', { name: '写真の追加' }, LOADED);
    await user.upload(
      within(upload).getByLabelText(/^写真のファイル/),
      new File(['x'], 'river.jpg', { type: 'image/jpeg' }),
    );
    await user.type(within(upload).getByLabelText('キャプション'), '朝の隅田川');
    await user.click(within(upload).getByRole('tab', { name: /^中国語（繁体字）/ }));
    await user.type(within(upload).getByLabelText('キャプション（中国語（繁体字））'), '清晨的隅田川');
    await user.click(within(upload).getByRole('button', { name: '写真を追加' }));
    await screen.findByText('写真を追加しました。', {}, LOADED);
    const texts = uploaded.filter(([name]) => name !== 'file');
    expect(Object.fromEntries(texts)).toEqual({
      caption: '朝の隅田川',
      alt: '',
      ...Object.fromEntries(
        TRANSLATED_LANGS.flatMap((lang) => [
          [`translations.${lang}.caption`, lang === 'zh-Hant' ? '清晨的隅田川' : ''],
          [`translations.${lang}.alt`, ''],
        ]),
      ),
    });
  }, 20_000);
});

describe('公開ページのプレビュー in every language', () => {
  it('opens in the language of its link, reads the preview in it and marks it with its tag', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}/preview?lang=ko`, <OptionPreviewPage />);
    const title = await screen.findByText('스미다강 아침 산책', {}, LOADED);
    expect(previews).toEqual(['?lang=ko']);
    expect(title.closest('.adm-preview')?.getAttribute('lang')).toBe('ko');
    expect((screen.getByRole('radio', { name: '韓国語' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('空欄の項目は英語、英語もなければ日本語で表示されます。')).toBeTruthy();
    // The console's own words stay Japanese.
    expect(screen.getByRole('group', { name: 'プレビューの言語' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      '日本語',
      '英語',
      '韓国語',
      '中国語（繁体字）',
      '中国語（簡体字）',
    ]);

    await user.click(screen.getByRole('radio', { name: '英語' }));
    expect(await screen.findByText('Sumida River Morning Walk', {}, LOADED)).toBeTruthy();
    expect(screen.getByText('空欄の項目は日本語で表示されます。')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '日本語' }));
    const japanese = await screen.findByText('隅田川 朝さんぽツアー', {}, LOADED);
    expect(japanese.closest('.adm-preview')?.getAttribute('lang')).toBe('ja');
    expect(screen.queryByText(/^空欄の項目は/)).toBeNull();
    expect(previews).toEqual(['?lang=ko', '?lang=en', '?lang=ja']);
  }, 20_000);
});
