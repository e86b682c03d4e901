// The load generator: wrk (Debian's `wrk` package), a C client that keeps 50 connections busy
// with less than a core, so the figures are the server's and not the client's; each run also
// reports how busy wrk's own core was, so a run where that stops being true says so. A Lua `done`
// hook prints the run's summary as one JSON line, so nothing parses wrk's human-readable output.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { hasCommand } from './child.ts'
import { cpuSecondsOf } from './process-cpu.ts'

export const CONNECTIONS = 50
/** One client thread: the server is one process too, and the machine's other core is the client's. */
export const THREADS = 1

export const WRK_MISSING =
  'wrk is not installed. Install it with `sudo apt-get install wrk` (Debian, Ubuntu) or ' +
  '`brew install wrk` (macOS), then run the bench again.'

export function requireWrk(): void {
  if (!hasCommand('wrk')) {
    console.error(WRK_MISSING)
    process.exit(1)
  }
}

export interface WrkRun {
  url: string
  headers?: Record<string, string>
  duration: number
  /** Lua defining `request` (and `init`) for requests that change from one to the next. */
  requestScript?: string
}

export interface WrkResult {
  rps: number
  /** Latency percentiles in ms. */
  p50: number
  p99: number
  /** The slowest request, in ms. */
  max: number
  /** Answers with a status of 400 or more, plus socket errors and timeouts. */
  failed: number
  /** Of those, answers with a status of 400 or more. */
  status: number
  /** Of those, connections that failed: connect, read or write errors and timeouts. */
  socket: number
  /**
   * The share of one core wrk itself used over the run (0–1; undefined off Linux). Near 1 the
   * client, not the server, set the pace, and the figure is the client's ceiling.
   */
  clientCpu?: number
}

/** From this share of its core on, a run says more about wrk than about the server it loaded. */
export const CLIENT_BOUND = 0.9

/**
 * wrk's CPU share, read shortly before the end of its run (once it exits, /proc has nothing left
 * to read): the run's last fraction of a second is not counted, the share is unchanged.
 */
function watchClientCpu(pid: number | undefined, duration: number): () => number | undefined {
  const started = performance.now()
  let share: number | undefined
  const timer = setTimeout(
    () => {
      const seconds = pid === undefined ? undefined : cpuSecondsOf(pid)
      if (seconds !== undefined) share = seconds / ((performance.now() - started) / 1000)
    },
    Math.max(0, duration * 1000 - 250),
  )
  return () => {
    clearTimeout(timer)
    return share
  }
}

const DONE_HOOK = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"us":%d,"p50":%d,"p99":%d,"max":%d,"status":%d,"socket":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.status, e.connect + e.read + e.write + e.timeout))
end
`

/** Lua string literal for a header value or body (wrk scripts are plain Lua 5.1). */
export function luaString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`
}

export function wrk(run: WrkRun): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm5-wrk-'))
  const script = path.join(dir, 'run.lua')
  writeFileSync(script, `${run.requestScript ?? ''}\n${DONE_HOOK}`)
  const headerArgs = Object.entries(run.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  // A slow answer under load is slow, not failed: only one after 10 s counts as a timeout.
  const args = [
    '-t',
    String(THREADS),
    '-c',
    String(CONNECTIONS),
    '-d',
    `${run.duration}s`,
    '--timeout',
    '10s',
    ...headerArgs,
  ]
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [...args, '-s', script, run.url], { stdio: ['ignore', 'pipe', 'pipe'] })
    const clientCpu = watchClientCpu(child.pid, run.duration)
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      const share = clientCpu()
      rmSync(dir, { recursive: true, force: true })
      const line = /WRK_JSON (\{.*\})/.exec(out)?.[1]
      if (code !== 0 || !line) return reject(new Error(`wrk exited ${code}: ${out.trim()}`))
      const r = JSON.parse(line) as Record<string, number>
      resolve({
        rps: Math.round(((r.requests ?? 0) * 1e6) / (r.us ?? 1)),
        p50: Math.round((r.p50 ?? 0) / 100) / 10,
        p99: Math.round((r.p99 ?? 0) / 100) / 10,
        max: Math.round((r.max ?? 0) / 100) / 10,
        failed: (r.status ?? 0) + (r.socket ?? 0),
        status: r.status ?? 0,
        socket: r.socket ?? 0,
        clientCpu: share === undefined ? undefined : Math.round(share * 100) / 100,
      })
    })
  })
}
