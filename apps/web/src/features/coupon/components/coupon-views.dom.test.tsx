import type { CouponOption } from '@tabi/contract/coupon';
import { addDays, tokyoYmd } from '@tabi/contract/dates';
import type { Lang } from '@tabi/contract/i18n';
import { Msg } from '@tabi/contract/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { stubApi } from '../../../test/api-server.ts';
import { expectNoSeriousA11yIssues } from '../../../test/axe.ts';
import { couponFixture } from '../../../test/coupon-fixture.ts';
import { otherLanguageTexts } from '../../../test/other-language.ts';
import { currentPath, renderPages } from '../../../test/render-pages.tsx';
import { CouponDetailPage } from './coupon-detail-page.tsx';
import { CouponListPage } from './coupon-list-page.tsx';

/** /coopon/{opcd}/{pkcd}, its codes read from the address as the app's route reads them. */
function CouponAt() {
  const { opcd = '', pkcd = '' } = useParams();
  return <CouponDetailPage key={`${opcd}/${pkcd}`} opcd={opcd} pkcd={pkcd} />;
}

/**
 * The coupon pages at `path` (in `lang`: /en/coopon is /coopon of the English router), with my page behind them,
 * answered with `coupons` (the list, or one by its codes).
 */
function openCoupons(path: string, coupons: CouponOption[], lang?: Lang) {
  stubApi(({ url }) => {
    if (url.pathname === '/api/coopon') return { optionList: coupons };
    const found = coupons.find((c) => url.pathname === `/api/coopon/${c.opcd}/${c.pkcd}`);
    if (found) return found;
    throw new Error(`unexpected call ${url}`);
  });
  renderPages(
    path,
    { '/coopon': <CouponListPage />, '/coopon/:opcd/:pkcd': <CouponAt />, '/mypage': <h1>マイページ</h1> },
    lang,
  );
}

let alerts: string[];
beforeEach(() => {
  useAuthStore.setState({ isLogin: true, sessionId: 'session', rsvno: 'AA100010' });
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((message) => {
    alerts.push(String(message));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a coupon page', () => {
  it('shows the contents, the facility and the counts, and a use form the facility’s staff fill', async () => {
    openCoupons('/coopon/OP0012/PK0001', [couponFixture({ opcd: 'OP0012', adultqty: 1 })]);
    expect(await screen.findByRole('heading', { name: '施設情報' })).toBeTruthy();
    expect(screen.getAllByTestId('remaining-adult').at(-1)?.textContent).toContain('1枚');
    expect(screen.getByTestId('used-adult').textContent).toContain('1枚');
    expect(screen.getAllByTestId('remaining-child').length).toBeGreaterThan(0);
    // The use form is the target of the list's 使用する link (#use-coopon).
    expect(document.getElementById('use-coopon')).toBeTruthy();
    expect(screen.getByLabelText('大人')).toBeTruthy();
    expect(screen.getByLabelText('小人')).toBeTruthy();
    expect(screen.getByLabelText('暗証番号').getAttribute('type')).toBe('password');
    expect(screen.getByText(Msg.pinHint)).toBeTruthy();
    expect((screen.getByRole('button', { name: '使用する' }) as HTMLButtonElement).disabled).toBe(true);
    await expectNoSeriousA11yIssues();
  });

  it('of a coupon used up shows the stamp and no use form', async () => {
    openCoupons('/coopon/OP0013/PK0001', [couponFixture({ opcd: 'OP0013', adultqty: 0, childqty: 0 })]);
    expect((await screen.findByTestId('used-stamp')).textContent).toBe('使用済み');
    expect(screen.getAllByTestId('remaining-adult').at(-1)?.textContent).toContain('0枚');
    expect(document.getElementById('use-coopon')).toBeNull();
    expect(screen.queryByLabelText('暗証番号')).toBeNull();
  });
});

describe('coupons for another day', () => {
  const tomorrow = addDays(tokyoYmd(new Date()), 1);
  const notToday = /^このクーポンはご利用日（\d{4}\/\d{2}\/\d{2}）当日のみ/;

  it.each(['/coopon', '/coopon/OP0011/PK0001'])('%s sends the customer to my page, saying why', async (path) => {
    openCoupons(path, [couponFixture({ usedate: tomorrow }), couponFixture({ opcd: 'OP0012', usedate: tomorrow })]);
    expect(await screen.findByRole('heading', { name: 'マイページ' })).toBeTruthy();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatch(notToday);
  });
});

describe('the coupons in English', () => {
  beforeAll(() => loadMessages('en'));

  it('the list, and a coupon with its use form, say nothing Japanese of ours', async () => {
    // AA100010's coupons as the demo has them: three options for today, one used up. Their texts are Japanese only
    // (marked so).
    openCoupons(
      '/coopon',
      [
        couponFixture(),
        couponFixture({ opcd: 'OP0012', adultqty: 1 }),
        couponFixture({ opcd: 'OP0013', adultqty: 0, childqty: 0 }),
      ],
      'en',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Coupons' })).toBeTruthy();
    const useDates = await screen.findAllByText(/^Date of use: \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(useDates).toHaveLength(3);
    expect(otherLanguageTexts('en')).toEqual([]);
    await expectNoSeriousA11yIssues();

    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('coupon-OP0011')).getByRole('link', { name: 'See details' }));
    await waitFor(() => expect(currentPath()).toBe('/coopon/OP0011/PK0001'));
    expect(await screen.findByLabelText('PIN')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the coupons' }).getAttribute('href')).toBe('/coopon');
    expect(otherLanguageTexts('en')).toEqual([]);
    await expectNoSeriousA11yIssues();
  });
});
