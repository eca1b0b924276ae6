import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (the files that failed, then the longest, from its cache; on a fresh clone, with no cache, the
 * largest), with two kinds of small but long server files first:
 * - those that start processes: they wait for a server or a command to start (tens of seconds each on a busy machine),
 *   and ran last on a fresh clone, three at once, while the other fork had nothing left to do;
 * - those that make data at scale (`*-scale.*`) or migrate a database of their own from an old version
 *   (`*-migration.*`): 3–14 s each for a few lines of test, so a fresh clone ran them last, one alone for 12 s at
 *   the end of the PGlite tier while the other fork was idle.
 * Started first, their time overlaps the other files.
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const server = (file: TestSpecification) => file.moduleId.endsWith('.integration.test.ts');
    const startsProcesses = (file: TestSpecification) =>
      server(file) && readFileSync(file.moduleId, 'utf8').includes('test/processes.ts');
    const long = (file: TestSpecification) =>
      server(file) && /-(scale|migration)\.integration\.test\.ts$/.test(file.moduleId);
    // Each file read once, not at every comparison; the sort is stable: within a rank, Vitest's own order.
    const rank = new Map(sorted.map((file) => [file, startsProcesses(file) ? 0 : long(file) ? 1 : 2]));
    return sorted.sort((a, b) => (rank.get(a) ?? 2) - (rank.get(b) ?? 2));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    // Vitest reads the pool's size and whether it starts a new process per file at the root only; inside a project
    // both were ignored, and the default of one fork fewer than the cores ran every file one after another on this
    // 2-core machine, each in a new process importing the whole server again (≈5 s a file under load).
    // - Two files at once, one per core, on either database: four forks on PostgreSQL made the same 19 files take
    //   72 s instead of 22 s (each fork imports the server once, and they crowd the database server).
    // - The server's and the unit tests' forks are kept between files (see the server's project below): 71 unit files
    //   of 2 s of tests each paid a fresh thread's imports, and the tier went from 90 s to 77 s. The component tests
    //   need a fresh jsdom and module graph per file (kept threads failed a third of their files): each file runs in
    //   a new VM context of a kept thread (`vmThreads`, ADR 0220) instead of a new thread, 138 s → 85 s alone.
    poolOptions: {
      // As many forks kept as are used: tinypool otherwise ends an idle fork at once, and on a fork kept between files
      // that race killed files still queued ("Terminating worker thread").
      forks: { maxForks: 2, minForks: 2, isolate: false },
      vmThreads: { maxThreads: 2, minThreads: 2 },
    },
    // Measured when asked (`--coverage.enabled`, as `npm test` does): which lines of our own code the tests run.
    coverage: {
      provider: 'v8',
      include: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
      exclude: [
        '**/*.test.{ts,tsx}',
        '**/test/**',
        '**/test-fixtures.ts',
        'apps/server/src/bench/**',
        'apps/server/src/quality/**',
      ],
      reporter: ['text-summary', 'json-summary'],
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          exclude: ['**/*.integration.test.ts', '**/*.dom.test.ts', '**/*.dom.test.tsx', '**/node_modules/**'],
          environment: 'node',
          pool: 'forks',
        },
      },
      {
        // Components with logic, rendered with React Testing Library in a simulated browser.
        test: {
          name: 'dom',
          include: ['apps/web/src/**/*.dom.test.ts', 'apps/web/src/**/*.dom.test.tsx'],
          environment: './apps/web/src/test/jsdom-environment.ts',
          environmentOptions: { jsdom: { url: 'http://localhost/' } },
          setupFiles: ['apps/web/src/test/jsdom-setup.ts'],
          // A large screen in jsdom takes seconds on a busy 2-core machine (the console's 商品編集, the booking form):
          // 5 s failed tests that were only slow.
          testTimeout: 30_000,
          pool: 'vmThreads',
          // Each file's VM context loads its packages again. react-day-picker imports date-fns as thousands of modules
          // (every function and locale a file): the birthday field's tests spent 7 s importing them. Bundled once by
          // Vite's optimiser, one module: 7.2 s → 1.4 s for that file, the tier 58.8 s → 50.8 s (105 → 89 s of CPU).
          // The other packages bundled too saved nothing more measurable.
          deps: { optimizer: { web: { enabled: true, include: ['react-day-picker'] } } },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.integration.test.ts'],
          // One migrated database that each file's fresh one is copied from (a PGlite image, a PostgreSQL template).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app on its own fresh database, so nothing is shared through modules; a fork that
          // keeps its module graph between files saves each file the import of the whole server. On this machine the
          // PGlite tier went from 390 s to 125 s and the PostgreSQL tier from 282 s to 94 s.
          poolOptions: { forks: { isolate: false } },
        },
      },
    ],
  },
});
