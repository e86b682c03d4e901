/**
 * A failure worth one clear line to the admin, no stack trace; exit code 2 means a usage error
 * (answered with a pointer to --help) unless `usage` says otherwise (a service the command needs is
 * unreachable: ServiceUnreachable).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    readonly usage = exitCode === 2,
  ) {
    super(message)
  }
}

/** A service the command needs (storage) does not answer: exit 2, so scripts can tell it from a failure. */
export class ServiceUnreachable extends CliError {
  constructor(message: string) {
    super(message, 2, false)
  }
}

/** `error` told in one line: a CliError as written, any other by its last line (where Prisma and pg put the cause). */
export function errorLine(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  return (error instanceof CliError ? lines.join(' ') : lines.at(-1)) ?? 'unknown error'
}

/** How a command names the database it uses: the setting, or the embedded one and its folder. */
export const databaseWhere = (env: { DATABASE_URL?: string; DATA_DIR: string }): string =>
  env.DATABASE_URL ? 'DATABASE_URL' : `the embedded database in ${env.DATA_DIR}`

/** The one line for a database that cannot be reached (`where`: databaseWhere). */
export const unreachableDatabaseLine = (where: string, error: unknown): string =>
  `Could not reach ${where}. Is Postgres running? (${errorLine(error)})`
