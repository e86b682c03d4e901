// The production bundle that the Docker image and `npm start` run (dist/node/start.mjs), or `npm
// start`'s launcher (scripts/run/launch.mjs), as a real child process with nothing external: embedded Postgres and S3
// in `dataDir`, in-memory limits. For tests about processes, signals and the server's memory: it
// starts with the production heap cap and malloc setting (scripts/lib/server-process.ts), without
// which the memory a test sees is glibc's arenas keeping argon2's blocks, not the server's own.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/lib/free-port.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/lib/server-process.ts'
import { currentBuildRoot } from './current-build.ts'
import { sleep } from './latency.ts'
import { fillTestStorage } from './storage.ts'

export interface StartedSite {
  process: ChildProcess
  port: number
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string
  exited: Promise<number | null>
}

/** Without this, `npm start` would first generate the demo media set into the empty buckets. */
export async function fillBuckets(dataDir: string): Promise<void> {
  const objects = ['360', 'heros', 'video'].map((bucket) => ({ bucket, key: 'placeholder.txt', bytes: 'x' }))
  await fillTestStorage(dataDir, objects)
}

/** Each started with --no-build; the script is found in the checkout wherever the site runs. */
const ENTRIES = {
  bundle: 'dist/node/start.mjs',
  /** What `npm start` runs: it becomes the bundle with plain node (decision 064). */
  launcher: 'scripts/run/launch.mjs',
}

/**
 * A working directory other than the checkout, with `dotenv` as its .env (the site reads .env
 * from where it runs) and the checkout's prisma/ and node_modules/ (migrations and the bundle's
 * dependencies are found from there too). The caller removes it.
 */
export async function workingDirWithDotenv(dotenv: Record<string, string>): Promise<string> {
  const root = currentBuildRoot()
  const dir = await mkdtemp(join(tmpdir(), 'rm5-workdir-'))
  for (const name of ['prisma', 'node_modules']) await symlink(join(root, name), join(dir, name))
  const lines = Object.entries(dotenv).map(([name, value]) => `${name}=${value}\n`)
  await writeFile(join(dir, '.env'), lines.join(''))
  return dir
}

/** A start that ended (or hung) before the site printed what it was waited for. */
export class SiteDidNotStart extends Error {
  constructor(
    /** Its exit status; null when it was killed for taking too long. */
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`server did not start:\n${output}`)
  }
}

/**
 * Starts the site and resolves once it prints `until` (by default: that it is ready); rejects
 * with SiteDidNotStart if it exits first.
 */
export async function startSite(
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
  entry: keyof typeof ENTRIES = 'bundle',
  until = 'RM5 site ready at',
  /** Where it runs (workingDirWithDotenv); the checkout by default. */
  workingDir?: string,
): Promise<StartedSite> {
  // Either entry serves dist/ as it is (--no-build): never an old build's pages.
  const root = currentBuildRoot()
  const cwd = workingDir ?? root
  const port = await freePort()
  // Empty rather than deleted, so a local .env (which `npm start` reads) cannot fill them in.
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'S3_ENDPOINT',
    'S3_ACCESS_KEY',
    'S3_SECRET_KEY',
    'COOKIE_SECRET',
  ])
    env[name] = ''
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, ENTRIES[entry]), '--no-build'], {
    cwd,
    env: {
      ...env,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  // Only stops a start that hangs: a loaded machine may need minutes to migrate and prepare.
  const deadline = Date.now() + 240_000
  while (!output.includes(until)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const code = child.exitCode
      child.kill('SIGKILL')
      // Its last words may still be in the pipes when it exits: 'close' comes after them.
      await closed
      throw new SiteDidNotStart(code, output)
    }
    await sleep(100)
  }
  return { process: child, port, output: () => output, exited }
}
