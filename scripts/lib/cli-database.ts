// Opens the site's database for an admin CLI exactly as the server does (server/main.ts):
// DATABASE_URL when set, otherwise the embedded PGlite in DATA_DIR, attached through
// DATA_DIR/pg.json when `npm start` is running (PGlite must never be opened twice).
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { isDatabaseUnavailable } from '../../server/db/errors.server.ts'
import { Prisma } from '../../server/db/generated/client.ts'
import type { DbLogger } from '../../server/db/logger.server.ts'
import { EnvError, parseEnv } from '../../server/env.server.ts'
import { CliError } from './cli-error.ts'

const stderrLogger: DbLogger = {
  debug: () => {},
  info: () => {},
  warn: (obj, msg) => process.stderr.write(`warning: ${msg ?? ''}${detail(obj)}\n`),
  error: (obj, msg) => process.stderr.write(`error: ${msg ?? ''}${detail(obj)}\n`),
}

function detail(obj: object): string {
  const err = (obj as { err?: Error }).err
  return err ? ` (${err.message})` : ''
}

export async function withDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
  let env: ReturnType<typeof parseEnv>
  try {
    env = parseEnv()
  } catch (error) {
    if (error instanceof EnvError) throw new CliError(error.message, 2)
    throw error
  }
  const db = await openDatabase(env, stderrLogger).catch((error: Error) => {
    throw new CliError(`Could not open the database: ${error.message}`)
  })
  // Ctrl-C must still close an embedded PGlite this command started, or it would not reopen.
  const onSignal = () => {
    process.stderr.write('Interrupted.\n')
    void db.close().finally(() => process.exit(130))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    return await run(db).catch((error) => {
      throw explain(error, env.DATABASE_URL ? 'DATABASE_URL' : `the embedded database in ${env.DATA_DIR}`)
    })
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await db.close()
  }
}

function explain(error: unknown, where: string): unknown {
  if (error instanceof CliError) return error
  if (isDatabaseUnavailable(error)) {
    return new CliError(`Could not reach ${where}. Is Postgres running? (${firstLine(error)})`)
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2021') {
    return new CliError(`The tables are missing in ${where}: run \`rm5 db migrate\` first.`)
  }
  return error
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return (
    message
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1) ?? 'unknown error'
  )
}
