import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { receiptListResponse, type StaffReceiptRequest } from '@tabi/contract/receipt';
import { useQuery } from '@tanstack/react-query';
import { ApiError, csrfHeader } from '../../lib/api-client.ts';
import { adminGet, adminUrl } from './admin-api.ts';

const receiptsPath = (rsvno: string) => `/bookings/${encodeURIComponent(rsvno)}/receipts`;

/** GET /api/admin/bookings/{rsvno}/receipts (issue 28): what 予約詳細 can (re)issue now. */
export function useStaffReceipts(rsvno: string) {
  return useQuery({
    queryKey: ['admin', 'receipts', rsvno],
    queryFn: () => adminGet(receiptsPath(rsvno), receiptListResponse),
    enabled: rsvno !== '',
  });
}

/**
 * POST /api/admin/bookings/{rsvno}/receipt: the PDF, with the staff cookie and the anti-forgery token as every
 * console call; a refusal is the envelope's Japanese message, thrown as an ApiError.
 */
export async function issueStaffReceipt(rsvno: string, body: StaffReceiptRequest): Promise<Blob> {
  const csrf = await csrfHeader();
  let res: Response;
  try {
    res = await fetch(adminUrl(`/bookings/${encodeURIComponent(rsvno)}/receipt`), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/pdf, application/json', ...csrf },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(ErrCd.generic, Msg.networkError, 0);
  }
  if (res.status === 419) throw new ApiError(ErrCd.generic, Msg.csrfExpired, 419);
  if (res.ok && (res.headers.get('content-type') ?? '').startsWith('application/pdf')) return res.blob();
  const envelope = (await res.json().catch(() => null)) as { errcd?: unknown; errMsg?: unknown } | null;
  throw new ApiError(String(envelope?.errcd ?? ErrCd.generic), String(envelope?.errMsg ?? Msg.unexpected), res.status);
}
