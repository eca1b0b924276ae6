// The one test command: installs what the tests need, then typecheck, lint, unit, components (jsdom), server integration
// (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), build, and end-to-end tests in Chromium.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function ensureSystemPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  // The end-to-end specs drive Chromium's headless shell, half the CPU of the full browser per page (ADR 0198).
  if (!existsSync('/usr/bin/chromium-headless-shell')) missing.push('chromium-headless-shell');
  const fonts = spawnSync('sh', ['-c', 'fc-list 2>/dev/null | grep -qi "Noto Sans CJK"']);
  if (fonts.status !== 0) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(', ')} from Debian's packages…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    {
      stdio: 'inherit',
    },
  );
}

const tally = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Every failed test by name, printed again in the summary: a red run says what to look at without its whole log. */
const failedTests = [];

/** The machine's CPU time so far in clock ticks (Linux's /proc/stat), or null elsewhere. */
function cpuTicks() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return null;
  }
}

/**
 * How a tier used the machine: the share of all cores' time it kept busy, and the share the host took away (steal, a
 * slow day's cause on a shared machine). A tier well under 100 % leaves a core idle that another tier could use.
 */
function cpuUse(before) {
  const after = cpuTicks();
  if (!before || !after) return '';
  const [busy, idle, steal] = ['busy', 'idle', 'steal'].map((k) => after[k] - before[k]);
  const total = busy + idle + steal || 1;
  return `, cores ${Math.round((100 * busy) / total)}% busy${steal > 0 ? `, ${Math.round((100 * steal) / total)}% stolen` : ''}`;
}

function finished(name, ok, started, ticks) {
  console.log(`--- ${name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)}s${cpuUse(ticks)}`);
}

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const ticks = cpuTicks();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, TZ: 'UTC', ...env } });
  finished(name, result.status === 0, started, ticks);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += report.numPassedTests ?? 0;
  tally.failed += report.numFailedTests ?? 0;
  tally.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const testFile of report.testResults ?? []) {
    const where = path.relative(root, testFile.name);
    for (const test of testFile.assertionResults ?? []) {
      const firstLine = stripVTControlCharacters(test.failureMessages?.[0] ?? '').split('\n')[0];
      if (test.status === 'failed')
        failedTests.push(`${where} › ${test.fullName}${firstLine ? ` (${firstLine})` : ''}`);
    }
    // A file that fails before its tests run (an import, a hook) has no failed test of its own.
    if (testFile.status === 'failed' && !(testFile.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failedTests.push(`${where}: ${(testFile.message ?? '').split('\n')[0]}`);
    }
  }
}

/** Tests that failed first and passed on a retry, by name: counted as passed, never hidden. */
const flaky = [];

function playwrightOutcomes(suite, trail = []) {
  const titles = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      // The first error's first line tells a flake's cause at a glance; the trace is kept in test-results.
      const error = (test.results ?? []).find((r) => r.error)?.error?.message;
      const firstLine = error && stripVTControlCharacters(error).split('\n')[0];
      const name = `${[...titles, spec.title].join(' › ')}${firstLine ? ` (${firstLine})` : ''}`;
      if (test.status === 'flaky') flaky.push(name);
      if (test.status === 'unexpected') failedTests.push(name);
    }
  }
  for (const child of suite.suites ?? []) playwrightOutcomes(child, titles);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
  tally.failed += report.stats?.unexpected ?? 0;
  tally.skipped += report.stats?.skipped ?? 0;
  for (const suite of report.suites ?? []) playwrightOutcomes(suite);
}

/** Line coverage per measured tier, printed again at the end. */
const coverage = [];

/**
 * One Vitest tier. With `covers` (globs of our code) and COVERAGE=1, V8 coverage of those files is measured and its
 * summary printed; it costs a fifth of the tier's time, so a plain run (and CI) leaves it out.
 */
function vitest(name, projects, output, { env = {}, covers } = {}) {
  const file = path.join(results, output);
  const project = [projects].flat().join('-');
  const measure =
    covers && process.env.COVERAGE === '1'
      ? [
          '--coverage.enabled',
          `--coverage.reportsDirectory=${path.join(results, `coverage-${project}`)}`,
          ...covers.map((glob) => `--coverage.include=${glob}`),
        ]
      : [];
  run(
    name,
    bin('vitest'),
    [
      'run',
      ...[projects].flat().flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${file}`,
      ...measure,
    ],
    env,
  );
  countVitest(file);
  const summary = path.join(results, `coverage-${project}`, 'coverage-summary.json');
  if (covers && existsSync(summary)) {
    const { total } = JSON.parse(readFileSync(summary, 'utf8'));
    coverage.push(`${name}: lines ${total.lines.pct}%, branches ${total.branches.pct}% of ${covers.join(', ')}`);
  }
}

ensureSystemPackages();
run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', bin('biome'), ['check', '.']);
vitest('unit and component tests (node, jsdom)', ['unit', 'dom'], 'unit.json', { covers: ['apps/web/src/**'] });
vitest('server integration tests on PGlite', 'server', 'server-pglite.json', {
  env: { TEST_DB: 'pglite' },
  covers: ['apps/server/src/**', 'packages/contract/src/**'],
});
if (process.env.TEST_DATABASE_URL) {
  vitest('server integration tests on PostgreSQL', 'server', 'server-postgres.json', { env: { TEST_DB: 'postgres' } });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run of the server tests is skipped)');
}
/**
 * The end-to-end specs in one Playwright run of two workers, each with its own server on its own copy of the demo
 * database (e2e/playwright.config.ts), so no spec sees another worker's changes. A worker takes the next test as it
 * finishes one: the two fixed lists of files this replaced split by their times on one day and drifted on others
 * (201 s and 201 s on a quiet evening, 525 s and 473 s on a slow night, a core idle for the difference). One server
 * for both workers was slower on this machine's two cores (ADR 0204).
 */
function endToEnd() {
  const name = 'end-to-end tests in Chromium (2 workers, a server each)';
  // The demo database is written once and copied for each server, and the servers are the build the step before made.
  const template = path.join(results, 'e2e-data');
  if (
    !run('end-to-end demo database', process.execPath, ['scripts/e2e-server.mjs', '--prepare', template], {
      E2E_PREBUILT: '1',
    })
  )
    return;
  run(name, bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    CI: '1',
    E2E_WORKERS: '2',
    E2E_DATA_TEMPLATE: template,
    E2E_PREBUILT: '1',
  });
  countPlaywright(path.join(results, 'e2e.json'));
}

if (run('build', 'npm', ['run', 'build'])) endToEnd();

console.log(`\nFailed steps: ${failedSteps.length === 0 ? 'none' : failedSteps.join(', ')}`);
if (failedTests.length > 0) console.log('Failed tests:');
for (const name of failedTests) console.log(`  - ${name}`);
console.log(`Flaky (failed, then passed on retry): ${flaky.length === 0 ? 'none' : ''}`);
for (const name of flaky) console.log(`  - ${name}`);
for (const line of coverage) console.log(`Coverage, ${line}`);
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failedSteps.length === 0 && tally.failed === 0 ? 0 : 1);
