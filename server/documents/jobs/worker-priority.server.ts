// A document worker yields the CPU to the thread that answers requests. On a machine with few
// cores the pool's thread and the request thread want the same core while a PDF is stamped; at
// equal priority the scheduler splits it and every page waits longer. Below-normal priority (a
// thread's own nice value on Linux, setpriority(2) with its thread id) gives the request thread
// the core first and the stamp whatever is left, which is all of it while the site is quiet.
import { readlinkSync } from 'node:fs'
import { constants, setPriority } from 'node:os'

/** Lowers the calling thread's priority; false where the platform has no per-thread nice value. */
export function yieldToRequests(): boolean {
  try {
    // /proc/thread-self names the calling thread: `<pid>/task/<tid>` (Linux 3.17 and later).
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isSafeInteger(tid) || tid <= 0) return false
    setPriority(tid, constants.priority.PRIORITY_BELOW_NORMAL)
    return true
  } catch {
    return false
  }
}
