// Prisma 7 reads the datasource URL from here, not from schema.prisma. `prisma generate` needs no
// database, so DATABASE_URL may be unset (a fresh `npm ci`); migrations run through our own
// WASM-engine script (scripts/cli/db.ts), which picks the URL itself and falls back to the embedded Postgres.
import { defineConfig } from 'prisma/config'

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
})
