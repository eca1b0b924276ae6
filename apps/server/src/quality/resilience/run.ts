/**
 * `npm run resilience` (reliability), against real processes on loopback only:
 *   a  SIGKILL in the middle of 200 concurrent bookings, restart, check what was acknowledged (PGlite, PostgreSQL)
 *   b  PostgreSQL stopped and started under load: /healthz 503, recovery by itself, nothing acknowledged lost
 *   c  two instances on one PostgreSQL (+ Redis for the limits): oversell 0, login brute force still limited
 *   d  SIGTERM with slow requests in flight: they finish, nothing new is accepted (PGlite, PostgreSQL)
 *   e  SIGKILL during 80 concurrent card payments: the reconciler fulfils what was charged (PGlite, PostgreSQL)
 *   f  SIGKILL during 60 concurrent cancellations: the reconciler finishes the refunds (PGlite, PostgreSQL)
 *   g  SIGKILL during 催行中止 of a day with 40 paid bookings: the worker finishes the stop (PGlite, PostgreSQL)
 *   h  SIGKILL during 30 concurrent OCTO confirmations: each booking a hold or wholly confirmed (PGlite, PostgreSQL)
 *   i  SIGKILL during 60 konbini slips issued and paid at the store: the reconciler records and fulfils them, and
 *      the sweeper killed at their deadline lapses each waiting slip exactly once (PGlite, PostgreSQL)
 *
 * Options: --only=a,b,c,d,e,f,g,h,i  --db=pglite,postgres (for a, d, e, f, g, h and i)
 * PostgreSQL: a throwaway cluster of its own (initdb/pg_ctl as the postgres user), so stopping it disturbs
 * nobody; without one, RESILIENCE_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) serves a, c
 * and d, and b is skipped. Redis: RESILIENCE_REDIS_URL (default redis://127.0.0.1:6379/7, flushed first).
 * Results: .resilience/results.json and the Reliability section of docs/quality.md.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { killDuringDayStop } from './day-stop.ts';
import {
  createDatabase,
  createPgCluster,
  type PgCluster,
  root,
  type ScenarioResult,
  type Store,
  stopStrayServers,
  workDir,
} from './harness.ts';
import { killDuringKonbini } from './konbini.ts';
import { killDuringCancellations, killDuringPayments } from './money.ts';
import { killDuringOctoConfirms } from './octo.ts';
import { gracefulShutdown, killDuringBookings, pgliteStore, postgresRestart, twoInstances } from './scenarios.ts';

function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

const ALL = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
const PER_DB = new Set(['a', 'd', 'e', 'f', 'g', 'h', 'i']);
const ONLY = option('only', ALL.join(',')).split(',');
const DBS = option('db', 'pglite,postgres').split(',');
const REDIS_URL = process.env.RESILIENCE_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const FALLBACK_PG = process.env.RESILIENCE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMMAND = 'npm run resilience';

function print(result: ScenarioResult): void {
  console.log(`\n(${result.id}) ${result.title} — ${result.store}`);
  if (result.skipped) {
    console.log(`  SKIPPED: ${result.skipped}`);
    return;
  }
  for (const [k, v] of Object.entries(result.figures)) console.log(`  ${k}: ${v}`);
  for (const c of result.checks) console.log(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name} — ${c.detail}`);
}

function markdown(results: ScenarioResult[], when: string): string {
  const lines = [
    `Measured ${when} with \`${COMMAND}\` (per scenario: \`${COMMAND} -- --only=a --db=pglite\` and so on).`,
    '',
  ];
  for (const r of results) {
    lines.push(`#### (${r.id}) ${r.title} — ${r.store}`, '');
    if (r.skipped) {
      lines.push(`Skipped: ${r.skipped}`, '');
      continue;
    }
    lines.push(`Command: \`${COMMAND} -- --only=${r.id}${PER_DB.has(r.id) ? ` --db=${r.store}` : ''}\``, '');
    lines.push('| figure | value |', '|---|---|');
    for (const [k, v] of Object.entries(r.figures)) lines.push(`| ${k} | ${String(v).replace(/\|/g, '\\|')} |`);
    lines.push('', '| check | result | detail |', '|---|---|---|');
    for (const c of r.checks) {
      lines.push(`| ${c.name} | ${c.pass ? 'pass' : '**FAIL**'} | ${c.detail.replace(/\|/g, '\\|')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Replaces what lies between the resilience markers of docs/quality.md. */
