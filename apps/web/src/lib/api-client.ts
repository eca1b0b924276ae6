import { ErrCd } from '@tabi/contract/constants';
import {
  type CallArgs,
  type EndpointRef,
  type EntryOf,
  type FileEntry,
  type JsonEntry,
  lazyEndpoints,
  type ResponseOf,
  type ResponseSchemaOf,
} from '@tabi/contract/endpoint-call';
import type { API as Table } from '@tabi/contract/endpoints';
import { LANG_BASE } from '@tabi/contract/i18n';
import { useCommonMessages } from '../i18n/common.ts';
import { pageLang } from '../i18n/lang.tsx';
import { useAuthStore } from '../stores/auth-store.ts';
import { showAlert } from './alert.ts';
import { type Handling, requestFile, requestJson } from './endpoint-client.ts';
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

function logoutTo(page: string): void {
  const path = `${LANG_BASE[pageLang()]}${page}`;
  useAuthStore.getState().logout();
  if (window.location.pathname !== path) window.location.assign(path);
}

/**
 * SPEC §8's shared handling, the one place for it: a network error alerts and logs out, HTTP 419 alerts
 * and logs out, errcd 001 (session timeout) alerts the server's message and logs out. Any other
 * non-success answer is thrown as an ApiError for the screen to show (see failureMessage).
 */
const customer: Handling<CallOptions> = {
  async send(url, init, options) {
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
      showAlert(t('networkError'));
      if (useAuthStore.getState().isLogin) logoutTo('/login');
      throw new ApiUnavailableError('network', t('networkError'));
    }
    if (res.status === 419) {
      showAlert(t('csrfExpired'));
      logoutTo('/login');
      throw new ApiUnavailableError('csrf', t('csrfExpired'));
    }
    return res;
  },
  refusal(envelope, status) {
    const failure = new ApiError(
      String(envelope?.errcd ?? ErrCd.generic),
      String(envelope?.errMsg ?? useCommonMessages.in(pageLang())('unexpected')),
      status,
    );
    if (failure.errcd === ErrCd.sessionTimeout) {
      showAlert(failure.errMsg);
      logoutTo('/login');
    }
    return failure;
  },
  unreadable: () => new ApiUnavailableError('invalid', useCommonMessages.in(pageLang())('unexpected')),
  // The overlay belongs to the visitor's screen, never to a page the server is rendering.
  around: (run, options) => (options.loading === false || !inBrowser ? run() : withLoading(run)),
  // SPEC §7: the logged-in visitor's calls carry the session.
  body(body) {
    const { sessionId } = useAuthStore.getState();
    return sessionId && typeof body === 'object' && body !== null && !('session' in body)
      ? { session: sessionId, ...body }
      : body;
  },
};

/**
 * SPEC §7's entries by reference (ADR 0178): `API['POST /booking']` names the call at once; the table, with its
 * schemas, loads on the first call, in parallel with the request, so that zod is not part of the JavaScript a
 * page needs before its first render.
 */
export const API = lazyEndpoints<typeof Table>('/api', async () => (await import('@tabi/contract/endpoints')).API);

/** A JSON entry of SPEC §7, or a reference to one (`API`). */
type JsonCall = JsonEntry | EndpointRef<JsonEntry>;

/**
 * A call named by its entry (`call(API['POST /booking'], { body })`): the path, method and schemas are the
 * entry's; the body may leave out the session, which is added here.
 */
export function call<N extends JsonCall>(
  entry: N,
  ...[input, options]: CallArgs<EntryOf<N>, CallOptions, 'session'>
): Promise<ResponseOf<ResponseSchemaOf<EntryOf<N>>>> {
  return requestJson(customer, entry, input ?? {}, options ?? {}) as Promise<ResponseOf<ResponseSchemaOf<EntryOf<N>>>>;
}

/** A call of a file entry (the PDF receipt), answered as a Blob; a refusal is handled as every call's is. */
export function callFile<N extends FileEntry | EndpointRef<FileEntry>>(
  entry: N,
  ...[input, options]: CallArgs<EntryOf<N>, CallOptions, 'session'>
): Promise<Blob> {
  return requestFile(customer, entry, input ?? {}, options ?? {});
}
