import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { StaffReceiptRequest } from '@tabi/contract/receipt';
import { useQuery } from '@tanstack/react-query';
import { adminCall, adminFile } from './admin-api.ts';

/** GET /api/admin/bookings/{rsvno}/receipts: what 予約詳細 can (re)issue now. */
export function useStaffReceipts(rsvno: string) {
  return useQuery({
    queryKey: ['admin', 'receipts', rsvno],
    queryFn: () => adminCall(CONSOLE['GET /bookings/{rsvno}/receipts'], { params: { rsvno } }),
    enabled: rsvno !== '',
  });
}

/**
 * POST /api/admin/bookings/{rsvno}/receipt: the PDF, with the staff cookie and the anti-forgery token as every
 * console call; a refusal is the envelope's Japanese message, thrown as an ApiError.
 */
export function issueStaffReceipt(rsvno: string, body: StaffReceiptRequest): Promise<Blob> {
  return adminFile(CONSOLE['POST /bookings/{rsvno}/receipt'], { params: { rsvno }, body });
}
