import type { LoginRequest } from '@tabi/contract/booking';
import { useMutation } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';
import { fetchCsrfCookie } from '../../../lib/endpoint-client.ts';

/**
 * SPEC §4: the anti-forgery cookie is obtained before each login; any errcd other than 000 is a failure,
 * thrown as an ApiError whose errMsg the form shows.
 */
export async function login(input: LoginRequest): Promise<{ session: string; rsvno: string }> {
  await fetchCsrfCookie();
  const res = await call(API['POST /mylogin'], { body: input });
  return { session: res.session, rsvno: res.rsvno || input.rsvno };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
