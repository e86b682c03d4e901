// Opens the site's database for an admin CLI exactly as the server does (server/main.server.ts):
// DATABASE_URL when set, otherwise the embedded Postgres in DATA_DIR, attached through
// DATA_DIR/pg.json when `npm start` is running (one server per DATA_DIR).
import type { Database } from '../../server/db/database.server.ts'
import { cliEnv } from './cli-env.ts'
import { CliError, databaseWhere, unreachableDatabaseLine } from './cli-error.ts'
import { withClosing } from './interrupt.ts'
import { stderrLog } from './stderr-log.ts'

export const DATABASE_HELP = `Database: DATABASE_URL (or DATABASE_HOST, _PORT, _NAME, _USER, _PASSWORD(_FILE); TLS with
DATABASE_SSLMODE and DATABASE_SSL_CA_FILE) if set, else the embedded Postgres in DATA_DIR (default
.data): the running server's when \`npm start\` is up, else started for the command.`

export async function withDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
  const env = await cliEnv()
  // Loaded only now: Prisma takes a while to import, and help or a usage error answers at once.
  const { COMMAND_TIMEOUTS, openDatabase } = await import('../../server/db/database.server.ts')
  return withClosing(
    (signal) =>
      openDatabase(env, stderrLog(), { signal, timeouts: COMMAND_TIMEOUTS }).catch((error: Error) => {
        throw new CliError(`Could not open the database: ${error.message}`)
      }),
    (db) =>
      run(db).catch(async (error) => {
        throw await explain(error, databaseWhere(env))
      }),
  )
}

async function explain(error: unknown, where: string): Promise<unknown> {
  if (error instanceof CliError) return error
  const [{ isDatabaseUnavailable }, { Prisma }] = await Promise.all([
    import('../../server/db/errors.server.ts'),
    import('../../server/db/generated/client.ts'),
  ])
  if (isDatabaseUnavailable(error)) {
    return new CliError(unreachableDatabaseLine(where, error))
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2021') {
    return new CliError(`The tables are missing in ${where}: run \`rm5 db migrate\` first.`)
  }
  return error
}
