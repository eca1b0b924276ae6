import { MemberPage } from '../../features/reservation/components/member-page.tsx';

export function Component() {
  return <MemberPage />;
}
