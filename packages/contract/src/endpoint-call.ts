/**
 * A call named by its entry of an endpoint table (endpoints.ts, console-endpoints.ts), as the server's routes
 * are (ADR 0178): what a client sends (`CallInput`), what a success answers (`CallAnswer`) and the URL
 * (`endpointUrl`), all from the entry. `lazyEndpoints` names the entries of a table without loading it, for
 * pages whose first JavaScript must not carry the schemas. This module imports the tables' types only.
 */
import type { z } from 'zod';
import type { EndpointKey, EndpointSpec, Method } from './endpoints.ts';

/** What a client needs to send a call: an entry of a table has it, and so has a reference to one. */
export interface EndpointName {
  key: EndpointKey;
  method: Method;
  path: string;
  prefix: string;
}

/** An entry of a table: its name and its schemas. */
export type EndpointEntry = EndpointSpec & EndpointName;

/** A reference to entry `E`: its name at once, the entry with its schemas when `load()` resolves. */
export interface EndpointRef<E extends EndpointEntry = EndpointEntry> extends EndpointName {
  load(): Promise<E>;
}

/** The entry an entry or a reference names. */
export type EntryOf<N> = N extends EndpointRef<infer E> ? E : N;

/** SPEC §7's envelope schema (`envelope(x)` of envelope.ts); a success answers its `response`. */
export type EnvelopeSchema = z.ZodObject<{
  errcd: z.ZodString;
  errMsg: z.ZodString;
  response: z.ZodNullable<z.ZodType>;
}>;
export type ResponseOf<R extends EnvelopeSchema> = z.output<ReturnType<R['shape']['response']['unwrap']>>;

/** An entry answered with SPEC §7's JSON envelope, and one answered with a file (a CSV, a PDF). */
export type JsonEntry = EndpointEntry & { response: EnvelopeSchema };
export type FileEntry = EndpointEntry & { kind: 'csv' | 'pdf' };

/** The envelope schema of a JSON entry, and the `response` of its success. */
export type ResponseSchemaOf<E> = E extends { response: infer R extends EnvelopeSchema } ? R : never;
export type CallAnswer<E> = ResponseOf<ResponseSchemaOf<E>>;

/**
 * A schema's input as the client writes it. A preprocess step (`searchQuery`, `optionalBody`) reads anything, so
 * the schema after it says what to send.
 */
type ClientInput<S> = S extends { in: z.core.$ZodTransform; out: infer B extends z.ZodType } ? z.input<B> : z.input<S>;

/** The members `K` of `T` optional: what the client fills in itself (the customer's session). */
type Supplied<T, K extends string> = [K] extends [never]
  ? T
  : T extends object
    ? { [P in keyof T as P extends K ? never : P]: T[P] } & { [P in keyof T as P extends K ? P : never]?: T[P] }
    : T;

/** What an input with nothing in it is. */
type Nothing = Record<never, never>;

/** A part of the input, required when its schema requires anything. */
type Part<F extends string, T> = Nothing extends T ? { [P in F]?: T } : { [P in F]: T };

type InputPart<E, F extends 'params' | 'query' | 'body', K extends string> = E extends {
  [P in F]: infer S extends z.ZodType;
}
  ? Part<F, Supplied<ClientInput<S>, K>>
  : F extends 'body'
    ? // A POST whose route reads its own body (the photo upload's multipart form).
      E extends { method: 'POST' }
      ? { body?: FormData }
      : { body?: never }
    : { [P in F]?: never };

/**
 * What a call of entry `E` sends: its path parameters, query and body as its schemas take them. `K`: members of
 * the body the client adds itself.
 */
export type CallInput<E, K extends string = never> = InputPart<E, 'params', K> &
  InputPart<E, 'query', K> &
  InputPart<E, 'body', K>;

/** A call's arguments after its entry: the input (left out when nothing is required), then the options. */
export type CallArgs<E, O, K extends string = never> = Nothing extends CallInput<E, K>
  ? [input?: CallInput<E, K>, options?: O]
  : [input: CallInput<E, K>, options?: O];

/** `?a=1&b=x` of the values given (empty ones left out), or '' when there are none. */
export function queryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The URL of a call: the entry's prefix and path with its parameters filled in (encoded), then the query. */
export function endpointUrl(entry: EndpointName, input: { params?: object; query?: object } = {}): string {
  const params: Record<string, unknown> = { ...input.params };
  const path = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${entry.key}: path parameter ${name} is missing`);
    }
    return encodeURIComponent(String(value));
  });
  return `${entry.prefix}${path}${queryString(input.query)}`;
}

/** References to every entry of table `T`, keyed as the table is. */
export type EndpointRefs<T> = { readonly [K in keyof T]: T[K] extends EndpointEntry ? EndpointRef<T[K]> : never };

/**
 * The entries of a table served under `prefix`, named without loading it: `refs['POST /booking']` has the
 * entry's method and path (read from its key) at once, and loads the table, with its schemas, when asked. The
 * keys are checked by TypeScript against the table; a test checks every reference against its loaded entry.
 */
export function lazyEndpoints<T extends object>(prefix: string, loadTable: () => Promise<T>): EndpointRefs<T> {
  const refOf = (key: string): EndpointRef => {
    const [method, path] = key.split(' ') as [Method, string];
    return {
      key: key as EndpointKey,
      method,
      path,
      prefix,
      load: async () => (await loadTable())[key as keyof T] as EndpointEntry,
    };
  };
  return new Proxy({} as EndpointRefs<T>, { get: (_, key) => (typeof key === 'string' ? refOf(key) : undefined) });
}
