import { configDefaults, defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    // Two workers on two cores.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Each file in a VM context of its own (its globals, its modules, its mocks), in worker processes
          // that stay: jsdom and the modules from node_modules load once per worker instead of once per
          // file, which was two thirds of the project's time (decision 053).
          pool: 'vmForks',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.db.test.ts'],
          setupFiles: ['tests/support/setup-dom.ts'],
          // Limits that only end a hung test: a test waits for conditions, and on a loaded machine
          // (another suite beside it) a whole screen's test can take a minute (decision 045).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'server',
          environment: 'node',
          // The server's tests that need no database (`*.test.ts`); those that do are `*.db.test.ts`, the
          // `db` project's (decision 071).
          include: ['server/**/*.test.ts', 'tests/eval/**/*.test.ts', 'tests/support/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.db.test.ts'],
          // A worker runs file after file in one process: its modules load once, not once per file.
          isolate: false,
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'db',
          environment: 'node',
          // Tests that open a database: PGlite always, PostgreSQL too when `DATABASE_URL` is set.
          include: ['server/**/*.db.test.ts', 'tests/**/*.db.test.ts'],
          // A worker runs file after file in one process and keeps its PGlite databases between them
          // (emptied before each use): starting a process and PGlite for each file was most of the time.
          isolate: false,
          globalSetup: ['tests/support/database-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Two journeys at a time: a journey mostly waits (for the browser, the server, the network it
          // cuts), so two keep the cores about as busy as one file of the other projects does.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
