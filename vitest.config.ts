import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          exclude: ['**/*.integration.test.ts', '**/*.dom.test.ts', '**/*.dom.test.tsx', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        // Components with logic, rendered with React Testing Library in a simulated browser.
        test: {
          name: 'dom',
          include: ['apps/web/src/**/*.dom.test.ts', 'apps/web/src/**/*.dom.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost/' } },
          setupFiles: ['apps/web/src/test/jsdom-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // On PostgreSQL a file spends much of its time waiting on the database server, so four files at once
          // keep the two cores busy (216 s → 144 s on this machine); PGlite runs in the fork itself: two.
          poolOptions: { forks: { maxForks: process.env.TEST_DB === 'postgres' ? 4 : 2, minForks: 1 } },
        },
      },
    ],
  },
});
