// The pool's worker processes run below the server's priority, every thread of them, and are the
// kernel's first choice when memory runs out (worker-priority.server.ts): read from /proc, where
// each thread has its own nice value.
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { statFields } from '../../scripts/lib/proc-stat.ts'
import {
  closeDocumentJobs,
  configureDocumentJobs,
  DEFAULT_JOB_LIMITS,
  DocumentJobs,
  documentJobs,
} from '../../server/documents/jobs/document-jobs.server.ts'
import { WORKER_OOM_SCORE_ADJ } from '../../server/documents/jobs/worker-priority.server.ts'

/** The nice value of each thread of process `pid` (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    return Number(statFields(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))[16])
  })
}

/** This process's children (each thread's `children` file names those it started). */
function children(): Set<number> {
  const pids = new Set<number>()
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    const listed = readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').trim()
    for (const pid of listed.split(/\s+/).filter(Boolean)) pids.add(Number(pid))
  }
  return pids
}

const pools: DocumentJobs[] = []
afterAll(() => Promise.all(pools.map((pool) => pool.close())))

/** The worker process a new pool (or `pool`) started for its jobs. */
async function newWorker(
  yieldToRequests: boolean,
  pool = new DocumentJobs({ ...DEFAULT_JOB_LIMITS, workers: 1, yieldToRequests }),
): Promise<number> {
  const before = children()
  pools.push(pool)
  // A second job after the first: by then the worker has every thread its jobs use.
  await pool.render('# One job')
  await pool.render('# Another')
  // proc_tid_children(5): a child that exits while the file is read may leave others out of it
  // (a pool closed just before, a CLI's process ending), so read again until the worker is listed.
  const started = await vi.waitFor(() => {
    const fresh = [...children()].filter((pid) => !before.has(pid))
    expect(fresh).toHaveLength(1)
    return fresh
  })
  return started[0] as number
}

function nicesOf(pid: number): number[] {
  const nices = threadNices(pid)
  // Node's main thread, V8's helper threads, libuv's: more than one.
  expect(nices.length).toBeGreaterThan(1)
  return nices
}

const oomScoreAdj = (pid: number) => Number(readFileSync(`/proc/${pid}/oom_score_adj`, 'utf8'))

describe.runIf(process.platform === 'linux')('document worker priority', () => {
  it('the server’s pool runs its jobs in a process below the server’s priority, every thread of it, and first to go when memory runs out', async () => {
    const worker = await newWorker(true)
    expect(new Set(nicesOf(worker))).toEqual(new Set([10]))
    expect(threadNices(process.pid)).not.toContain(10)
    expect(oomScoreAdj(worker)).toBe(WORKER_OOM_SCORE_ADJ)
    expect(oomScoreAdj(process.pid)).toBeLessThan(WORKER_OOM_SCORE_ADJ)
  })

  it('a CLI’s pool (an upload, nothing else to serve) runs at normal priority', async () => {
    const worker = await newWorker(false)
    expect(new Set(nicesOf(worker))).toEqual(new Set([0]))
    expect(oomScoreAdj(worker)).toBe(oomScoreAdj(process.pid))
  })

  it('the process’s shared pool, started again after a server closed its own, runs as a CLI’s does', async () => {
    configureDocumentJobs({ DOCUMENT_JOB_SECONDS: 20 }, { yieldToRequests: true })
    const served = await newWorker(true, documentJobs())
    expect(new Set(nicesOf(served))).toEqual(new Set([10]))
    await closeDocumentJobs()
    const after = await newWorker(false, documentJobs())
    expect(new Set(nicesOf(after))).toEqual(new Set([0]))
    await closeDocumentJobs()
  })
})
