// Runs scripts/run/prepare.ts (migrations, demo media) as a child process and waits for it.
import { fork } from 'node:child_process'
import { childEntry, childExecArgv } from '../../server/process-entry.server.ts'

const PREPARE = childEntry(import.meta.url, '../run/prepare.ts', 'prepare')

/** Runs the preparation; aborting `signal` stops the child (SIGTERM) and rejects. */
export function runPrepare(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(PREPARE, [], {
      execArgv: childExecArgv(),
      stdio: 'inherit',
      signal,
    })
    child.once('error', reject)
    child.once('exit', (code, killedBy) => {
      if (code === 0) resolve()
      else reject(new Error(`preparing the database and media failed (${killedBy ?? `exit ${code}`})`))
    })
  })
}
