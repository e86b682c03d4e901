import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { cpuSecondsOf } from './process-cpu.ts'

describe.runIf(process.platform === 'linux')('cpuSecondsOf (Linux /proc)', () => {
  it('counts the CPU a busy process has used, in seconds', async () => {
    // A child that spins for 300 ms of CPU, says so, then waits to be read.
    const spin = [
      'const end = process.cpuUsage().user + 3e5',
      'while (process.cpuUsage().user < end);',
      'console.log("spun")',
      'setInterval(() => {}, 1000)',
    ].join('\n')
    const child = spawn(process.execPath, ['-e', spin], { stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      await once(child.stdout, 'data')
      const seconds = cpuSecondsOf(child.pid as number)
      expect(seconds).toBeGreaterThanOrEqual(0.3)
      expect(seconds).toBeLessThan(30)
    } finally {
      child.kill()
    }
  })

  it('is undefined for a process that is gone', async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await once(child, 'exit')
    expect(cpuSecondsOf(child.pid as number)).toBeUndefined()
  })
})
