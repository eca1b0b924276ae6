// Lighthouse audits (mobile defaults: emulated phone, simulated throttling) of the public pages against the real
// server on a fresh embedded database with the demo data. Builds the web app unless WEB_DIST points at a build.
// Prints scores and key metrics, writes .lighthouse/summary.json (and one full report per page).
// Usage: npm run lighthouse   (env: LH_PORT or PORT, default 3160; WEB_DIST to skip the build; LH_RUNS, default 3;
// LH_PAGES, a comma-separated list of paths, default the list and the detail in each language and the login;
// LH_CPU_SLOWDOWN, the phone's CPU against this machine's, default Lighthouse's 4: 9 plays a slow hour of a shared host,
// which runs the same work about 2.2 times slower than a quiet one)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, SERVER_ENTRY } from '../apps/server/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Lighthouse and its Chrome launcher are a tool of their own in tools/lighthouse, with its own lock (ADR 0224): a
 * tenth of the packages' files, which every `npm install` of the site and its tests unpacked for this script alone.
 * Installed there from the lock on first use.
 */
const toolDir = path.join(root, 'tools/lighthouse');
if (!existsSync(path.join(toolDir, 'node_modules/lighthouse/package.json'))) {
  console.log('Installing Lighthouse into tools/lighthouse (first use)…');
  const npm = (command) => spawnSync('npm', [command, '--no-audit', '--no-fund'], { cwd: toolDir, stdio: 'inherit' });
  // One of Lighthouse's packages asks for another's `latest`: once the registry's latest moves past the lock's, `npm
  // ci` refuses the lock, and `npm install` keeps what it can of it.
  if (npm('ci').status !== 0 && npm('install').status !== 0) process.exit(1);
}
const fromTool = createRequire(path.join(toolDir, 'package.json'));
const toolImport = (specifier) => import(pathToFileURL(fromTool.resolve(specifier)).href);
const chromeLauncher = await toolImport('chrome-launcher');
const { default: lighthouse } = await toolImport('lighthouse');
const { throttling } = await toolImport('lighthouse/core/config/constants.js');
const lighthouseVersion = JSON.parse(readFileSync(fromTool.resolve('lighthouse/package.json'), 'utf8')).version;
const port = process.env.LH_PORT ?? process.env.PORT ?? '3160';
const origin = `http://127.0.0.1:${port}`;
const outDir = path.join(root, '.lighthouse');
const dataDir = path.join(root, `.data-lighthouse-${port}`);
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const cpuSlowdown = process.env.LH_CPU_SLOWDOWN ? Number(process.env.LH_CPU_SLOWDOWN) : undefined;
const pages = process.env.LH_PAGES
  ? process.env.LH_PAGES.split(',')
  : [
      '/',
      '/detail?opcd=OP0001',
      '/login',
      ...['/en', '/ko', '/zh-hant', '/zh-hans'].flatMap((base) => [`${base}/`, `${base}/detail?opcd=OP0001`]),
    ];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
};
const bin = (name) => path.join(root, 'node_modules/.bin', name);

let webDist = process.env.WEB_DIST;
if (!webDist) {
  webDist = path.join(root, 'apps/web/dist');
  console.log('Building the web app…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', timeout: 300_000 });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
webDist = path.resolve(webDist);

rmSync(dataDir, { recursive: true, force: true });
// The production build of the server (ADR 0194), as visitors get it.
await buildServer();
const server = spawn(bin('node'), ['--enable-source-maps', SERVER_ENTRY], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    PUBLIC_URL: origin,
    WEB_DIST: webDist,
    APP_KEY: 'lighthouse-key',
    LOG_LEVEL: 'warn',
  },
});
let chrome;

