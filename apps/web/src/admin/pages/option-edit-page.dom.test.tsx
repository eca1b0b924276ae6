/**
 * 商品編集 on react-hook-form: the contract's schema for the save call checks the form, each message
 * beside its field, the focus on the first field refused, and the body sent is the contract's.
 */
import { CatalogMsg } from '@tabi/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-server.ts';
import { LOADED, renderWithQuery } from '../../test/console-api.tsx';
import { draftOptionRecord } from '../../test/option-fixture.ts';
import { OptionEditPage } from './option-edit-page.tsx';

const OPCD = 'OP0099';
// 商品編集 is the console's largest form (every text in five languages, each with its preview): in jsdom on a busy
// 2-core machine a save and its answer take tens of seconds. Slow, not flaky: waited for, not retried.
const SLOW_TEST = 120_000;
const SAVED = { timeout: 60_000 };
const record = draftOptionRecord(OPCD);
const { option } = record;
const masters = {
  regions: [
    { homencd: '01', homennm: '関東' },
    { homencd: '02', homennm: '関西' },
  ],
  areas: [
    { areacd: '0101', areanm: '東京', homencd: '01' },
    { areacd: '0201', areanm: '大阪', homencd: '02' },
  ],
  cities: [
    { citycd: '010101', citynm: '墨田区', areacd: '0101' },
    { citycd: '020101', citynm: '大阪市', areacd: '0201' },
  ],
  keywords: [{ keycd: 'K1', keyname: '夜景' }],
  facilities: [],
};
let posted: { path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  posted = [];
  stubApi(({ url, method, body }) => {
    const path = url.pathname.replace('/api/admin', '');
    if (method === 'POST') {
      posted.push({ path, body });
      if (path === '/options') return { ...record, opcd: body.opcd, option: body.option };
      if (path === `/options/${OPCD}`) return { ...record, option: body.option };
    }
    if (path === '/options/masters') return masters;
    if (path === `/options/${OPCD}`) return record;
    if (path.startsWith('/options/') && path.endsWith('/photos')) return { opcd: OPCD, photos: [] };
    if (path.startsWith('/options/')) return record;
    throw new Error(`unexpected call ${method} ${url.pathname}`);
  });
});

