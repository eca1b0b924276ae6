/**
 * The floor of a booking: `pgbench` running the statements one booking of one adult needs, in one
 * transaction, on the same database the server uses: read the option and the nationality, take a seat with the
 * conditional stock update, insert the booking, its line and its member. Nothing of ours runs in it, so our
 * slowness cannot hide in the floor. Its rows are deleted and the seats given back afterwards.
 *
 * PostgreSQL allows 100 connections by default and the server holds its own pool: pgbench runs at most
 * {@link PGBENCH_CLIENTS_MAX} clients (the database is saturated far below that on this machine).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { BenchMeasurement } from './types.ts';
import { percentile } from './visitor.ts';

const run = promisify(execFile);

export const PGBENCH_CLIENTS_MAX = 80;
/** Booking numbers of the floor's rows: no booking of ours starts so. */
const PREFIX = 'PGB';

/** The one-booking transaction, on a random day of `days` (YYYY-MM-DD, consecutive from `days[0]`). */
function script(opcd: string, first: string, dayCount: number, price: number): string {
  const day = `date '${first}' + :d`;
  const rsvno = `'${PREFIX}' || txid_current()`;
  return [
    `\\set d random(0, ${dayCount - 1})`,
    'BEGIN;',
    `SELECT * FROM options WHERE opcd = '${opcd}';`,
    'SELECT id FROM nationalities WHERE id IN (1);',
    `UPDATE departures SET zaikozan = zaikozan - 1 WHERE opcd = '${opcd}' AND usedate = ${day} AND start_time = '' AND zaikozan >= 1 RETURNING zaikozan, adultbaika, middlebaika, childbaika, infantbaika, end_time;`,
    `INSERT INTO bookings (rsvno, state, status, status_payment, rsvdate, fromdate, todate, sei, mei, tel, tel_normalized, mail, amountjp, md, lang, cancel_policy, client_ip) VALUES (${rsvno}, 'held', 1, 0, now(), ${day}, ${day}, 'BENCH', 'TARO', '09000000000', '09000000000', 'bench@example.com', ${price}, 'bench', 'ja', '[]', '127.0.0.1');`,
    `INSERT INTO booking_options (rsvno, opcd, usedate, adultqty, adultbaika, seats) VALUES (${rsvno}, '${opcd}', ${day}, 1, ${price}, 1);`,
    `INSERT INTO booking_members (rsvno, seq, sei, mei, birthday, sex, ageclass, nationality_id, rsvdate) VALUES (${rsvno}, 1, 'BENCH', 'TARO', '1990-01-01', '1', '1', 1, now());`,
    'COMMIT;',
    '',
  ].join('\n');
}

/** Seats back to their days and the floor's bookings gone, so that the rows after it see the database as it was. */
async function undo(databaseUrl: string, opcd: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `update departures s set zaikozan = s.zaikozan + c.n
       from (select usedate, start_time, count(*)::int as n from booking_options where rsvno like '${PREFIX}%'
         group by usedate, start_time) c
       where s.opcd = $1 and s.usedate = c.usedate and s.start_time = c.start_time`,
      [opcd],
    );
    for (const table of ['booking_members', 'booking_options', 'bookings']) {
      await client.query(`delete from ${table} where rsvno like '${PREFIX}%'`);
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
  // The floor's thousands of deleted rows vacuumed now, not by autovacuum while the next row is timed.
  await analyzeBookingTables(databaseUrl, { vacuum: true });
}

/** The tables a booking writes, analysed (and vacuumed) as autovacuum would, so that the plans made next fit them. */
export async function analyzeBookingTables(databaseUrl: string, options: { vacuum?: boolean } = {}): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `${options.vacuum ? 'vacuum (analyze)' : 'analyze'} bookings, booking_options, booking_members, booking_events, booking_rentals, booking_resources, unpaid_holds, departures`,
    );
  } finally {
    await client.end();
  }
}

export async function pgbenchFloor(
  databaseUrl: string,
  booking: { opcd: string; first: string; dayCount: number; price: number },
  clients: number,
  seconds: number,
): Promise<BenchMeasurement> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-'));
  const connections = Math.min(clients, PGBENCH_CLIENTS_MAX);
  try {
    const file = path.join(dir, 'booking.sql');
    writeFileSync(file, script(booking.opcd, booking.first, booking.dayCount, booking.price));
    const { stdout } = await run(
      'pgbench',
      [
        '--no-vacuum',
        `--file=${file}`,
        `--client=${connections}`,
        '--jobs=2',
        `--time=${Math.max(1, Math.round(seconds))}`,
        '--log',
        `--log-prefix=${path.join(dir, 'tx')}`,
        databaseUrl,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? 0);
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    // Each logged transaction: client, number, latency in µs, script, epoch seconds, µs.
    const latencies = readdirSync(dir)
      .filter((f) => f.startsWith('tx'))
      .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('\n'))
      .filter((line) => line.trim() !== '')
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    return {
      name: `floor: pgbench, the booking's statements (${connections} clients)`,
      rps: tps,
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      note: `${latencies.length} transactions, ${failed} failed`,
      failed: tps === 0 || failed > 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await undo(databaseUrl, booking.opcd);
  }
}