async function cleanup() {
  try {
    chrome?.kill();
  } catch {
    // already gone
  }
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    const exited = new Promise((resolve) => server.once('exit', resolve));
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitHealthy(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms`);
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const fileName = (page) =>
  page === '/'
    ? 'index'
    : page
        .replace(/^\//, '')
        .replace(/[^a-z0-9]+/gi, '-')
        .replace(/-$/, '');

/** One Lighthouse run of `url` in the launched Chromium. */
async function audit(url) {
  // No config: Lighthouse's defaults are the mobile ones (moto g power emulation, simulated slow 4G).
  const result = await withTimeout(
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      maxWaitForLoad: 45_000,
      ...(cpuSlowdown ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } } : {}),
    }),
    180_000,
    `Lighthouse on ${url}`,
  );
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  return result;
}

function launchChrome() {
  return chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

try {
  await waitHealthy(120_000);
  chrome = await launchChrome();
  // The first visitors after a start: one run of each page before anything has warmed it (the first page right
  // after the start, each next one the first visit of that page).
  const cold = [];
  for (const page of pages) {
    console.log(`Auditing ${origin}${page} cold…`);
    const { lhr } = await audit(`${origin}${page}`);
    cold.push({
      page,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      FCP: lhr.audits['first-contentful-paint']?.displayValue ?? '',
      LCP: lhr.audits['largest-contentful-paint']?.displayValue ?? '',
      TBT: lhr.audits['total-blocking-time']?.displayValue ?? '',
    });
  }
  // A production server is warm: let each page, its assets and API calls run a few times before measuring
  // (the first render of a page compiles code paths and fills the catalog caches).
  for (let round = 0; round < 3; round++) {
    for (const page of pages) {
      const html = await (await fetch(`${origin}${page}`)).text();
      for (const [, asset] of html.matchAll(/(?:src|href)="(\/(?:assets|images)\/[^"]+)"/g))
        await fetch(`${origin}${asset}`);
    }
  }
  mkdirSync(outDir, { recursive: true });
  const results = [];
  for (const page of pages) {
    const url = `${origin}${page}`;
    // Several runs, the median by performance score is kept: simulated throttling scales the CPU time observed
    // on this (shared) machine, so a single run is noisy.
    const candidates = [];
    for (let run = 1; run <= runs; run++) {
      console.log(`Auditing ${url} (run ${run}/${runs})…`);
      candidates.push(await audit(url));
    }
    candidates.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
    const runner = candidates[Math.floor(candidates.length / 2)];
    const performanceRuns = candidates.map((c) => Math.round((c.lhr.categories.performance?.score ?? 0) * 100));
    const { lhr } = runner;
    writeFileSync(path.join(outDir, `${fileName(page)}.report.json`), runner.report);
    const scores = Object.fromEntries(categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    const values = Object.fromEntries(
      Object.entries(metrics).map(([name, id]) => [
        name,
        { value: lhr.audits[id]?.numericValue ?? null, display: lhr.audits[id]?.displayValue ?? '' },
      ]),
    );
    // Audits that lose points (score below 1, excluding informative/not-applicable ones).
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
      .filter((audit) =>
        categories.some((id) => lhr.categories[id]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0)),
      )
      .map((audit) => ({
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue ?? '',
      }));
    // Opportunities and diagnostics with estimated savings (they carry no weight but explain the metrics).
    const opportunities = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'metricSavings')
      .map((audit) => ({ id: audit.id, title: audit.title, displayValue: audit.displayValue ?? '' }));
    results.push({
      page,
      url: lhr.finalDisplayedUrl,
      scores,
      performanceRuns,
      metrics: values,
      failing,
      opportunities,
      runWarnings: lhr.runWarnings,
      runtimeError: lhr.runtimeError ?? null,
      // Lighthouse's own measure of the host's CPU: the simulated phone is 4× the CPU time observed here whatever the
      // host, so a score read beside the index says whether a fall is the page's or the machine's.
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    });
  }

  const rows = [
    ['page', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'perf of each run', 'host CPU index'],
    ...results.map((r) => [
      r.page,
      ...categories.map((id) => String(r.scores[id])),
      ...Object.keys(metrics).map((name) => r.metrics[name].display),
      r.performanceRuns.join(' / '),
      String(r.benchmarkIndex),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  let belowTarget = false;
  for (const c of cold) {
    console.log(`cold: ${c.page} perf ${c.performance}, FCP ${c.FCP}, LCP ${c.LCP}, TBT ${c.TBT}`);
    if (c.performance < targets.performance) {
      belowTarget = true;
      console.log(`${c.page} cold: performance ${c.performance} < ${targets.performance}`);
    }
  }
  for (const r of results) {
    for (const id of categories) {
      if (r.scores[id] < targets[id]) {
        belowTarget = true;
        console.log(`\n${r.page}: ${id} ${r.scores[id]} < ${targets[id]}`);
      }
    }
    if (r.failing.length > 0) {
      console.log(`${r.page} audits losing points:`);
      for (const audit of r.failing)
        console.log(`  - ${audit.id} (${audit.score}) ${audit.title} ${audit.displayValue}`);
    }
    if (r.opportunities.length > 0) {
      console.log(`${r.page} opportunities/diagnostics:`);
      for (const audit of r.opportunities) console.log(`  - ${audit.id}: ${audit.title} ${audit.displayValue}`);
    }
    for (const warning of r.runWarnings) console.log(`${r.page} warning: ${warning}`);
  }
  const summary = {
    measuredAt: new Date().toISOString(),
    lighthouse: lighthouseVersion,
    settings: `Lighthouse defaults: formFactor mobile, simulated throttling${cpuSlowdown ? ` with ${cpuSlowdown}× CPU slowdown` : ''}; median of ${runs} runs by performance score`,
    targets,
    cold,
    results,
  };
  writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(
    `\nWrote ${path.relative(root, path.join(outDir, 'summary.json'))}${belowTarget ? ' (some scores below target)' : ''}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
