// First-start preparation, run by `npm start` and `npm run dev` in a short-lived child process
// (scripts/lib/run-prepare.ts) once the database answers: apply the migrations (unless
// MIGRATE_ON_START=false: then `rm5 db migrate` is a step of its own, run by the schema's owner), then
// add demo media to empty buckets and the demo document to an empty data room when DEMO_MEDIA=auto
// (one replica at a time, decisions 014 and 031). The steps to run are named on the command line
// (scripts/lib/prepare-steps.ts): storage unreachable at start gets its demo step when it returns. A
// child so that Prisma's WebAssembly schema engine and sharp never load into the long-running
// server (decision 006).
import pino from 'pino'
import { LOCKS, withAdvisoryLock } from '../../server/db/advisory-lock.server.ts'
import { COMMAND_TIMEOUTS, openDatabase } from '../../server/db/database.server.ts'
import { isDatabaseUnavailable } from '../../server/db/errors.server.ts'
import { applyMigrations } from '../../server/db/migrate.server.ts'
import { closeDocumentJobs } from '../../server/documents/jobs/document-jobs.server.ts'
import { documentLimits } from '../../server/documents/limits.server.ts'
import { loadEnvOrExit } from '../../server/env.server.ts'
import { loggerOptions } from '../../server/logger.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { ensureDemoDocuments } from '../cli/documents/ensure-demo.ts'
import { ensureDemoMedia } from '../cli/media/ensure-demo.ts'
import { databaseWhere, unreachableDatabaseLine } from '../lib/cli-error.ts'
import { stepsOf } from '../lib/prepare-steps.ts'

const steps = stepsOf(process.argv.slice(2))
const env = loadEnvOrExit()
const log = pino(loggerOptions(env) as pino.LoggerOptions)
// A command's timeouts, not a request's (decision 002): a start on a busy machine waits for a
// Postgres that answers late instead of failing, and one that never answers still ends it.
const db = await openDatabase(env, log, { timeouts: COMMAND_TIMEOUTS })
const storage = steps.has('demo') ? await openStorage(env, log) : undefined
try {
  // Reached first through the client: its error for a server that cannot be reached carries a
  // code, where the schema engine's (the migrations) carries only a sentence.
  await db.prisma.$queryRaw`SELECT 1`
  if (steps.has('migrate')) await migrate()
  if (storage) await addDemoContent(storage)
} catch (error) {
  // The operator's most likely first failure, said in one line that names the setting.
  if (isDatabaseUnavailable(error)) console.error(unreachableDatabaseLine(databaseWhere(env), error))
  else log.error({ err: error }, 'preparation failed')
  process.exitCode = 1
} finally {
  await Promise.allSettled([db.close(), storage?.close(), closeDocumentJobs()])
}
// The work is done and everything it opened is closed, but Prisma's WebAssembly schema engine
// leaves a timer of its own running after it is freed: waiting for it would hold the server's
// start for seconds, so the preparation ends here.
process.exit()

async function migrate() {
  if (!env.MIGRATE_ON_START) {
    log.info('MIGRATE_ON_START=false: migrations are left to `rm5 db migrate`')
    return
  }
  const applied = await applyMigrations(db.url, log)
  log.info({ applied }, applied.length ? 'applied migrations' : 'database schema is up to date')
}

async function addDemoContent(storage: Storage) {
  // Replicas starting together: the first fills the empty buckets, the others then find them full.
  await withAdvisoryLock(db.url, LOCKS.demoMedia, () =>
    ensureDemoMedia(storage, log, { mode: env.DEMO_MEDIA }),
  )
  await withAdvisoryLock(db.url, LOCKS.demoDocuments, () =>
    ensureDemoDocuments(db.prisma, storage, log, {
      mode: env.DEMO_MEDIA,
      ...documentLimits(env),
      region: env.S3_REGION,
    }),
  )
}