function writeDocs(section: string): void {
  const file = path.join(root, 'docs/quality.md');
  const start = '<!-- resilience:start -->';
  const end = '<!-- resilience:end -->';
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return;
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${section}\n${text.slice(to)}`);
}

async function main(): Promise<void> {
  mkdirSync(workDir, { recursive: true });
  const results: ScenarioResult[] = [];
  const run = async (work: () => Promise<ScenarioResult>, id: string, title: string, store: string) => {
    try {
      const result = await work();
      results.push(result);
      print(result);
    } catch (error) {
      const result: ScenarioResult = {
        id,
        title,
        store,
        figures: {},
        checks: [{ name: 'the scenario ran to the end', pass: false, detail: (error as Error).stack ?? String(error) }],
      };
      results.push(result);
      print(result);
    } finally {
      // A scenario that failed half-way may have left its servers up: they would load the next ones.
      await stopStrayServers();
    }
  };

  const needsPg =
    ONLY.some((id) => id === 'b' || id === 'c') || (DBS.includes('postgres') && ONLY.some((id) => PER_DB.has(id)));
  let cluster: PgCluster | null = null;
  if (needsPg) {
    console.log('Creating a throwaway PostgreSQL cluster…');
    cluster = await createPgCluster();
    console.log(cluster ? `  ${cluster.describe}` : `  not possible here; using ${FALLBACK_PG} (scenario b skipped)`);
  }
  const adminUrl = cluster?.adminUrl ?? FALLBACK_PG;
  const pgDescribe = cluster?.describe ?? `PostgreSQL at ${FALLBACK_PG}`;

  try {
    /** A scenario run once on each database asked for, each time on a store of its own. */
    const perDb = async (
      id: string,
      title: string,
      scenario: (store: Store, label: string) => Promise<ScenarioResult>,
    ): Promise<void> => {
      for (const db of DBS) {
        if (!ONLY.includes(id)) break;
        await run(
          async () =>
            db === 'pglite'
              ? scenario(pgliteStore(`${id}-pglite`), 'pglite')
              : scenario({ kind: 'postgres', url: await createDatabase(adminUrl, `resilience_${id}`) }, 'postgres'),
          id,
          title,
          db,
        );
      }
    };
    await perDb('a', 'SIGKILL during 200 concurrent bookings, then restart', killDuringBookings);
    if (ONLY.includes('b')) {
      if (cluster) {
        const c = cluster;
        await run(() => postgresRestart(c), 'b', 'PostgreSQL stopped and started again under load', c.describe);
      } else {
        const skipped: ScenarioResult = {
          id: 'b',
          title: 'PostgreSQL stopped and started again under load',
          store: pgDescribe,
          figures: {},
          checks: [],
          skipped:
            'no PostgreSQL cluster that this user may stop and start (needs initdb/pg_ctl and the postgres user)',
        };
        results.push(skipped);
        print(skipped);
      }
    }
    if (ONLY.includes('c')) {
      await run(
        () => twoInstances(adminUrl, pgDescribe, REDIS_URL),
        'c',
        'two instances on one PostgreSQL',
        pgDescribe,
      );
    }
    await perDb('d', 'graceful shutdown on SIGTERM with slow requests in flight', gracefulShutdown);
    await perDb('e', 'SIGKILL during 80 concurrent card payments, then restart', killDuringPayments);
    await perDb('f', 'SIGKILL during 60 concurrent cancellations with refunds, then restart', killDuringCancellations);
    await perDb('g', 'SIGKILL during 催行中止 of a day with 40 paid bookings, then restart', killDuringDayStop);
    await perDb('h', 'SIGKILL during 30 concurrent OCTO confirmations, then restart', killDuringOctoConfirms);
    await perDb('i', 'SIGKILL during 60 konbini slips issued and paid at the store, then restart', killDuringKonbini);
  } finally {
    cluster?.destroy();
    // The PGlite directories are named <scenario>-pglite-<timestamp>.
    for (const entry of readdirSync(workDir)) {
      if (/^[adefghi]-pglite-\d+$/.test(entry)) rmSync(path.join(workDir, entry), { recursive: true, force: true });
    }
  }

  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  writeFileSync(path.join(workDir, 'results.json'), `${JSON.stringify({ when, results }, null, 2)}\n`);
  if (ONLY.length === ALL.length && DBS.length === 2) writeDocs(markdown(results, `${when} UTC`));
  const failed = results.flatMap((r) => r.checks.filter((c) => !c.pass).map((c) => `(${r.id} ${r.store}) ${c.name}`));
  console.log(`\n${failed.length === 0 ? 'All resilience checks passed.' : `FAILED:\n  ${failed.join('\n  ')}`}`);
  process.exit(failed.length === 0 ? 0 : 1);
}

await main();
