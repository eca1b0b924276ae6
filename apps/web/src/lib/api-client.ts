import { ErrCd } from '@tabi/contract/constants';
import type { Envelope } from '@tabi/contract/envelope';
import { LANG_BASE } from '@tabi/contract/i18n';
import type { z } from 'zod';
import { useCommonMessages } from '../i18n/common.ts';
import { pageLang } from '../i18n/lang.tsx';
import { useAuthStore } from '../stores/auth-store.ts';
import { showAlert } from './alert.ts';
import { withLoading } from './loading.ts';
import { pageSignal } from './page-signal.ts';

/** A non-success answer (SPEC §8): the server's errcd and errMsg, and the HTTP status it came with. */
export class ApiError extends Error {
  constructor(
    readonly errcd: string,
    readonly errMsg: string,
    readonly status: number,
  ) {
    super(errMsg);
    this.name = 'ApiError';
  }
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** SPEC §4: the anti-forgery cookie is fetched before each login, and before any call that lacks it. */
export async function fetchCsrfCookie(): Promise<void> {
  await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
}

/** The header a state-changing call carries: the anti-forgery cookie's token, fetched first if it is missing. */
export async function csrfHeader(): Promise<{ 'x-xsrf-token': string }> {
  if (!readCookie('XSRF-TOKEN')) await fetchCsrfCookie();
  return { 'x-xsrf-token': readCookie('XSRF-TOKEN') ?? '' };
}

/** `?a=1&b=x` of the values given (empty ones left out), or '' when there are none. */
export function queryString(query: Record<string, string | number | null | undefined> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** Thrown when a call could not produce an envelope (network failure, HTTP 419, unreadable answer). */
export class ApiUnavailableError extends Error {
  constructor(
    readonly kind: 'network' | 'csrf' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'ApiUnavailableError';
  }
}

/**
 * What a screen should tell the visitor about a failed call: the server's message of a non-success answer,
 * or null when SPEC §8's shared handling below already did (network error, HTTP 419, session timeout) or
 * when there is nothing to say (an unreadable answer).
 */
export function failureMessage(error: unknown): string | null {
  return error instanceof ApiError && error.errcd !== ErrCd.sessionTimeout ? error.errMsg : null;
}

export interface CallOptions {
  /** Show the loading overlay while the call runs (default true). */
  loading?: boolean;
  signal?: AbortSignal;
}

type Query = Record<string, string | number | undefined | null>;

/** How a call reaches the API: the browser's fetch, or, while the server renders a page, its own in-process API. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

const inBrowser = typeof document !== 'undefined';
let transport: ApiTransport = (url, init) => fetch(url, init);
/** A page of this site in the page's language, for the links the server sends back (a payment's return). */
export function sitePath(path: string): string {
  return `${LANG_BASE[pageLang()]}${path}`;
}

/** The server's page renderer answers the calls of the page it renders without a network round trip. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * A response schema, or a loader of one: pages on the critical path pass a loader so that the schema
 * code downloads in parallel with the call instead of before the first render.
 */
export type SchemaSource<T extends z.ZodType> = T | (() => Promise<T>);

/** An envelope schema of the contract (`envelope(x)`): a call resolves to the `response` of a success. */
type ResponseSchema = z.ZodObject<{ errcd: z.ZodString; errMsg: z.ZodString; response: z.ZodNullable<z.ZodType> }>;
export type ResponseOf<T extends ResponseSchema> = z.output<ReturnType<T['shape']['response']['unwrap']>>;

function resolveSchema<T extends z.ZodType>(source: SchemaSource<T>): Promise<T> {
  return typeof source === 'function' ? source() : Promise.resolve(source);
}

function logoutTo(page: string): void {
  const path = `${LANG_BASE[pageLang()]}${page}`;
  useAuthStore.getState().logout();
  if (window.location.pathname !== path) window.location.assign(path);
}

/**
 * Sends a call and answers its response, with the part of SPEC §8's handling that comes before any body: a
 * network error alerts and logs out, HTTP 419 alerts and logs out.
 */
async function send(url: string, init: RequestInit, options: CallOptions): Promise<Response> {
  let res: Response;
  const leaving = pageSignal();
  const t = useCommonMessages.in(pageLang());
  try {
    res = await transport(url, {
      ...init,
      // Set on every call, so a Japanese page gets Japanese whatever the browser's own languages are.
      headers: { ...(init.headers as Record<string, string>), 'accept-language': pageLang() },
      credentials: 'include',
      // Calls cut short because the page is being left are not network failures (no alert, no logout).
      signal: options.signal ? AbortSignal.any([options.signal, leaving]) : leaving,
    });
  } catch (error) {
    if (options.signal?.aborted || leaving.aborted || !inBrowser) throw error;
    showAlert(t.networkError);
    if (useAuthStore.getState().isLogin) logoutTo('/login');
    throw new ApiUnavailableError('network', t.networkError);
  }
  if (res.status === 419) {
    showAlert(t.csrfExpired);
    logoutTo('/login');
    throw new ApiUnavailableError('csrf', t.csrfExpired);
  }
  return res;
}

/** A non-success envelope as the ApiError to throw; errcd 001 (session timeout) alerts its message and logs out. */
function refusal(envelope: Partial<Envelope<unknown>> | null, status: number): ApiError {
  const failure = new ApiError(
    String(envelope?.errcd ?? ErrCd.generic),
    String(envelope?.errMsg ?? useCommonMessages.in(pageLang()).unexpected),
    status,
  );
  if (failure.errcd === ErrCd.sessionTimeout) {
    showAlert(failure.errMsg);
    logoutTo('/login');
  }
  return failure;
}

/**
 * SPEC §8's shared handling, the one place for it: a network error alerts and logs out, HTTP 419 alerts
 * and logs out, errcd 001 (session timeout) alerts the server's message and logs out. Any other
 * non-success answer is thrown as an ApiError for the screen to show (see failureMessage).
 */
async function call<T extends ResponseSchema>(
  url: string,
  init: RequestInit,
  source: SchemaSource<T>,
  options: CallOptions,
) {
  const run = async (): Promise<ResponseOf<T>> => {
    const schemaReady = resolveSchema(source);
    const res = await send(url, init, options);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ApiUnavailableError('invalid', useCommonMessages.in(pageLang()).unexpected);
    }
    const envelope = body as Partial<Envelope<unknown>> | null;
    if (envelope?.errcd !== ErrCd.success) throw refusal(envelope, res.status);
    const schema = await schemaReady;
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ApiUnavailableError('invalid', useCommonMessages.in(pageLang()).unexpected);
    const response: unknown = parsed.data.response;
    // A success without the response its call promises is as unreadable as a malformed one.
    if (response === null && !schema.shape.response.unwrap().safeParse(null).success) {
      throw new ApiUnavailableError('invalid', useCommonMessages.in(pageLang()).unexpected);
    }
    return response as ResponseOf<T>;
  };
  // The overlay belongs to the visitor's screen, never to a page the server is rendering.
  return options.loading === false || !inBrowser ? run() : withLoading(run);
}

export function apiGet<T extends ResponseSchema>(
  path: string,
  schema: SchemaSource<T>,
  query?: Query,
  options: CallOptions = {},
) {
  return call(
    `/api${path}${queryString(query)}`,
    { method: 'GET', headers: { accept: 'application/json' } },
    schema,
    options,
  );
}

export async function apiPost<T extends ResponseSchema>(
  path: string,
  body: unknown,
  schema: SchemaSource<T>,
  options: CallOptions = {},
) {
  const csrf = await csrfHeader();
  const { sessionId } = useAuthStore.getState();
  const payload =
    sessionId && typeof body === 'object' && body !== null && !('session' in body)
      ? { session: sessionId, ...body }
      : body;
  return call(
    `/api${path}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...csrf,
      },
      body: JSON.stringify(payload),
    },
    schema,
    options,
  );
}

/**
 * A POST whose success is a file of `type` (a PDF receipt, ADR 0163), answered as a Blob; a refusal is SPEC §8's
 * envelope and handled as every call's is (the session's own, network and anti-forgery failures alerted here).
 */
export async function apiPostFile(
  path: string,
  body: Record<string, unknown>,
  type: string,
  options: CallOptions = {},
): Promise<Blob> {
  const csrf = await csrfHeader();
  const { sessionId } = useAuthStore.getState();
  const payload = sessionId && !('session' in body) ? { session: sessionId, ...body } : body;
  const run = async (): Promise<Blob> => {
    const res = await send(
      `/api${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: `${type}, application/json`, ...csrf },
        body: JSON.stringify(payload),
      },
      options,
    );
    if (res.ok && (res.headers.get('content-type') ?? '').startsWith(type)) return res.blob();
    let envelope: Partial<Envelope<unknown>> | null = null;
    try {
      envelope = (await res.json()) as Partial<Envelope<unknown>> | null;
    } catch {
      throw new ApiUnavailableError('invalid', useCommonMessages.in(pageLang()).unexpected);
    }
    throw refusal(envelope, res.status);
  };
  return options.loading === false || !inBrowser ? run() : withLoading(run);
}
