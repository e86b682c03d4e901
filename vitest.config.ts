import { globSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { NotRunReporter } from './tests/helpers/not-run-reporter.ts'
import { ShuffleSeedReporter } from './tests/helpers/shuffle-seed-reporter.ts'

const ALL = [
  '{server,lib,components,pages,scripts}/**/*.test.{ts,tsx}',
  'tests/server/**/*.test.ts',
  'tests/reliability/**/*.test.ts',
]
// Files that serve the production pages (they import tests/helpers/production-app.ts): Vike keeps
// the build it loaded in module state, so they keep their modules to themselves. Found by their
// import, so a new such file cannot land among the shared ones.
const OWN_BUILD = globSync('tests/**/*.test.ts', { cwd: import.meta.dirname }).filter((file) =>
  readFileSync(join(import.meta.dirname, file), 'utf8').includes('/helpers/production-app.ts'),
)

// Unit tests live next to the code; integration tests under tests/server run against a real
// Postgres, one fresh database per file: the server DATABASE_URL names or, when it is unset, one
// embedded Postgres server for the run (globalSetup, decision 024).
export default defineConfig({
  test: {
    exclude: ['node_modules', 'dist', '.data', 'tests/e2e/**'],
    globalSetup: ['tests/helpers/postgres-global.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Twice the cores: a file spends much of its time waiting (servers and CLIs starting as
    // processes, Postgres, timers a test waits on), so two workers leave a 2-core machine half
    // idle (decision 067).
    maxWorkers: 4,
    // Files, and the tests inside each, in a new order every run: a test that needs another's
    // leftovers fails (decision 038). `--sequence.seed=N` replays an order; a failed run prints it.
    sequence: { shuffle: { files: true, tests: true } },
    // Last: the tests that did not run for a missing service, and why (tests/helpers/required-service.ts),
    // and after a failure the seed that replays the order.
    reporters: ['default', new NotRunReporter(), new ShuffleSeedReporter()],
    projects: [
      // A worker's files share its modules: the server's module graph is imported once per worker
      // instead of once per file (decision 067). Files keep no state in modules of their own, and
      // each has its own database.
      { extends: true, test: { name: 'shared', include: ALL, exclude: OWN_BUILD, isolate: false } },
      // The run's one production build is made for these files only (a copy of a current dist/);
      // `extends` adds it after the root's globalSetup (the run's Postgres).
      {
        extends: true,
        test: {
          name: 'own-build',
          include: OWN_BUILD,
          globalSetup: ['tests/helpers/production-build-global.ts'],
        },
      },
    ],
  },
})
