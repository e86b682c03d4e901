// How much of a core a process has used, read from /proc (Linux). The bench reads it for its own
// client: a load generator whose core is full measures itself, not the server it loads.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { statFields } from '../lib/proc-stat.ts'

let ticksPerSecond: number | undefined

/** The kernel's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's times. */
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
  return ticksPerSecond
}

/** User plus system CPU seconds a process has used so far; undefined where /proc cannot tell. */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    const fields = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'))
    return (Number(fields[11]) + Number(fields[12])) / clockTicks()
  } catch {
    return undefined
  }
}
