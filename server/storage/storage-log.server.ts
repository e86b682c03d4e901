/** The subset of a pino/Fastify logger the storage layer uses. */
export interface StorageLog {
  debug: LogFn
  info: LogFn
  warn: LogFn
  error: LogFn
}
type LogFn = { (msg: string): void; (obj: object, msg?: string): void }
