import { defineConfig } from '@playwright/test';

/**
 * One server per worker, each on its own copy of the demo database (E2E_PORT, E2E_PORT + 1, …): `npm test` runs two
 * workers (E2E_WORKERS), and a worker takes the next test as it finishes one (`fullyParallel` below), so neither waits
 * for the other at the end whatever a day's speed does to each test. A worker reaches its own server through
 * Playwright's TEST_PARALLEL_INDEX (the same for a worker started again after a failure); the specs make the bookings
 * they change (ADR 0204), so any test can run on either server.
 */
const firstPort = Number(process.env.E2E_PORT ?? 3100);
const workers = Number(process.env.E2E_WORKERS ?? 1);
export const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Every test is queued on its own, not a file at a time: a long file (purchase.spec.ts, 70–80 s) taken last left the
  // other worker idle for up to 20 s at the end. Each test makes what it changes (ADR 0204), within a file as across.
  fullyParallel: true,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../test-results/e2e.json' }]] : [['list']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    // The page scrolls smoothly unless the visitor asks for less motion; every click Playwright scrolls to waited for
    // that animation to settle. With `reduce` the scroll is instant: the same journeys in 5–7 % less time (two specs
    // measured each way on this machine). Nothing else of the pages moves but the spinner.
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    // Recording a trace costs about a tenth of a test's time, so CI records one only for a failed test's retry (a
    // test that fails twice, or a flaky one, has its trace); a local run keeps the trace of any test that failed.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Chromium's headless shell (Debian's chromium-headless-shell, the same build without the browser's window
      // code): a new context and a page load take half the CPU of the full browser's headless mode (ADR 0198).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, i) => ({
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${firstPort + i}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { E2E_PORT: String(firstPort + i) },
  })),
});
