import { CheckPage } from '../../features/reservation/components/check-page.tsx';

export function Component() {
  return <CheckPage />;
}
