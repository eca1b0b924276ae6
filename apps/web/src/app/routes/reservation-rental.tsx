import { RentalPage } from '../../features/reservation/components/rental-page.tsx';

export function Component() {
  return <RentalPage />;
}
