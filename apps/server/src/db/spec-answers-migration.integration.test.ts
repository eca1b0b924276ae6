/**
 * Migration 0037 (ADR 0196: each day of `stock` became its all-day departure) and the migrations after it, as a
 * customer sees them: a database of the schema before it (0036), holding the demo data with a booking in every state
 * the lifecycle had, migrated to today's schema, answers every read call of SPEC §7 exactly as the server before it
 * answered on that data. The rows and the old server's answers were recorded with the code of that time
 * (scripts/record-spec-answers.ts says how); the only differences allowed are the fields added since, listed in ADDED.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Booking } from '@tabi/contract/booking';
import {
  bookingState,
  cancelAllowed,
  cardPaymentOpen,
  paymentAllowed,
  requestWithdrawable,
} from '@tabi/contract/booking-rules';
import { tokyoYmd } from '@tabi/contract/dates';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { replay, type SpecAnswer, type SpecAnswers } from '../scripts/record-spec-answers.ts';
import { adminQuery } from '../test/global-setup.ts';
import { createTestApp, droppedOnClose, testDbKind } from '../test/helper.ts';
import { type Database, openDatabase } from './client.ts';
import { type DatabaseRows, loadRows, migrationsBefore } from './migrations-before.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'spec-answers');
const read = <T>(file: string) => JSON.parse(gunzipSync(readFileSync(path.join(FIXTURE, file))).toString()) as T;
const rows = read<DatabaseRows>('rows.json.gz');
const recorded = read<SpecAnswers>('answers.json.gz');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Fields today's answers have that the old ones did not: each is allowed only where the old answer lacks it, only
 * with one of the values given, and only in the answers of the calls named. Any other difference fails.
 */
