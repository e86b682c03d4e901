// Ctrl-C, SIGTERM and a reader that went away, for every admin command, in one place. A command
// opens what must not be left half-open through withClosing (an embedded Postgres it started
// would outlive it); on any of them a start under way gives up, what is open is closed, newest
// first, and the process exits 128 + the signal, as a shell expects of a command a signal ended.
// A second signal does not wait for the orderly close (a query may hold it for its timeout), but
// an embedded Postgres or initdb the command started is still stopped first.
import { ownsProcesses, stopOwnedProcesses } from '../../server/owned-processes.server.ts'

type Cleanup = () => Promise<unknown>

const cleanups = new Set<Cleanup>()

/** Runs `cleanup` if the command is interrupted; call the returned function once it is closed. */
function onInterrupt(cleanup: Cleanup): () => void {
  cleanups.add(cleanup)
  return () => cleanups.delete(cleanup)
}

const interruption = new AbortController()

/** Aborts when the command is interrupted: a start under way gives up and stops what it started. */
export const interrupted: AbortSignal = interruption.signal

/**
 * Opens a service with `open`, runs `use` on it and closes it; an interrupt at any moment closes
 * it too, during the open as well: `open` is given `interrupted`, and the interrupt waits for the
 * open to end, then closes what it returned.
 */
export async function withClosing<S extends { close(): Promise<unknown> }, T>(
  open: (signal: AbortSignal) => Promise<S>,
  use: (service: S) => Promise<T>,
): Promise<T> {
  const opening = open(interrupted)
  const closed = onInterrupt(() => opening.then((service) => service.close()))
  try {
    const service = await opening
    try {
      return await use(service)
    } finally {
      await service.close()
    }
  } finally {
    closed()
  }
}

let stopping: Promise<void> | undefined
let hurrying = false

function stop(status: number, note?: string): void {
  if (stopping) {
    hurry(status)
    return
  }
  if (note) process.stderr.write(`${note}\n`)
  interruption.abort(new Error(note ?? 'stopped'))
  stopping = closeAll().finally(() => process.exit(status))
}

/** The second signal: exits once what the command started has stopped, without the other closes. */
function hurry(status: number): void {
  if (hurrying) return
  hurrying = true
  if (!ownsProcesses()) process.exit(status)
  // Said once: the wait is Postgres's fast shutdown (initdb's own cleanup), seconds at most.
  process.stderr.write('Stopping the embedded Postgres this command started…\n')
  void stopOwnedProcesses().finally(() => process.exit(status))
}

async function closeAll(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup)
    await cleanup().catch(() => {})
  }
}

/**
 * Resolves at once unless the command was interrupted; then never, as the interrupt ends the
 * process once it closed what was open: the command's own end must not exit before that.
 */
export const interruptHandled = (): Promise<void> => stopping ?? Promise.resolve()

/** Installs the handlers; done by the process entry only, so a test running a command in-process keeps its own. */
export function exitOnInterrupt(): void {
  process.on('SIGINT', () => stop(130, 'Interrupted.'))
  process.on('SIGTERM', () => stop(143, 'Terminated.'))
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // `rm5 … | head` closes the pipe early: the end SIGPIPE brings other commands, without a trace.
    if (error.code === 'EPIPE') stop(141)
    else stop(1, `Cannot write the output: ${error.message}`)
  })
}
