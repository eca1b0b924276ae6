import { STAFF_BACKGROUND_HEADER } from '@tabi/contract/admin';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { z } from 'zod';
import { ApiError, csrfHeader, queryString } from '../../lib/api-client.ts';

/** The staff session is missing or over: sign in again. */
export function signedOut(error: unknown): boolean {
  return error instanceof ApiError && (error.errcd === ErrCd.sessionTimeout || error.status === 401);
}

/**
 * What a console screen says of a failed call: the server's Japanese message (or the network's), never a
 * program's own text.
 */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.errMsg : Msg.unexpected;
}

type Query = Record<string, string | undefined>;
/** A contract envelope schema whose response is R. */
type EnvelopeSchema<R> = z.ZodType<{ errcd: string; errMsg: string; response: R | null }>;

export function adminUrl(path: string, query?: Query): string {
  return `/api/admin${path}${queryString(query)}`;
}

/**
 * Every staff call: the staff cookie goes along by itself (HttpOnly, path /api/admin); state-changing calls
 * echo the anti-forgery token as the customer calls do. The envelope's response is parsed with the contract.
 */
async function call<R>(url: string, init: RequestInit, schema: EnvelopeSchema<R>): Promise<R> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiError(ErrCd.generic, Msg.networkError, 0);
  }
  if (res.status === 419) throw new ApiError(ErrCd.generic, Msg.csrfExpired, 419);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(ErrCd.generic, Msg.unexpected, res.status);
  }
  const envelope = body as { errcd?: unknown; errMsg?: unknown };
  if (envelope.errcd !== ErrCd.success) {
    throw new ApiError(String(envelope.errcd ?? ErrCd.generic), String(envelope.errMsg ?? Msg.unexpected), res.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(ErrCd.generic, Msg.unexpected, res.status);
  if (parsed.data.response === null) throw new ApiError(ErrCd.generic, Msg.unexpected, res.status);
  return parsed.data.response;
}

/**
 * `background`: a refresh the console makes by itself (a timer, not a person), which the server answers without
 * counting it as activity, so that an open screen does not keep an idle session alive.
 */
export function adminGet<R>(
  path: string,
  schema: EnvelopeSchema<R>,
  query?: Query,
  { background = false }: { background?: boolean } = {},
): Promise<R> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (background) headers[STAFF_BACKGROUND_HEADER] = '1';
  return call(adminUrl(path, query), { method: 'GET', headers }, schema);
}

/** A JSON body, or a form with a file (the photo upload; the browser writes its multipart type itself). */
export async function adminPost<R>(path: string, body: unknown, schema: EnvelopeSchema<R>): Promise<R> {
  const csrf = await csrfHeader();
  const form = body instanceof FormData;
  return call(
    adminUrl(path),
    {
      method: 'POST',
      headers: {
        ...(form ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        ...csrf,
      },
      body: form ? body : JSON.stringify(body),
    },
    schema,
  );
}
