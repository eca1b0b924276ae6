import { type LoginRequest, loginResponse } from '@tabi/contract/booking';
import { ErrCd } from '@tabi/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiPost, fetchCsrfCookie } from '../../../lib/api-client.ts';

export type LoginOutcome = { ok: true; session: string; rsvno: string } | { ok: false; errMsg: string };

/** SPEC §4: the anti-forgery cookie is obtained before each login; any errcd other than 000 is a failure. */
export async function login(input: LoginRequest): Promise<LoginOutcome> {
  await fetchCsrfCookie();
  const res = await apiPost('/mylogin', input, loginResponse);
  if (res.errcd !== ErrCd.success || !res.response) return { ok: false, errMsg: res.errMsg };
  return { ok: true, session: res.response.session, rsvno: res.response.rsvno || input.rsvno };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
