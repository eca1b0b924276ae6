/**
 * What every call of the web app does, the customer's and the console's (ADR 0178): the URL, method and schemas
 * come from the call's entry of the contract's tables, a POST carries the anti-forgery token, and a success is
 * parsed with the entry's response schema. What a failure means is each side's own (`Handling`): SPEC §8's
 * alerts and logout for the customer (api-client.ts), the console's errors for staff (admin/lib/admin-api.ts).
 */
import { ErrCd } from '@tabi/contract/constants';
import {
  type EndpointName,
  type EndpointRef,
  endpointUrl,
  type FileEntry,
  type JsonEntry,
} from '@tabi/contract/endpoint-call';
import type { Envelope } from '@tabi/contract/envelope';

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

/** How one side of the site handles what its calls meet. */
export interface Handling<O> {
  /** Sends the request; a failure to reach the server (the network, HTTP 419) is thrown as this side's error. */
  send(url: string, init: RequestInit, options: O): Promise<Response>;
  /** The error of an answer that is not a success: its envelope (null when it had none) and its HTTP status. */
  refusal(envelope: Partial<Envelope<unknown>> | null, status: number): Error;
  /** The error of an answer that cannot be read, or lacks the response its call promises. */
  unreadable(status: number): Error;
  /** Runs a whole call (the customer's loading overlay). */
  around<T>(run: () => Promise<T>, options: O): Promise<T>;
  /** A JSON body as it is sent (the customer's session added). */
  body(body: unknown): unknown;
}

/** A call's input as it reaches the wire (its types are the entry's, checked where the call is written). */
export interface WireInput {
  params?: object | undefined;
  query?: object | undefined;
  body?: unknown;
}

function isRef(name: EndpointName): name is EndpointRef {
  return 'load' in name;
}

/** The entry a call names: itself, or the one its reference loads. */
function entryOf<E>(name: EndpointName): Promise<E> {
  return (isRef(name) ? name.load() : Promise.resolve(name)) as Promise<E>;
}

async function requestInit<O>(side: Handling<O>, name: EndpointName, input: WireInput, accept: string) {
  if (name.method === 'GET') return { method: 'GET', headers: { accept } };
  const csrf = await csrfHeader();
  // A form with a file (the photo upload): the browser writes its multipart type itself.
  const form = input.body instanceof FormData ? input.body : null;
  return {
    method: 'POST',
    headers: { ...(form ? {} : { 'content-type': 'application/json' }), accept, ...csrf },
    body: form ?? JSON.stringify(side.body(input.body ?? {})),
  };
}

/** A call of a JSON entry, answered with its success's `response`. The entry's schema loads while the request is on its way. */
export async function requestJson<O>(
  side: Handling<O>,
  name: EndpointName,
  input: WireInput,
  options: O,
): Promise<unknown> {
  const url = endpointUrl(name, input);
  const init = await requestInit(side, name, input, 'application/json');
  const run = async () => {
    const schemaReady = entryOf<JsonEntry>(name).then((entry) => entry.response);
    // Settled below; a failed request must not leave it an unhandled rejection.
    schemaReady.catch(() => undefined);
    const res = await side.send(url, init, options);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw side.unreadable(res.status);
    }
    const envelope = body as Partial<Envelope<unknown>> | null;
    if (envelope?.errcd !== ErrCd.success) throw side.refusal(envelope, res.status);
    const schema = await schemaReady;
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw side.unreadable(res.status);
    const answer: unknown = parsed.data.response;
    // A success without the response its call promises is as unreadable as a malformed one.
    if (answer === null && !schema.shape.response.unwrap().safeParse(null).success) throw side.unreadable(res.status);
    return answer;
  };
  return side.around(run, options);
}

const FILE_TYPES: Record<FileEntry['kind'], string> = { csv: 'text/csv', pdf: 'application/pdf' };

/**
 * A call of a file entry (a PDF receipt, ADR 0163), answered as a Blob; a refusal is SPEC §8's envelope and
 * handled as every call's is.
 */
export async function requestFile<O>(
  side: Handling<O>,
  name: EndpointName,
  input: WireInput,
  options: O,
): Promise<Blob> {
  const type = FILE_TYPES[(await entryOf<FileEntry>(name)).kind];
  const url = endpointUrl(name, input);
  const init = await requestInit(side, name, input, `${type}, application/json`);
  const run = async () => {
    const res = await side.send(url, init, options);
    if (res.ok && (res.headers.get('content-type') ?? '').startsWith(type)) return res.blob();
    let envelope: Partial<Envelope<unknown>> | null;
    try {
      envelope = (await res.json()) as Partial<Envelope<unknown>> | null;
    } catch {
      throw side.unreadable(res.status);
    }
    throw side.refusal(envelope, res.status);
  };
  return side.around(run, options);
}
