// Runs `bin/rm5.js <args>` as an admin would (a child process, no terminal on standard input) and
// collects its exit status and both outputs.
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

export function runRm5(
  args: string[],
  env: Record<string, string | undefined>,
  stdin?: string,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/rm5.js', ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    if (stdin !== undefined) child.stdin?.end(stdin)
  })
}
