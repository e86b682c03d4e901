// Ctrl-C, SIGTERM and a reader that went away, for every admin command, in one place. A command
// registers what it opened that must not be left half-open (an embedded Postgres or S3 store it
// started would outlive it); on any of them those are closed, newest first, and the
// process exits 128 + the signal, as a shell expects of a command a signal ended.

type Cleanup = () => Promise<unknown>

const cleanups = new Set<Cleanup>()

/** Runs `cleanup` if the command is interrupted; call the returned function once it is closed. */
export function onInterrupt(cleanup: Cleanup): () => void {
  cleanups.add(cleanup)
  return () => cleanups.delete(cleanup)
}

let stopping = false

function stop(status: number, note?: string): void {
  // A second Ctrl-C does not wait for a close that hangs.
  if (stopping) process.exit(status)
  stopping = true
  if (note) process.stderr.write(`${note}\n`)
  void closeAll().finally(() => process.exit(status))
}

async function closeAll(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup)
    await cleanup().catch(() => {})
  }
}

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
