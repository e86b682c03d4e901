// The pool's threads run below the request thread's priority (worker-priority.server.ts): read
// from /proc, where each thread of the process has its own nice value.
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_JOB_LIMITS, DocumentJobs } from './document-jobs.server.ts'

/** The nice value of each thread of this process (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>()
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    nices.set(Number(tid), Number(fields[16]))
  }
  return nices
}

const pools: DocumentJobs[] = []
afterAll(() => Promise.all(pools.map((pool) => pool.close())))

/** The nice values of the threads a new pool started for one job. */
async function nicesOfNewPool(yieldToRequests: boolean): Promise<number[]> {
  const before = threadNices()
  const pool = new DocumentJobs({ ...DEFAULT_JOB_LIMITS, threads: 1, yieldToRequests })
  pools.push(pool)
  await pool.render('# One job')
  const started = [...threadNices()].filter(([tid]) => !before.has(tid))
  expect(started.length).toBeGreaterThan(0)
  return started.map(([, nice]) => nice)
}

describe.runIf(process.platform === 'linux')('document worker priority', () => {
  it('the server’s pool runs its jobs on a thread below the request thread’s priority', async () => {
    expect(await nicesOfNewPool(true)).toContain(10)
    expect(threadNices().get(process.pid)).toBe(0)
  })

  it('a CLI’s pool (an upload, nothing else to serve) runs at normal priority', async () => {
    expect(await nicesOfNewPool(false)).not.toContain(10)
  })
})
