import { BookingPage } from '../../features/mypage/components/booking-page.tsx';
import { ChangeDepartureModal } from '../change-departure-modal.tsx';

/** SPEC §2 My page (booking confirmation), with 日時を変更 (ADR 0197). */
export function Component() {
  return <BookingPage changeDialog={ChangeDepartureModal} />;
}
