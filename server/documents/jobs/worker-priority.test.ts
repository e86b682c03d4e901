// The pool's threads run below the request thread's priority (worker-priority.server.ts): read
// from /proc, where each thread of the process has its own nice value.
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { makePdf } from '../../../tests/helpers/documents.ts'
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

const jobs = new DocumentJobs({ ...DEFAULT_JOB_LIMITS, threads: 1 })
afterAll(() => jobs.close())

describe.runIf(process.platform === 'linux')('document worker priority', () => {
  it('stamps on a thread below the request thread’s priority', async () => {
    const before = threadNices()
    await jobs.stamp(await makePdf(1), { viewer: 'Dana', retailer: 'Circle K', date: new Date() })
    const after = threadNices()
    expect(after.get(process.pid)).toBe(0)
    const started = [...after].filter(([tid]) => !before.has(tid) || before.get(tid) !== after.get(tid))
    expect(started.map(([, nice]) => nice)).toContain(10)
  })
})
