import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { z } from 'zod';

/** A staff call that did not succeed: the server's errcd and Japanese message, or a network failure. */
export class AdminApiError extends Error {
  constructor(
    readonly errcd: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
  /** The staff session is missing or over: sign in again. */
  get signedOut(): boolean {
    return this.errcd === ErrCd.sessionTimeout || this.status === 401;
  }
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

type Query = Record<string, string | undefined>;
/** A contract envelope schema whose response is R. */
type EnvelopeSchema<R> = z.ZodType<{ errcd: string; errMsg: string; response: R | null }>;

export function adminUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value) params.set(key, value);
  const qs = params.toString();
  return `/api/admin${path}${qs ? `?${qs}` : ''}`;
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
    throw new AdminApiError(ErrCd.generic, Msg.networkError, 0);
  }
  if (res.status === 419) throw new AdminApiError(ErrCd.generic, Msg.csrfExpired, 419);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new AdminApiError(ErrCd.generic, Msg.unexpected, res.status);
  }
  const envelope = body as { errcd?: unknown; errMsg?: unknown };
  if (envelope.errcd !== ErrCd.success) {
    throw new AdminApiError(
      String(envelope.errcd ?? ErrCd.generic),
      String(envelope.errMsg ?? Msg.unexpected),
      res.status,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AdminApiError(ErrCd.generic, Msg.unexpected, res.status);
  if (parsed.data.response === null) throw new AdminApiError(ErrCd.generic, Msg.unexpected, res.status);
  return parsed.data.response;
}

export function adminGet<R>(path: string, schema: EnvelopeSchema<R>, query?: Query): Promise<R> {
  return call(adminUrl(path, query), { method: 'GET', headers: { accept: 'application/json' } }, schema);
}

/** A JSON body, or a form with a file (the photo upload; the browser writes its multipart type itself). */
export async function adminPost<R>(path: string, body: unknown, schema: EnvelopeSchema<R>): Promise<R> {
  if (!readCookie('XSRF-TOKEN')) await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' });
  const form = body instanceof FormData;
  return call(
    adminUrl(path),
    {
      method: 'POST',
      headers: {
        ...(form ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        'x-xsrf-token': readCookie('XSRF-TOKEN') ?? '',
      },
      body: form ? body : JSON.stringify(body),
    },
    schema,
  );
}
