import type {
  CancelQuoteRequest,
  ContactRequest,
  ManifestQuery,
  NoteRequest,
  ParticipantsRequest,
  RentalsRequest,
  ResendMailRequest,
  StaffCancelRequest,
  StaffChangeRequest,
} from '@tabi/contract/admin-bookings';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { ErrCd } from '@tabi/contract/constants';
import { API } from '@tabi/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { adminCall } from './admin-api.ts';

export const bookingDetailKey = (rsvno: string) => ['admin', 'booking', rsvno] as const;

export function useBookingDetail(rsvno: string, enabled = true) {
  return useQuery({
    queryKey: bookingDetailKey(rsvno),
    queryFn: () => adminCall(CONSOLE['GET /bookings/{rsvno}'], { params: { rsvno } }),
    enabled,
  });
}

export const bookingActions = {
  confirm: (rsvno: string) => adminCall(CONSOLE['POST /bookings/{rsvno}/confirm'], { params: { rsvno } }),
  decline: (rsvno: string) => adminCall(CONSOLE['POST /bookings/{rsvno}/decline'], { params: { rsvno } }),
  cancelQuote: (rsvno: string, body: CancelQuoteRequest) =>
    adminCall(CONSOLE['POST /bookings/{rsvno}/cancel-quote'], { params: { rsvno }, body }),
  cancel: (rsvno: string, body: StaffCancelRequest) =>
    adminCall(CONSOLE['POST /bookings/{rsvno}/cancel'], { params: { rsvno }, body }),
  resendMail: (rsvno: string, body: ResendMailRequest) =>
    adminCall(CONSOLE['POST /bookings/{rsvno}/resend-mail'], { params: { rsvno }, body }),
  participants: (rsvno: string, body: ParticipantsRequest) =>
    adminCall(CONSOLE['POST /bookings/{rsvno}/participants'], { params: { rsvno }, body }),
  rentals: (rsvno: string, body: RentalsRequest) =>
    adminCall(CONSOLE['POST /bookings/{rsvno}/rentals'], { params: { rsvno }, body }),
  note: (rsvno: string, body: NoteRequest) =>
    adminCall(CONSOLE['POST /bookings/{rsvno}/note'], { params: { rsvno }, body }),
  contact: (rsvno: string, body: ContactRequest) =>
    adminCall(CONSOLE['POST /bookings/{rsvno}/contact'], { params: { rsvno }, body }),
  reconcile: (rsvno: string) => adminCall(CONSOLE['POST /bookings/{rsvno}/reconcile'], { params: { rsvno } }),
  changeDeparture: (rsvno: string, body: StaffChangeRequest) =>
    adminCall(CONSOLE['POST /bookings/{rsvno}/change-departure'], { params: { rsvno }, body }),
};

/**
 * One action of the console (予約詳細, the mail list, スタッフ): on success every console screen is loaded again, so
 * each shows the state the server now holds; the server's Japanese refusal is the error.
 * A second submit while one is on its way is dropped here, before the button has had time to turn busy
 * (a double click sent a mail twice and wrote the note twice).
 */
export function useConsoleAction<I, R>(run: (input: I) => Promise<R>, onDone?: (result: R, input: I) => void) {
  const client = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation<R, ApiError, I>({
    mutationFn: run,
    onSuccess: async (result, input) => {
      // The dialog closes first (its opener gets focus back), then every screen reloads what changed.
      onDone?.(result, input);
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const mutate = (input: I) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(input, {
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };
  return { ...mutation, mutate };
}

export function useManifest(query: ManifestQuery) {
  return useQuery({
    queryKey: ['admin', 'manifest', query],
    queryFn: () => adminCall(CONSOLE['GET /manifest'], { query }),
  });
}

/** The customer side's nationality list (a public call), for the participant form. */
export function useNationalities(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'nationalities'],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      adminCall(API['GET /nationality']).catch(() => {
        throw new ApiError(ErrCd.generic, '国籍の一覧を読み込めませんでした。', 0);
      }),
  });
}
