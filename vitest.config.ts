import { defineConfig } from 'vitest/config'

// Unit tests live next to the code; integration tests under tests/server run against a real
// Postgres (DATABASE_URL, one fresh database per file) or embedded PGlite when it is unset.
export default defineConfig({
  test: {
    include: [
      '{server,lib,components,pages,scripts}/**/*.test.{ts,tsx}',
      'tests/server/**/*.test.ts',
      'tests/reliability/**/*.test.ts',
    ],
    exclude: ['node_modules', 'dist', '.data', 'tests/e2e/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    reporters: ['default'],
  },
})
