// The child processes the benchmarks start: whether a command is installed, and stopping one.
import { type ChildProcess, execFileSync } from 'node:child_process'

export function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** SIGTERM, then SIGKILL if the process has not exited after 20 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
