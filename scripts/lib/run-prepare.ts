// Runs scripts/prepare.ts (migrations, demo media) as a child process and waits for it.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const PREPARE = fileURLToPath(new URL('../prepare.ts', import.meta.url))

export function runPrepare(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(PREPARE, [], {
      execArgv: process.execArgv.filter((arg) => !arg.startsWith('--inspect')),
      stdio: 'inherit',
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`preparing the database and media failed (${signal ?? `exit ${code}`})`))
    })
  })
}
