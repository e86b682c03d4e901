// The embedded Postgres of a running server, for tests of what attaches to it: this process plays
// `npm start` and owns a migrated embedded Postgres in a DATA_DIR of its own while `work` runs (a
// CLI started meanwhile must attach through DATA_DIR/pg.json, not start a second one).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { applyMigrations } from '../../server/db/migrate.server.ts'

export async function withOwnedEmbeddedPostgres<T>(
  work: (server: { url: string; dataDir: string }) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rm5-owned-postgres-'))
  const server = await startEmbeddedPostgres(dataDir, silentLogger)
  try {
    await applyMigrations(server.url, silentLogger)
    return await work({ url: server.url, dataDir })
  } finally {
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
