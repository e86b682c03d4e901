// The slice of a pino logger the database layer uses. A structural type (not pino's own) so the
// CLI and tests can pass a tiny console-backed logger without building a pino instance.
export interface DbLogger {
  debug(obj: object, msg?: string): void
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

const noop = () => {}

export const silentLogger: DbLogger = { debug: noop, info: noop, warn: noop, error: noop }
