import { okResponse } from '@tabi/contract/admin';
import {
  bookingDetailResponse,
  type CancelQuoteRequest,
  type ContactRequest,
  cancelQuoteResponse,
  contactResponse,
  type ManifestQuery,
  manifestResponse,
  type NoteRequest,
  type ParticipantsRequest,
  type RentalsRequest,
  type ResendMailRequest,
  reconcileResponse,
  type StaffCancelRequest,
  staffCancelResponse,
  transitionResponse,
} from '@tabi/contract/admin-bookings';
import { nationalityResponse } from '@tabi/contract/catalog';
import { ErrCd } from '@tabi/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { adminGet, adminPost } from './admin-api.ts';

export const bookingDetailKey = (rsvno: string) => ['admin', 'booking', rsvno] as const;

export function useBookingDetail(rsvno: string, enabled = true) {
  return useQuery({
    queryKey: bookingDetailKey(rsvno),
    queryFn: () => adminGet(`/bookings/${encodeURIComponent(rsvno)}`, bookingDetailResponse),
    enabled,
  });
}

const actionPath = (rsvno: string, action: string) => `/bookings/${encodeURIComponent(rsvno)}/${action}`;

export const bookingActions = {
  confirm: (rsvno: string) => adminPost(actionPath(rsvno, 'confirm'), {}, transitionResponse),
  decline: (rsvno: string) => adminPost(actionPath(rsvno, 'decline'), {}, transitionResponse),
  cancelQuote: (rsvno: string, body: CancelQuoteRequest) =>
    adminPost(actionPath(rsvno, 'cancel-quote'), body, cancelQuoteResponse),
  cancel: (rsvno: string, body: StaffCancelRequest) =>
    adminPost(actionPath(rsvno, 'cancel'), body, staffCancelResponse),
  resendMail: (rsvno: string, body: ResendMailRequest) => adminPost(actionPath(rsvno, 'resend-mail'), body, okResponse),
  participants: (rsvno: string, body: ParticipantsRequest) =>
    adminPost(actionPath(rsvno, 'participants'), body, okResponse),
  rentals: (rsvno: string, body: RentalsRequest) => adminPost(actionPath(rsvno, 'rentals'), body, okResponse),
  note: (rsvno: string, body: NoteRequest) => adminPost(actionPath(rsvno, 'note'), body, okResponse),
  contact: (rsvno: string, body: ContactRequest) => adminPost(actionPath(rsvno, 'contact'), body, contactResponse),
  reconcile: (rsvno: string) => adminPost(actionPath(rsvno, 'reconcile'), {}, reconcileResponse),
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
    queryFn: () => adminGet('/manifest', manifestResponse, query as Record<string, string | undefined>),
  });
}

/** The customer side's nationality list (a public call), for the participant form. */
export function useNationalities(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'nationalities'],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const res = await fetch('/api/nationality', { headers: { accept: 'application/json' } });
      const parsed = nationalityResponse.safeParse(await res.json());
      if (!parsed.success || !parsed.data.response)
        throw new ApiError(ErrCd.generic, '国籍の一覧を読み込めませんでした。', 0);
      return parsed.data.response;
    },
  });
}
