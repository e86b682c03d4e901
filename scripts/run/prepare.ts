// First-start preparation, run by `npm start` and `npm run dev` in a short-lived child process
// (scripts/lib/run-prepare.ts) once the database and storage answer: apply the migrations (unless
// MIGRATE_ON_START=false: then `rm5 db migrate` is a step of its own, run by the schema's owner), then
// add demo media to empty buckets and the demo document to an empty data room when DEMO_MEDIA=auto
// (one replica at a time, decisions 014 and 031). A
// child so that Prisma's WebAssembly schema engine and sharp never load into the long-running
// server (decision 006).
import pino from 'pino'
import { LOCKS, withAdvisoryLock } from '../../server/db/advisory-lock.server.ts'
import { openDatabase } from '../../server/db/database.server.ts'
import { applyMigrations } from '../../server/db/migrate.server.ts'
import { closeDocumentJobs } from '../../server/documents/jobs/document-jobs.server.ts'
import { loggerOptions } from '../../server/logger.server.ts'
import { loadEnvOrExit } from '../../server/main.server.ts'
import { openStorage } from '../../server/storage/storage.server.ts'
import { ensureDemoDocuments } from '../cli/documents/ensure-demo.ts'
import { ensureDemoMedia } from '../cli/media/ensure-demo.ts'

const env = loadEnvOrExit()
const log = pino(loggerOptions(env) as pino.LoggerOptions)
const db = await openDatabase(env, log)
const storage = await openStorage(env, log)
try {
  if (env.MIGRATE_ON_START) {
    const applied = await applyMigrations(db.url, log)
    log.info({ applied }, applied.length ? 'applied migrations' : 'database schema is up to date')
  } else {
    log.info('MIGRATE_ON_START=false: migrations are left to `rm5 db migrate`')
  }
  // Replicas starting together: the first fills the empty buckets, the others then find them full.
  await withAdvisoryLock(db.url, LOCKS.demoMedia, () =>
    ensureDemoMedia(storage, log, { mode: env.DEMO_MEDIA }),
  )
  await withAdvisoryLock(db.url, LOCKS.demoDocuments, () =>
    ensureDemoDocuments(db.prisma, storage, log, {
      mode: env.DEMO_MEDIA,
      maxBytes: env.DOCUMENT_MAX_BYTES,
      maxPages: env.DOCUMENT_MAX_PAGES,
      region: env.S3_REGION,
    }),
  )
} catch (error) {
  log.error({ err: error }, 'preparation failed')
  process.exitCode = 1
} finally {
  await Promise.allSettled([db.close(), storage.close(), closeDocumentJobs()])
}
