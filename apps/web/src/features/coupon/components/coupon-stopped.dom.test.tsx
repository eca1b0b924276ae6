import type { CouponOption } from '@tabi/contract/coupon';
import { Msg } from '@tabi/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { stubApi } from '../../../test/api-server.ts';
import { couponFixture } from '../../../test/coupon-fixture.ts';
import { CouponCard } from './coupon-card.tsx';
import { CouponDetailPage } from './coupon-detail-page.tsx';

const coupon = (facility_stopped: boolean): CouponOption =>
  couponFixture({
    opcd: 'OP0013',
    webname: '芦ノ湖遊覧船 乗船クーポン',
    companyname: '芦ノ湖遊覧船',
    facility_stopped,
  });

let answer: CouponOption;
beforeEach(() => {
  useAuthStore.setState({ isLogin: true, sessionId: 'session', rsvno: 'AA100010' });
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  stubApi(() => answer);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderDetail() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/coopon/OP0013/PK0001']}>
        <CouponDetailPage opcd="OP0013" pkcd="PK0001" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a coupon at a stopped facility', () => {
  it('says so on the coupon page instead of asking for the PIN', async () => {
    answer = coupon(true);
    renderDetail();
    expect(await screen.findByText(Msg.couponFacilityStopped)).toBeTruthy();
    expect(screen.queryByLabelText('暗証番号')).toBeNull();
    expect(screen.queryByRole('button', { name: '使用する' })).toBeNull();
  });

  it('asks for the PIN while the facility takes coupons', async () => {
    answer = coupon(false);
    renderDetail();
    expect(await screen.findByLabelText('暗証番号')).toBeTruthy();
    expect(screen.queryByText(Msg.couponFacilityStopped)).toBeNull();
  });

  it('says so on the coupon list, without the link to the use form', () => {
    render(
      <MemoryRouter>
        <CouponCard coupon={coupon(true)} />
      </MemoryRouter>,
    );
    expect(screen.getByText(Msg.couponFacilityStopped)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '使用する' })).toBeNull();
    expect(screen.getByRole('link', { name: Msg.detailLink })).toBeTruthy();
  });
});
