import { BookingPage } from '../../features/mypage/components/booking-page.tsx';

/** SPEC §2 My page (booking confirmation). */
export function Component() {
  return <BookingPage />;
}
