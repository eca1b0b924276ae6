import { PurchaseGuard } from '../../features/reservation/components/purchase-guard.tsx';
import { RentalPage } from '../../features/reservation/components/rental-page.tsx';

export function Component() {
  return (
    <PurchaseGuard>
      <RentalPage />
    </PurchaseGuard>
  );
}
