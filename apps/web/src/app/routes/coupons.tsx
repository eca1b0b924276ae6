import { CouponListPage } from '../../features/coupon/components/coupon-list-page.tsx';

/** SPEC §2 Coupon list. */
export function Component() {
  return <CouponListPage />;
}
