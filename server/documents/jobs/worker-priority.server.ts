// A document worker process yields the CPU, and under memory pressure its life, to the server
// that answers requests. On a machine with few cores the worker and the request thread want the
// same core while a PDF is stamped; at equal priority the scheduler splits it and every page waits
// longer. Below-normal priority gives the request thread the core first and the stamp whatever is
// left, which is all of it while the site is quiet.
//
// Linux keeps a nice value per thread (setpriority(2) with a thread id), and a new thread takes
// its creator's. The process lowers every thread it already has (the main thread, V8's helper
// threads for garbage collection and compilation) when it starts; the threads made later inherit
// the lowered value. Lowering needs no privilege.
//
// In a container at its memory limit the kernel ends the process it scores worst, by size: a
// worker deep in a large stamp can outgrow the server. Raising the worker's score (which needs no
// privilege either) makes it the one ended: that job fails, the pool starts another worker, and
// the site goes on.
import { readdirSync, writeFileSync } from 'node:fs'
import { constants, setPriority } from 'node:os'

/**
 * Set to `1` in a worker's environment by the server's pool (a child process's only input before
 * its first job): the worker yields to the server as below.
 */
export const YIELD_TO_REQUESTS_ENV = 'RM5_DOCUMENT_WORKER_YIELDS'

/** Lowers every thread of this process; false where the platform has no per-thread nice value. */
export function yieldProcessToRequests(): boolean {
  let tids: number[]
  try {
    tids = readdirSync('/proc/self/task').map(Number)
  } catch {
    return false
  }
  let lowered = false
  for (const tid of tids) {
    try {
      setPriority(tid, constants.priority.PRIORITY_BELOW_NORMAL)
      lowered = true
    } catch {
      // A thread that ended since the folder was read.
    }
  }
  return lowered
}

/** The score the kernel adds when it picks a process to end for memory (-1000 to 1000). */
export const WORKER_OOM_SCORE_ADJ = 500

/** Makes this process the kernel's first choice to end when memory runs out; false elsewhere. */
export function yieldMemoryToRequests(): boolean {
  try {
    writeFileSync('/proc/self/oom_score_adj', String(WORKER_OOM_SCORE_ADJ))
    return true
  } catch {
    return false
  }
}