const ADDED: {
  calls: RegExp;
  at: RegExp;
  field: string;
  /** The values allowed, or a rule for a value that differs every time (a random token). */
  values: Json[] | ((value: Json) => boolean);
  why: string;
}[] = [
  {
    calls: /^GET \/api\/option\/\w+$|^GET \/api\/option\/\w+\?/,
    at: /^answer\.body\.response$/,
    field: 'timed',
    values: [false],
    why: 'ADR 0196: the detail says whether the option sells departures at start times; every option then sold whole days',
  },
  {
    calls: /^POST \/api\/booking\/[A-Z]{2}\d{6}$/,
    at: /^answer\.body\.response\.optionList\[\d+\]$/,
    field: 'start_time',
    values: [''],
    why: "ADR 0196: a booked line names its departure's start; '' is the whole day, which every line then was",
  },
  {
    calls: /^POST \/api\/booking\/[A-Z]{2}\d{6}$/,
    at: /^answer\.body\.response\.optionList\[\d+\]$/,
    field: 'end_time',
    values: [''],
    why: "ADR 0196: a booked line names its departure's end; '' for the whole day",
  },
  {
    calls: /^POST \/api\/booking\/[A-Z]{2}\d{6}$/,
    at: /^answer\.body\.response$/,
    field: 'changeable',
    values: [false, true],
    why: 'ADR 0197: whether my page offers a change of date and time now (a paid site booking before a free cancellation ends)',
  },
  // What my page decides on, made by the server (each checked below against what the page made of the old answer).
  ...(['state', 'payable', 'card_payable', 'cancellable', 'withdrawable'] as const).map((field) => ({
    calls: /^POST \/api\/booking\/[A-Z]{2}\d{6}$/,
    at: /^answer\.body\.response$/,
    field,
    values:
      field === 'state' ? ['paid', 'unpaid', 'canceled', 'offered', 'requested', 'unknown'] : ([false, true] as Json[]),
    why: "ADR 0193: the booking's state and what its customer may do, which the page made from the SPEC fields before",
  })),
  {
    calls: /^POST \/api\/booking\/[A-Z]{2}\d{6}$/,
    at: /^answer\.body\.response$/,
    field: 'ticket',
    values: (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      /^TB1\.[A-Za-z0-9_-]{32}$/.test(String(value.code)) &&
      String(value.qr_svg).startsWith('<svg '),
    why: "ADR 0212: a paid booking's ticket for the door, a random token and its QR code",
  },
];

/** What my page made of a booking's SPEC fields before the server said it (SPEC §4's rules). */
function pageFactsOf(old: Booking) {
  const today = tokyoYmd(new Date(old.servertime));
  return {
    state: bookingState(old, old.servertime),
    payable: paymentAllowed(old, old.servertime),
    card_payable: cardPaymentOpen(old, old.servertime),
    cancellable: cancelAllowed(old, today),
    withdrawable: requestWithdrawable(old, today),
  };
}

const before = migrationsBefore('0037_departures');
afterAll(() => before.remove());

/** The recorded rows in a database of the schema before 0037, then opened as the server opens it (migrating it). */
async function migratedRecording(): Promise<Database> {
  if (testDbKind === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    const plain = drizzlePglite(client);
    await migratePglite(plain, { migrationsFolder: before.folder });
    await loadRows(plain, rows);
    const image = await client.dumpDataDir('none');
    await client.close();
    return openDatabase({ dataDir: 'memory', pgliteImage: image });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_spec_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  try {
    const plain = drizzlePg(pool);
    await migratePg(plain, { migrationsFolder: before.folder });
    await loadRows(plain, rows);
  } finally {
    await pool.end();
  }
  return droppedOnClose(await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' }), adminUrl, name);
}

/** An answer as parsed JSON (its body came from JSON.parse). */
function asJson(answer: SpecAnswer): Json {
  return { status: answer.status, body: answer.body as Json };
}

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where two answers differ, as `path: old → new` lines; a field only the new one has is passed to `allowed`. */
function differences(old: Json, now: Json, at: string, allowed: (at: string, field: string, value: Json) => boolean) {
  const found: string[] = [];
  if (isObject(old) && isObject(now)) {
    for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
      const o = old[key];
      const n = now[key];
      if (o === undefined && n !== undefined) {
        if (!allowed(at, key, n)) found.push(`${at}.${key}: (none) → ${JSON.stringify(n)}`);
      } else if (o !== undefined && n === undefined) {
        found.push(`${at}.${key}: ${JSON.stringify(o)} → (none)`);
      } else if (o !== undefined && n !== undefined) {
        found.push(...differences(o, n, `${at}.${key}`, allowed));
      }
    }
  } else if (Array.isArray(old) && Array.isArray(now)) {
    if (old.length !== now.length) found.push(`${at}: ${old.length} items → ${now.length}`);
    for (let i = 0; i < Math.min(old.length, now.length); i += 1) {
      found.push(...differences(old[i] as Json, now[i] as Json, `${at}[${i}]`, allowed));
    }
  } else if (JSON.stringify(old) !== JSON.stringify(now)) {
    found.push(`${at}: ${JSON.stringify(old)} → ${JSON.stringify(now)}`);
  }
  return found;
}

it('was recorded with a booking in every state the lifecycle had before migration 0037', () => {
  const bookings = rows.tables.find((t) => t.table === 'bookings')?.rows ?? [];
  expect(new Set(bookings.map((b) => b.state))).toEqual(
    new Set(['held', 'paid', 'requested', 'offered', 'reserved', 'cancelling', 'canceled', 'expired']),
  );
});

it('answers every SPEC §7 read call on the migrated demo data as the server before migration 0037 did', async () => {
  const database = await migratedRecording();
  const t = await createTestApp({ now: new Date(recorded.now), config: recorded.config, database });
  try {
    const calls = recorded.calls.map((c) => c.call);
    const answers = await replay(t.request, calls);
    const found: string[] = [];
    recorded.calls.forEach(({ call, answer: old }, i) => {
      const now = answers[i] as SpecAnswer;
      const name = `${call.method} ${call.url}`;
      const allowed = (at: string, field: string, value: Json) =>
        ADDED.some(
          (a) =>
            a.calls.test(name) &&
            a.at.test(at) &&
            a.field === field &&
            (typeof a.values === 'function' ? a.values(value) : a.values.some((v) => v === value)),
        );
      const label = call.body ? `${name} ${JSON.stringify(call.body)}` : name;
      for (const d of differences(asJson(old), asJson(now), 'answer', allowed)) found.push(`${label}  ${d}`);
      const before = (old.body as { response?: Booking }).response;
      if (/^POST \/api\/booking\/[A-Z]{2}\d{6}$/.test(name) && before?.servertime) {
        const after = (now.body as { response: Booking }).response;
        const made = pageFactsOf(before);
        const said = Object.fromEntries(Object.keys(made).map((k) => [k, after[k as keyof typeof made]]));
        if (JSON.stringify(said) !== JSON.stringify(made)) {
          found.push(`${label}  the page made ${JSON.stringify(made)}, the server says ${JSON.stringify(said)}`);
        }
      }
    });
    expect(found).toEqual([]);
    expect(answers).toHaveLength(recorded.calls.length);
  } finally {
    await t.close();
  }
});
