// Runs `rm5 <args>` as an admin would (a child process, no terminal on standard input), or any
// other Node script of the checkout, and collects its exit status and both outputs.
//
// The commands run from the bundle `npm run build` writes (dist/node/rm5.mjs, through
// rm5-bundled.mjs), the one the Docker image ships, with plain `node`: a build older than the
// sources is refused (current-build.ts), so the bundle is today's code. `bin/rm5.js` itself,
// which picks the TypeScript sources in a checkout, is tested on its own (rm5-bin.test.ts).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { currentBuildRoot } from './current-build.ts'

const root = join(import.meta.dirname, '..', '..')

/** The `rm5` entry the tests run, once the build is known current. */
export function rm5Entry(): string {
  currentBuildRoot()
  return join(root, 'tests/helpers/rm5-bundled.mjs')
}

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * `node <args>` with `env` over this process's environment (a name set to undefined is left out),
 * in the checkout or in `cwd` (where .env is read from).
 */
export function runNode(
  args: string[],
  env: Record<string, string | undefined>,
  stdin?: string,
  cwd = root,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
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

export function runRm5(
  args: string[],
  env: Record<string, string | undefined>,
  stdin?: string,
  cwd?: string,
): Promise<CliRun> {
  return runNode([rm5Entry(), ...args], { NODE_ENV: 'test', ...env }, stdin, cwd)
}

export interface StartedRm5 {
  pid: number
  /** Its standard error so far. */
  stderr(): string
  /** Its exit status; null when a signal ended it. */
  exited: Promise<number | null>
}

/** `rm5 <args>` as runRm5 runs it, returned as soon as it is spawned: for signals sent while it works. */
export function startRm5(args: string[], env: Record<string, string | undefined>): StartedRm5 {
  const child = spawn(process.execPath, [rm5Entry(), ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  return {
    pid: child.pid ?? 0,
    stderr: () => stderr,
    exited: new Promise((resolve, reject) => {
      child.on('error', reject)
      child.on('close', (code) => resolve(code))
    }),
  }
}

/** Its standard output when the run succeeded; otherwise an error with its status and standard error. */
export function outputOf(run: CliRun, label: string): string {
  if (run.code !== 0) throw new Error(`${label} failed (${run.code}): ${run.stderr}`)
  return run.stdout
}

export interface TerminalRun {
  /** The rm5 process's own id (not the terminal's), for signals. */
  pid: Promise<number>
  /** Resolves once the terminal shows `text`; rejects if rm5 exits first. */
  waitFor(text: string): Promise<void>
  /** Types into the terminal, as at the keyboard. */
  type(keys: string): void
  output(): string
  /** rm5's exit status. */
  exited: Promise<number | null>
}

const shellWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`

/**
 * `rm5 <args>` on a terminal of its own (util-linux `script` runs it on a pseudo-terminal),
 * as an admin at a prompt sees it: standard input is a TTY, Ctrl-C can be typed.
 */
export function runRm5InTerminal(args: string[], env: Record<string, string | undefined>): TerminalRun {
  // The shell prints its pid, then becomes rm5 (exec keeps the pid).
  const command = `echo "pid $$"; exec ${[process.execPath, rm5Entry(), ...args].map(shellWord).join(' ')}`
  const child = spawn('script', ['--quiet', '--return', '--flush', '--command', command, '/dev/null'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', SHELL: '/bin/sh', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve(code))
  })
  const waitFor = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!output.includes(text)) return
        child.stdout.off('data', check)
        resolve()
      }
      child.stdout.on('data', check)
      check()
      exited.then(() => reject(new Error(`rm5 exited before showing "${text}":\n${output}`)), reject)
    })
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  return {
    pid: waitFor('\n').then(() => Number(/pid (\d+)/.exec(output)?.[1])),
    waitFor,
    type: (keys) => child.stdin.write(keys),
    output: () => output,
    exited,
  }
}
