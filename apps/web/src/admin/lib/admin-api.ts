import { STAFF_BACKGROUND_HEADER } from '@tabi/contract/admin';
import { ErrCd } from '@tabi/contract/constants';
import {
  type CallAnswer,
  type CallArgs,
  type CallInput,
  type EndpointEntry,
  endpointUrl,
  type FileEntry,
  type JsonEntry,
} from '@tabi/contract/endpoint-call';
import { Msg } from '@tabi/contract/messages';
import { ApiError } from '../../lib/api-client.ts';
import { type Handling, requestFile, requestJson } from '../../lib/endpoint-client.ts';

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

export interface AdminCallOptions {
  /**
   * A refresh the console makes by itself (a timer, not a person), which the server answers without counting it
   * as activity, so that an open screen does not keep an idle session alive.
   */
  background?: boolean;
}

/**
 * The console's handling: every failure is an ApiError with the server's Japanese message (or the network's),
 * which the screen shows; a staff session that is over is the shell's to notice (`signedOut`). The staff cookie
 * goes along by itself (HttpOnly, path /api/admin); state-changing calls echo the anti-forgery token as the
 * customer calls do.
 */
const staff: Handling<AdminCallOptions> = {
  async send(url, init, { background = false }) {
    const headers = background
      ? { ...(init.headers as Record<string, string>), [STAFF_BACKGROUND_HEADER]: '1' }
      : init.headers;
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers, credentials: 'same-origin' });
    } catch {
      throw new ApiError(ErrCd.generic, Msg.networkError, 0);
    }
    if (res.status === 419) throw new ApiError(ErrCd.generic, Msg.csrfExpired, 419);
    return res;
  },
  refusal: (envelope, status) =>
    new ApiError(String(envelope?.errcd ?? ErrCd.generic), String(envelope?.errMsg ?? Msg.unexpected), status),
  unreadable: (status) => new ApiError(ErrCd.generic, Msg.unexpected, status),
  around: (run) => run(),
  body: (body) => body,
};

/** A console call named by its entry (`adminCall(CONSOLE['GET /bookings/{rsvno}'], { params: { rsvno } })`). */
export function adminCall<E extends JsonEntry>(
  entry: E,
  ...[input, options]: CallArgs<E, AdminCallOptions>
): Promise<CallAnswer<E>> {
  return requestJson(staff, entry, input ?? {}, options ?? {}) as Promise<CallAnswer<E>>;
}

/** A console call of a file entry (the PDF receipt), answered as a Blob; a refusal is an ApiError. */
export function adminFile<E extends FileEntry>(entry: E, ...[input, options]: CallArgs<E, AdminCallOptions>) {
  return requestFile(staff, entry, input ?? {}, options ?? {});
}

/** The address of a GET entry, for a link (a CSV download). */
export function adminUrl<E extends EndpointEntry & { method: 'GET' }>(
  entry: E,
  input?: Pick<CallInput<E>, 'params' | 'query'>,
): string {
  return endpointUrl(entry, input);
}
