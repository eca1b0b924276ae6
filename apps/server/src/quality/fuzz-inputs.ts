/**
 * Generators of malformed requests for the fuzz test: wrong types, missing fields, huge strings, odd
 * Unicode, negative and enormous numbers, bad dates, arrays and objects where strings are expected,
 * invalid JSON, wrong content types and bodies over the limit. Built on fast-check.
 */
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** 100 KB of ASCII and 100 KB+ of Japanese, both under the 256 KB body limit once JSON-encoded. */
export const HUGE_ASCII = 'a'.repeat(100_001);
export const HUGE_JAPANESE = 'あ'.repeat(34_000);
/** Over Fastify's bodyLimit (256 KB). */
export const OVERSIZED = 'x'.repeat(300_000);

/** Strings that have broken parsers, databases and templates before. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u3000',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  '😀👨‍👩‍👧‍👦🇯🇵',
  'ＡＡ１０００００１',
  '０９０－１２３４－５６７８',
  'ｱｲｳｴｵ',
  'e\u0301\u0301\u0301',
  '\r\n\t',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '; drop table bookings; --',
  '../../../../etc/passwd',
  '%00',
  '%',
  `\${7*7}{{7*7}}`,
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '-0',
  '0',
  '1.5',
  '0x1F',
  '9007199254740993',
  '99999999999999999999999999',
  '20261341',
  '20260230',
  '20250229',
  '00000000',
  '99999999',
  '2026-11-21',
  '2026/11/21',
  '２０２６１１２１',
  '1e3',
  'AA100001\u0000',
  'OP0001 ',
];

const oddString = fc.constantFrom(...ODD_STRINGS);
const hugeString = fc.constantFrom(HUGE_ASCII, HUGE_JAPANESE);
const anyUnicode = fc.string({ unit: 'binary', maxLength: 24 });
const graphemes = fc.string({ unit: 'grapheme', maxLength: 24 });
const strangeNumber = fc.constantFrom(
  -1,
  -0.5,
  0,
  0.1,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  5e-324,
);

/** One malformed scalar (JSON has no NaN/Infinity: they become null, which is tried too). */
export const malformedScalar: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: oddString },
  { weight: 2, arbitrary: anyUnicode },
  { weight: 2, arbitrary: graphemes },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: strangeNumber },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** A malformed value: a scalar, or an array or object where a scalar is expected. */
export const malformedValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 8, arbitrary: malformedScalar },
  { weight: 1, arbitrary: fc.array(malformedScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), malformedScalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constant<Json>([]) },
  { weight: 1, arbitrary: fc.constant<Json>({}) },
);

/** Edits of a valid string that keep it almost valid (the inputs most likely to slip past a check). */
const nearMisses: ((s: string) => string)[] = [
  (s) => `${s}\u0000`,
  (s) => ` ${s} `,
  (s) => s.toLowerCase(),
  (s) => `-${s}`,
  (s) => `${s}0`,
  (s) => s.slice(0, -1),
  (s) => s.repeat(50),
  (s) => s.normalize('NFKC').replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  (s) => `${s}\uD800`,
  (s) => `${s}%00`,
];

export type Mutation =
  | { op: 'set'; pick: number; value: Json }
  | { op: 'delete'; pick: number }
  | { op: 'near'; pick: number; edit: number }
  | { op: 'extra'; key: string; value: Json };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('set' as const), pick: fc.nat(), value: malformedValue }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('near' as const), pick: fc.nat(), edit: fc.nat(nearMisses.length - 1) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('extra' as const),
      key: fc.constantFrom('__proto__', 'constructor', 'x', '', 'rsvno', 'session', 'status', 'amountjp'),
      value: malformedValue,
    }),
  },
);

type Path = (string | number)[];

/** Every place in a JSON value where a mutation can land (containers included). */
export function pathsOf(value: Json, prefix: Path = []): Path[] {
  const out: Path[] = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...pathsOf(v, [...prefix, i]));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

function parentOf(root: Json, path: Path): { parent: Json; key: string | number } | null {
  let node: Json = root;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return null;
    node = Array.isArray(node) ? (node[key as number] ?? null) : (node[key as string] ?? null);
  }
  const key = path[path.length - 1];
  if (key === undefined || node === null || typeof node !== 'object') return null;
  return { parent: node, key };
}

/** Applies mutations to a copy of a valid input. */
export function mutate(base: JsonObject, mutations: Mutation[]): JsonObject {
  const copy = structuredClone(base);
  for (const m of mutations) {
    if (m.op === 'extra') {
      // defineProperty, so that '__proto__' becomes an own key as JSON.parse would make it.
      Object.defineProperty(copy, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
      continue;
    }
    const paths = pathsOf(copy);
    if (paths.length === 0) continue;
    const path = paths[m.pick % paths.length] ?? [];
    const at = parentOf(copy, path);
    if (!at) continue;
    const { parent, key } = at;
    const current = Array.isArray(parent) ? parent[key as number] : (parent as JsonObject)[key as string];
    let next: Json | undefined;
    if (m.op === 'set') next = m.value;
    else if (m.op === 'near') {
      const edit = nearMisses[m.edit] ?? ((s: string) => s);
      next = typeof current === 'string' ? edit(current) : typeof current === 'number' ? edit(String(current)) : null;
    }
    if (Array.isArray(parent)) {
      if (next === undefined) parent.splice(key as number, 1);
      else parent[key as number] = next;
    } else if (next === undefined) delete (parent as JsonObject)[key as string];
    else (parent as JsonObject)[key as string] = next;
  }
  return copy;
}

/** encodeURIComponent, except that lone surrogates (which it refuses) go out as the raw bytes of one. */
export function encodeComponent(value: string): string {
  return value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => {
      if (/^[\uD800-\uDFFF]$/.test(part)) return '%ED%A0%80';
      return encodeURIComponent(part);
    })
    .join('');
}

/** A query-string rendering of a value: arrays repeat the key, objects use brackets, null a bare key. */
export function queryPairs(key: string, value: Json): string[] {
  const k = encodeComponent(key);
  if (value === null) return [k];
  if (Array.isArray(value)) return value.flatMap((v) => queryPairs(key, v));
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([sub, v]) => queryPairs(`${key}[${sub}]`, v));
  }
  return [`${k}=${encodeComponent(String(value))}`];
}

export function queryString(query: JsonObject): string {
  const pairs = Object.entries(query).flatMap(([k, v]) => queryPairs(k, v));
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** Raw query strings no encoder would make: bad percent escapes, invalid UTF-8, NUL, floods. */
export const RAW_BAD_QUERIES: readonly string[] = [
  '?%',
  '?a=%zz',
  '?usedate=%FF%FE',
  '?homencd=%ED%A0%80',
  '?homencd=%00',
  '?&&&==&=',
  '?page=1&page=2&page=3',
  `?keycd=${'a,'.repeat(5_000)}`,
  `?md=${'x'.repeat(100_000)}`,
  `?${'k=v&'.repeat(2_000)}`,
  '?usedate[]=20261201',
  '?usedate[a]=1',
  '?__proto__[x]=1',
  '?constructor=1',
];

/** Bodies that are not valid JSON, sent as application/json. */
export const INVALID_JSON: readonly string[] = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  'undefined',
  "{'a':1}",
  '{"a":1}}',
  '{"a":1,}',
  '\u0000',
  '\uFEFF{"a":1}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":"${'\\u0000'.repeat(100)}"}`,
  '{"a":"\\uD800"}',
  '1e999',
  '"just a string"',
  '123',
  'true',
  'null',
];

export const WRONG_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  'image/png',
  '*/*',
  ';;;',
];
