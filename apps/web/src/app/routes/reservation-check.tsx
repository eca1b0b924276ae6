import { CheckPage } from '../../features/reservation/components/check-page.tsx';
import { PurchaseGuard } from '../../features/reservation/components/purchase-guard.tsx';

export function Component() {
  return (
    <PurchaseGuard>
      <CheckPage />
    </PurchaseGuard>
  );
}
