/**
 * The English texts in the console: an option's English texts beside the Japanese ones (商品編集's 英語（English）の表示),
 * a photo's English caption and alt text, and the preview as the English page shows it.
 */
import type { OptionDetail } from '@tabi/contract/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftOptionRecord, reservedOption } from '../../test/option-fixture.ts';
import { OptionEditPage } from './option-edit-page.tsx';
import { OptionPreviewPage } from './option-preview-page.tsx';

const OPCD = 'OP0099';
const record = draftOptionRecord(OPCD);
const { option } = record;
const photo = {
  id: 7,
  image: `/images/${OPCD}-1.svg`,
  caption: '屋形船',
  alt: '隅田川を進む屋形船',
  altText: '隅田川を進む屋形船',
  captionEn: '',
  altEn: '',
  srcset: '',
  width: 800,
  height: 600,
  uploaded: false,
};
const detail = (lang: string): OptionDetail => ({
  ...reservedOption({
    opcd: OPCD,
    webname: lang === 'en' ? 'Sumida River Morning Walk' : '隅田川 朝さんぽツアー',
    introduction: lang === 'en' ? '<p>Walk along the river.</p>' : '<p>朝の隅田川を歩きます。</p>',
  }),
  valueList: {},
});
const ok = (response: unknown) => new Response(JSON.stringify({ errcd: '000', errMsg: '', response }));

let posted: { path: string; body: Record<string, unknown> }[];
let previews: string[];

beforeEach(() => {
  posted = [];
  previews = [];
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace('/api/admin', '');
      if (init?.method === 'POST') {
        posted.push({ path, body: JSON.parse(String(init.body)) });
        if (path === `/options/${OPCD}`) return ok(record);
        if (path === `/options/${OPCD}/photos/${photo.id}`) return ok({ opcd: OPCD, photos: [photo] });
      }
      if (path === '/options/masters') return ok({ regions: [], areas: [], cities: [], keywords: [], facilities: [] });
      if (path === `/options/${OPCD}`) return ok(record);
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
          <Route path="/admin/options/:opcd/*" element={page} />
          <Route path="/admin/options/:opcd" element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('商品編集: 英語（English）の表示', () => {
  it('sends the English typed beside the Japanese, every English text in the body', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}`, <OptionEditPage />);
    const english = await screen.findByRole('group', { name: '英語（English）の表示' });
    expect(within(english).getByText('空欄の項目は英語ページに日本語で表示されます。')).toBeTruthy();
    await user.type(within(english).getByLabelText('商品名（英語）'), 'Sumida River Morning Walk');
    await user.click(within(english).getByLabelText('紹介文（英語）'));
    await user.paste('<p>Walk along the river.</p>');
    // The HTML's live preview, in English.
    const preview = within(english).getByRole('region', { name: '紹介文（英語）のプレビュー' });
    expect(preview.querySelector('[lang="en"]')?.textContent).toBe('Walk along the river.');
    expect(within(english).getByLabelText('前日案内に添えるお知らせ（英語）').tagName).toBe('TEXTAREA');
    // The Japanese field keeps its own label and value.
    expect((screen.getByRole('textbox', { name: '商品名' }) as HTMLInputElement).value).toBe(option.webname);

    await user.click(screen.getByRole('button', { name: '保存する' }));
    await screen.findByText('保存しました。');
    const sent = posted.find((p) => p.path === `/options/${OPCD}`)?.body.option as {
      webname: string;
      translations: { en: Record<string, string> };
    };
    expect(sent.webname).toBe(option.webname);
    expect(sent.translations.en).toMatchObject({
      webname: 'Sumida River Morning Walk',
      introduction: '<p>Walk along the river.</p>',
      meetpoint: '',
      dayBeforeNote: '',
    });
    expect(Object.keys(sent.translations.en)).toHaveLength(15);
  }, 20_000);

  it('shows a too-long English name at its own field and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}`, <OptionEditPage />);
    const english = await screen.findByRole('group', { name: '英語（English）の表示' });
    const name = within(english).getByLabelText('商品名（英語）');
    await user.click(name);
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('入力内容に誤りがあります。各項目のメッセージをご確認ください。')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${name.id}-error`)?.textContent).toBe('200文字以内で入力してください');
    expect(screen.getByRole('textbox', { name: '商品名' }).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(name);
    expect(posted).toEqual([]);
  });
});

describe('写真: キャプション（英語）・代替テキスト（英語）', () => {
  it('edits them with the Japanese ones and sends all four', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}`, <OptionEditPage />);
    const item = await screen.findByRole('form', { name: '1枚目の写真の説明' });
    await user.type(within(item).getByLabelText('キャプション（英語）'), ' Houseboat ');
    await user.type(within(item).getByLabelText('代替テキスト（英語）'), 'A houseboat on the Sumida');
    await user.click(within(item).getByRole('button', { name: '説明を保存' }));
    await screen.findByText('1枚目の写真の説明を保存しました。');
    expect(posted.find((p) => p.path.endsWith(`/photos/${photo.id}`))?.body).toEqual({
      caption: '屋形船',
      alt: '隅田川を進む屋形船',
      captionEn: 'Houseboat',
      altEn: 'A houseboat on the Sumida',
    });
    const upload = screen.getByRole('form', { name: '写真の追加' });
    expect(within(upload).getByLabelText('キャプション（英語）')).toBeTruthy();
    expect(within(upload).getByLabelText('代替テキスト（英語）')).toBeTruthy();
  });
});

describe('公開ページのプレビュー in English', () => {
  it('reads the preview again with lang=en and marks it English', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/options/${OPCD}/preview`, <OptionPreviewPage />);
    expect(await screen.findByText('隅田川 朝さんぽツアー')).toBeTruthy();
    expect(previews).toEqual(['']);
    const japanese = screen.getByRole('radio', { name: '日本語' }) as HTMLInputElement;
    expect(japanese.checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'English' }));
    const title = await screen.findByText('Sumida River Morning Walk');
    expect(previews).toEqual(['', '?lang=en']);
    expect(title.closest('.adm-preview')?.getAttribute('lang')).toBe('en');
    // The console's own words stay Japanese.
    expect(screen.getByRole('group', { name: 'プレビューの言語' })).toBeTruthy();

    await user.click(japanese);
    expect(await screen.findByText('隅田川 朝さんぽツアー')).toBeTruthy();
    expect(screen.getByText('隅田川 朝さんぽツアー').closest('.adm-preview')?.hasAttribute('lang')).toBe(false);
  });
});
