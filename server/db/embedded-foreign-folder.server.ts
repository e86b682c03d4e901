// ${DATA_DIR}/pg from a release before decision 024 holds PGlite's files, which Postgres refuses
// to open ("database files are incompatible with server"). Never deleted: renamed beside it, so
// the embedded default starts on a new, empty database, and a warning says where the old one is
// and how to bring its rows over (decision 024). Every cluster we create gets ${DATA_DIR}/pg-password
// at the same time, so a non-empty folder without it was not made by us.

import { existsSync } from 'node:fs'
import { readdir, rename } from 'node:fs/promises'
import type { DbLogger } from './logger.server.ts'

export async function moveAsideForeignCluster(
  folder: string,
  passwordFile: string,
  log: DbLogger,
): Promise<void> {
  const entries = await readdir(folder).catch(() => [])
  if (entries.length === 0 || existsSync(passwordFile)) return
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-')
  const movedTo = `${folder}-pglite-${stamp}`
  await rename(folder, movedTo)
  log.warn(
    { folder, movedTo },
    'embedded Postgres: the database folder was made by PGlite (an earlier release) and cannot be opened by Postgres. ' +
      'It was moved aside, not deleted, and a new empty database is created. ' +
      'To bring its data over, see docs/decisions/024-embedded-real-postgres.md.',
  )
}
