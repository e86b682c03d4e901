// The process pool on its own (process-pool.server.ts), with a worker written for the test: how a
// job fails tells its cause (its own error, its process's exit code, an entry that cannot load),
// and a pool goes on after each. The document limits are in hostile-documents.test.ts.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { childExecArgv } from '../../process-entry.server.ts'
import { JobFailedError, type JobFailure, ProcessPool } from './process-pool.server.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'rm5-process-pool-test-'))
const serveJobs = fileURLToPath(new URL('./process-pool-worker.server.ts', import.meta.url))
const entry = path.join(dir, 'worker.mjs')
writeFileSync(
  entry,
  `import { serveJobs } from ${JSON.stringify(serveJobs)}
serveJobs(async (input) => {
  if (input === 'throw') throw new Error('this input is refused')
  if (input === 'exit') process.exit(3)
  return { doubled: input * 2, pid: process.pid }
})
`,
)

const pools: ProcessPool<number | string, { doubled: number; pid: number }>[] = []
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()))
  rmSync(dir, { recursive: true, force: true })
})

function pool(workerEntry = entry) {
  const made = new ProcessPool<number | string, { doubled: number; pid: number }>({
    entry: workerEntry,
    execArgv: childExecArgv(),
    env: process.env,
    size: 1,
    idleMs: 60_000,
  })
  pools.push(made)
  return made
}

async function failureOf(promise: Promise<unknown>): Promise<JobFailure> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(error).toBeInstanceOf(JobFailedError)
  return (error as JobFailedError).failure
}

describe('ProcessPool', () => {
  it('answers jobs from one process while it lives', async () => {
    const jobs = pool()
    const first = await jobs.run(21, 15_000)
    const second = await jobs.run(2, 15_000)
    expect(first.doubled).toBe(42)
    expect(second).toEqual({ doubled: 4, pid: first.pid })
    expect(first.pid).not.toBe(process.pid)
  })

  it('fails a job that throws with its message; the same process takes the next', async () => {
    const jobs = pool()
    const { pid } = await jobs.run(1, 15_000)
    expect(await failureOf(jobs.run('throw', 15_000))).toEqual({
      kind: 'error',
      message: 'this input is refused',
    })
    expect((await jobs.run(1, 15_000)).pid).toBe(pid)
  })

  it('fails a job whose process ends with how it ended; a new process takes the next', async () => {
    const jobs = pool()
    const { pid } = await jobs.run(1, 15_000)
    expect(await failureOf(jobs.run('exit', 15_000))).toMatchObject({
      kind: 'ended',
      code: 3,
      signal: null,
    })
    expect((await jobs.run(1, 15_000)).pid).not.toBe(pid)
  })

  it('fails the jobs waiting for a process that cannot start, with its error, at once', async () => {
    const jobs = pool(path.join(dir, 'missing.mjs'))
    const failures = await Promise.all([failureOf(jobs.run(1, 60_000)), failureOf(jobs.run(2, 60_000))])
    for (const failure of failures) {
      expect(failure).toMatchObject({ kind: 'ended', code: 1 })
      expect(failure.kind === 'ended' && failure.stderr).toContain('Cannot find module')
    }
  })

  it('fails a job past its time, ends its process, and runs the next on a new one', async () => {
    const jobs = pool()
    const { pid } = await jobs.run(1, 15_000)
    // A job that never answers: its process is stopped, as a stamp stuck in a loop would be.
    process.kill(pid, 'SIGSTOP')
    expect(await failureOf(jobs.run(1, 300))).toEqual({ kind: 'time' })
    expect((await jobs.run(1, 15_000)).pid).not.toBe(pid)
  })

  it('keeps a script that awaits its close running until its processes have ended', async () => {
    // As `npm start`'s preparation and the CLI do: a job, then close, with nothing else to wait for.
    const script = path.join(dir, 'close.mjs')
    const poolModule = fileURLToPath(new URL('./process-pool.server.ts', import.meta.url))
    writeFileSync(
      script,
      `import { ProcessPool } from ${JSON.stringify(poolModule)}
const pool = new ProcessPool({ entry: ${JSON.stringify(entry)}, execArgv: ${JSON.stringify(childExecArgv())}, env: process.env, size: 1, idleMs: 60_000 })
await pool.run(1, 15_000)
await pool.close()
console.log('closed')
`,
    )
    // tsx, as the CLI runs from a checkout: the pool is TypeScript Node cannot strip alone.
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    })
    expect(run.stdout.trim()).toBe('closed')
  })
})