function renderAt(path: string) {
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/options/:opcd" element={<OptionEditPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const errorOf = (control: HTMLElement) => document.getElementById(`${control.id}-error`)?.textContent;

describe('商品の新規作成', () => {
  it(
    'shows each message beside its field, focuses the first, and sends nothing',
    async () => {
      const user = userEvent.setup();
      renderAt('/admin/options/new');
      const code = await screen.findByRole('textbox', { name: '商品コード' }, LOADED);
      await user.type(code, 'x');
      expect((code as HTMLInputElement).value).toBe('X');
      await user.click(screen.getByRole('button', { name: '下書きとして作成' }));

      expect((await screen.findByRole('alert', {}, LOADED)).textContent).toContain(
        '入力内容に誤りがあります。各項目のメッセージをご確認ください。',
      );
      expect(errorOf(code)).toBe(CatalogMsg.catalogOpcdInvalid);
      const name = screen.getByRole('textbox', { name: '商品名' });
      expect(name.getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(name)).toBe(CatalogMsg.catalogNameRequired);
      expect(errorOf(screen.getByRole('combobox', { name: '方面' }))).toBe(CatalogMsg.catalogRegionRequired);
      expect(screen.getByRole('textbox', { name: '並び順' }).getAttribute('aria-invalid')).toBeNull();
      expect(document.activeElement).toBe(code);
      expect(posted).toEqual([]);
    },
    SLOW_TEST,
  );

  it(
    'offers the areas of the region chosen, empties them when it changes, and sends the code with the fields',
    async () => {
      const user = userEvent.setup();
      renderAt('/admin/options/new');
      await user.type(await screen.findByRole('textbox', { name: '商品コード' }, LOADED), 'op0100');
      await user.type(screen.getByRole('textbox', { name: '商品名' }), '  星空ナイトツアー ');
      const region = screen.getByRole('combobox', { name: '方面' });
      const area = screen.getByRole('combobox', { name: '地域' }) as HTMLSelectElement;
      const city = screen.getByRole('combobox', { name: '市区町村' }) as HTMLSelectElement;
      await user.selectOptions(region, '関西');
      expect(
        within(area)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['選択してください', '大阪']);
      await user.selectOptions(area, '大阪');
      await user.selectOptions(city, '大阪市');
      await user.selectOptions(region, '関東');
      expect([area.value, city.value]).toEqual(['', '']);
      await user.selectOptions(area, '東京');
      await user.selectOptions(city, '墨田区');
      await user.click(screen.getByRole('checkbox', { name: '夜景' }));
      await user.click(screen.getByRole('button', { name: '下書きとして作成' }));

      await vi.waitFor(() => expect(posted).toHaveLength(1), LOADED);
      const [sent] = posted;
      expect(sent?.path).toBe('/options');
      expect(sent?.body.opcd).toBe('OP0100');
      expect(sent?.body.option).toMatchObject({
        webname: '星空ナイトツアー',
        homencd: '01',
        areacd: '0101',
        citycd: '010101',
        keycds: ['K1'],
        sort: 100,
        adultAgeMin: 12,
        adultAgeMax: null,
        meetpoint: null,
        cancelPolicy: null,
      });
      // Then the new option's own page.
      expect(await screen.findByRole('button', { name: '保存する' }, LOADED)).toBeTruthy();
    },
    SLOW_TEST,
  );
});

describe('商品編集', () => {
  it(
    'sends the fields as the contract reads them, says 保存しました。 until the next edit',
    async () => {
      const user = userEvent.setup();
      renderAt(`/admin/options/${OPCD}`);
      const sort = await screen.findByRole('textbox', { name: '並び順' }, LOADED);
      await user.clear(sort);
      await user.type(sort, '２００');
      await user.clear(screen.getByRole('textbox', { name: '集合場所' }));
      await user.click(screen.getByRole('checkbox', { name: /標準のキャンセル料率を使う/ }));
      await user.click(screen.getByRole('button', { name: '5段目を削除' }));
      const percent = screen.getByRole('textbox', { name: '4段目の料率' });
      await user.clear(percent);
      await user.type(percent, '60');
      await user.click(screen.getByRole('button', { name: '段を追加' }));
      await user.type(screen.getByRole('textbox', { name: '5段目の日数' }), '-1');
      await user.type(screen.getByRole('textbox', { name: '5段目の料率' }), '100');
      await user.click(screen.getByRole('button', { name: '保存する' }));

      expect(await screen.findByText('保存しました。', {}, SAVED)).toBeTruthy();
      const sent = posted.find((p) => p.path === `/options/${OPCD}`)?.body;
      expect(Object.keys(sent ?? {})).toEqual(['option']);
      expect(sent?.option).toMatchObject({
        webname: option.webname,
        sort: 200,
        meetpoint: null,
        cancelPolicy: [
          { daysBefore: 20, percent: 20 },
          { daysBefore: 7, percent: 30 },
          { daysBefore: 1, percent: 40 },
          { daysBefore: 0, percent: 60 },
          { daysBefore: -1, percent: 100 },
        ],
      });

      await user.type(screen.getByRole('textbox', { name: '営業時間' }), '9:00');
      expect(screen.queryByText('保存しました。')).toBeNull();
    },
    SLOW_TEST,
  );

  it(
    'says a rule of two fields at the field it names, the tiers’ under their table',
    async () => {
      const user = userEvent.setup();
      renderAt(`/admin/options/${OPCD}`);
      await user.type(await screen.findByRole('textbox', { name: '経度' }, LOADED), '139.7671');
      await user.click(screen.getByRole('checkbox', { name: /標準のキャンセル料率を使う/ }));
      const percent = screen.getByRole('textbox', { name: '2段目の料率' });
      await user.clear(percent);
      await user.type(percent, '10');
      await user.click(screen.getByRole('button', { name: '保存する' }));

      const lon = screen.getByRole('textbox', { name: '経度' });
      expect(await screen.findByText(CatalogMsg.catalogCoordinatesPair, {}, SAVED)).toBeTruthy();
      expect(lon.getAttribute('aria-describedby')).toContain(`${lon.id}-error`);
      expect(errorOf(lon)).toBe(CatalogMsg.catalogCoordinatesPair);
      expect(screen.getByText(CatalogMsg.catalogTiersOrder)).toBeTruthy();
      expect(document.activeElement).toBe(lon);
      expect(posted).toEqual([]);
    },
    SLOW_TEST,
  );
});
