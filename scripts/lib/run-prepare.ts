// Runs scripts/prepare.ts (migrations, demo media) as a child process and waits for it.
import { fork } from 'node:child_process'
import { childEntry, childExecArgv } from '../../server/process-entry'

const PREPARE = childEntry(import.meta.url, '../prepare.ts', 'prepare')

export function runPrepare(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(PREPARE, [], {
      execArgv: childExecArgv(),
      stdio: 'inherit',
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`preparing the database and media failed (${signal ?? `exit ${code}`})`))
    })
  })
}
