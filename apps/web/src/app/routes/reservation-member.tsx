import { MemberPage } from '../../features/reservation/components/member-page.tsx';
import { PurchaseGuard } from '../../features/reservation/components/purchase-guard.tsx';

export function Component() {
  return (
    <PurchaseGuard>
      <MemberPage />
    </PurchaseGuard>
  );
}
