import { CompletePage } from '../../features/reservation/components/complete-page.tsx';

export function Component() {
  return <CompletePage />;
}
