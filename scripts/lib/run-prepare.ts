// Runs scripts/run/prepare.ts (migrations, demo media) as a child process and waits for it.
import { fork } from 'node:child_process'
import type { StartOptions } from '../../server/main.server.ts'
import { childEntry, childExecArgv } from '../../server/process-entry.server.ts'
import { type PrepareStep, stepsArgument } from './prepare-steps.ts'

const PREPARE = childEntry(import.meta.url, '../run/prepare.ts', 'prepare')

/** Runs the preparation's `steps`; aborting `signal` stops the child (SIGTERM) and rejects. */
export function runPrepare(signal: AbortSignal | undefined, steps: readonly PrepareStep[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(PREPARE, [stepsArgument(steps)], {
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

/**
 * The preparation as `npm start` and `npm run dev` run it: migrations, then demo media when storage
 * answered; storage unreachable at start gets its demo media when it returns.
 */
export const preparation: Pick<StartOptions, 'beforeListen' | 'afterStorageReturns'> = {
  beforeListen: (signal, { storage }) => runPrepare(signal, storage ? ['migrate', 'demo'] : ['migrate']),
  afterStorageReturns: (signal) => runPrepare(signal, ['demo']),
}
