import { RentalEditPage } from '../../features/mypage/components/rental-edit-page.tsx';

/** SPEC §2 Rental edit. */
export function Component() {
  return <RentalEditPage />;
}
