// The database and storage layers' log, for an admin command: warnings and errors on standard
// error (standard output is the command's own), debug and info only when asked for.
import type { DbLogger } from '../../server/db/logger.server.ts'
import type { StorageLog } from '../../server/storage/storage-log.server.ts'

export function stderrLog(verbose = false): DbLogger & StorageLog {
  const write = (level: string) => (first: object | string, message?: string) => {
    const text = typeof first === 'string' ? first : (message ?? '')
    process.stderr.write(`${level}: ${text}${typeof first === 'string' ? '' : detail(first)}\n`)
  }
  const quiet = () => {}
  return {
    debug: verbose ? write('debug') : quiet,
    info: verbose ? write('info') : quiet,
    warn: write('warning'),
    error: write('error'),
  }
}

function detail(context: object): string {
  const { err, ...rest } = context as { err?: unknown }
  if (err instanceof Error) return ` (${err.message})`
  return Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : ''
}
