// Processes as Linux shows them (/proc, proc(5)), for the tests about what the launcher and the
// embedded services start and stop.
import { readdirSync, readFileSync } from 'node:fs'
import { statFields } from '../../scripts/lib/proc-stat.ts'

/** Whether `pid` still runs (signal 0 only checks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Pauses `pid` (SIGSTOP) and resolves once it is stopped: true, or false when it had ended first
 * (a process that has exited but is not yet reaped takes the signal and stays ended).
 */
export async function pause(pid: number): Promise<boolean> {
  process.kill(pid, 'SIGSTOP')
  for (;;) {
    let state: string | undefined
    try {
      state = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'))[0]
    } catch {
      return false // reaped
    }
    if (state === 'T') return true
    if (state === 'Z' || state === 'X') return false
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export function parentOf(pid: number): number {
  return Number(statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'))[1])
}

/** The process's arguments, the program first. */
export function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      parents.set(Number(entry), parentOf(Number(entry)))
    } catch {
      // gone meanwhile
    }
  }
  const found = [pid]
  for (let i = 0; i < found.length; i++)
    for (const [child, parent] of parents) if (parent === found[i]) found.push(child)
  return found
}

/** The processes with `text` in their arguments (a folder a server was started on, say). */
export function processesWith(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return commandLine(pid).some((arg) => arg.includes(text))
      } catch {
        return false // gone meanwhile
      }
    })
}
