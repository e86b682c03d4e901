// Starts what the benchmarks measure: the production server, a child process with embedded
// Postgres/S3 in a temp DATA_DIR (nginx, its reference, is in nginx.ts).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../lib/free-port.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../lib/server-process.ts'
import { isBuildCurrent } from '../run/build/stamp.ts'
import { build, root } from '../run/build.ts'
import { stopChild } from './child.ts'

export interface Running {
  url: string
  pid: number
  env: NodeJS.ProcessEnv
  stop: () => Promise<void>
}

export async function ensureBuild(): Promise<void> {
  if (!isBuildCurrent(root)) await build()
}

/** RSS in MB of a process, from /proc (Linux only; undefined elsewhere). */
export function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Math.round(Number(match[1]) / 1024) : undefined
  } catch {
    return undefined
  }
}

/**
 * The production server as the Docker image runs it: the bundle (dist/node/start.mjs, decision
 * 010) with --no-build, as a direct child so its pid is the server's for RSS.
 */
export async function startSite(extraEnv: NodeJS.ProcessEnv = {}): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rm5-bench-'))
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // As `npm start` and the Docker image run it.
    ...SERVER_ENV,
    ...extraEnv,
  }
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/node/start.mjs', '--no-build'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  }
  child.stderr?.on('data', collect)
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      collect(chunk)
      const match = /RM5 site ready at (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true })
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`))
    })
  })
  // A server that dies mid-run would otherwise show only as refused connections.
  const stopping = { now: false }
  child.once('exit', (code, signal) => {
    if (!stopping.now) console.error(`server exited (${code ?? signal}) during the run:\n${output}`)
  })
  return {
    url,
    pid: child.pid ?? 0,
    env,
    stop: async () => {
      stopping.now = true
      await stopChild(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
