// `npm run bench:rolling-upgrade`: a rolling upgrade from the previous release to this checkout,
// instance by instance, under a steady wrk load through Caddy (docs/benchmarks.md
// "npm run bench:rolling-upgrade"). Not part of CI: the previous release needs its own `npm ci`
// and build (minutes).
//
// 1. The previous release's code from git history (`git worktree add` of PREVIOUS_RELEASE into a
//    temporary folder, or RM5_PREVIOUS_DIR when already built there), its own npm ci and build.
// 2. One database (on DATABASE_URL's server), migrated by the previous release, then expanded by
//    this one's migrations (expand/contract: the old code runs on the new schema); one Redis
//    (REDIS_URL); one S3 stand-in (the embedded s3rver) for all.
// 3. Three instances of the previous release behind Caddy (round robin), each on its own loopback
//    address and one shared port; wrk keeps 50 connections busy on `/` through Caddy throughout.
// 4. For each instance: start the new release beside it and wait until it is ready; take the old
//    one out of the proxy; once the proxy holds the new set, SIGTERM the old one (it drains what
//    is in flight). By default the proxy finds the instances through DNS (`dynamic a`, as
//    deploy/Caddyfile does through Docker's DNS, and as a Kubernetes proxy follows a Service's
//    endpoints while the pod's preStop waits); `--reload` rewrites the upstream list and reloads
//    Caddy instead, to show what a reload costs.
// wrk must see every request answered: no status of 400 or more, no socket error (exit 1 otherwise).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { startEmbeddedS3 } from '../../server/storage/embedded.server.ts'
import { freePort } from '../lib/free-port.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../lib/server-process.ts'
import { startUpstreamDns } from '../lib/upstream-dns.ts'
import { stopChild } from './child.ts'
import { requireWrk, type WrkResult, wrk } from './wrk.ts'

/** The commit that released 2.0.0 (CHANGELOG "## [2.0.0] - 2026-11-25"); move it at each release. */
const PREVIOUS_RELEASE = { version: '2.0.0', commit: 'e37402a' }
/** wrk runs back to back in segments of this length, from before the first replacement to after the last. */
const SEGMENT_SECONDS = 10
/** The name the proxy resolves to the instances in service (answered by scripts/lib/upstream-dns.ts). */
const UPSTREAM_NAME = 'rm5.rolling.test'
const REMOVE_BY: 'dns' | 'reload' = process.argv.includes('--reload') ? 'reload' : 'dns'

const root = path.resolve(import.meta.dirname, '../..')
const run = (cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  execFileSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] })

function previousRelease(): { dir: string; remove: () => void } {
  const given = process.env.RM5_PREVIOUS_DIR
  if (given && existsSync(path.join(given, 'dist/node/start.mjs'))) return { dir: given, remove: () => {} }
  const dir = given ?? mkdtempSync(path.join(tmpdir(), `rm5-${PREVIOUS_RELEASE.version}-`))
  const started = Date.now()
  run(root, 'git', ['worktree', 'add', '--force', '--detach', dir, PREVIOUS_RELEASE.commit])
  run(dir, 'npm', ['ci', '--no-audit', '--no-fund'])
  run(dir, 'npm', ['run', 'build'])
  console.log(
    `previous release ${PREVIOUS_RELEASE.version}: installed and built in ${Math.round((Date.now() - started) / 1000)} s`,
  )
  return { dir, remove: () => run(root, 'git', ['worktree', 'remove', '--force', dir]) }
}

async function admin(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

interface Instance {
  name: string
  host: string
  child: ChildProcess
}

/** Each instance listens on its own loopback address (all of 127/8 is loopback) and the shared port. */
async function startInstance(
  name: string,
  host: string,
  port: number,
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<Instance> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/node/start.mjs', '--no-build'], {
    cwd: dir,
    env: { ...process.env, ...SERVER_ENV, ...env, PORT: String(port), HOST: host },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // Generous: the new instance starts on a machine already serving the load.
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was ready`)
    const ready = await fetch(`http://${host}:${port}/readyz`).then(
      async (res) => (res.ok ? ((await res.json()) as { version: string }).version : null),
      () => null,
    )
    if (ready) {
      console.log(`${name} ready on ${host}: ${ready}`)
      return { name, host, child }
    }
    if (Date.now() > deadline) {
      await stopChild(child)
      throw new Error(`${name} not ready within 180 s`)
    }
    await sleep(200)
  }
}

function caddyfile(adminPort: number, port: number, upstreams: string): string {
  // deploy/Caddyfile's reverse_proxy settings.
  return `{
\tadmin 127.0.0.1:${adminPort}
}
:${port} {
\treverse_proxy {
\t\t${upstreams}
\t\tlb_policy round_robin
\t\tlb_try_duration 5s
\t\tfail_duration 10s
\t\ttransport http {
\t\t\tdial_timeout 2s
\t\t\tkeepalive 30s
\t\t}
\t}
}
`
}

/** Through DNS, re-read every 5 s as deploy/Caddyfile does; with `--reload`, a fixed list. */
function upstreamsOf(instances: Instance[], instancePort: number, dnsPort: number): string {
  if (REMOVE_BY === 'reload') return `to ${instances.map((i) => `${i.host}:${instancePort}`).join(' ')}`
  return `dynamic a ${UPSTREAM_NAME} ${instancePort} {
\t\t\trefresh 5s
\t\t\tresolvers 127.0.0.1:${dnsPort}
\t\t}`
}

/** Caddy's error log counted by message, numbers left out: what failed between proxy and app. */
function proxyErrors(logFile: string): string {
  const counts = new Map<string, number>()
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"level":"error"')) continue
    const kind = ((JSON.parse(line) as { msg?: string }).msg ?? '').replace(/[\d.:]*\d/g, 'N')
    counts.set(kind, (counts.get(kind) ?? 0) + 1)
  }
  return counts.size ? [...counts].map(([kind, n]) => `${n} × ${kind}`).join('; ') : 'none'
}

async function main() {
  requireWrk()
  const serverUrl = process.env.DATABASE_URL
  const redisUrl = process.env.REDIS_URL
  if (!serverUrl || !redisUrl) throw new Error('set DATABASE_URL (a Postgres server) and REDIS_URL')
  const previous = previousRelease()
  const work = mkdtempSync(path.join(tmpdir(), 'rm5-rolling-'))
  const name = `rolling_${randomBytes(4).toString('hex')}`
  await admin(serverUrl, `CREATE DATABASE "${name}"`)
  const database = new URL(serverUrl)
  database.pathname = `/${name}`
  const s3 = await startEmbeddedS3(path.join(work, 's3'), { debug() {}, info() {}, warn() {}, error() {} })
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: database.toString(),
    REDIS_URL: redisUrl,
    S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
    S3_ACCESS_KEY: s3.credentials.accessKey,
    S3_SECRET_KEY: s3.credentials.secretKey,
    COOKIE_SECRET: randomBytes(32).toString('base64url'),
    MIGRATE_ON_START: 'false',
    DEMO_MEDIA: 'off',
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(work, 'data'),
  }
  const children: Instance[] = []
  const instancePort = await freePort()
  const dns = await startUpstreamDns(UPSTREAM_NAME)
  let caddy: ChildProcess | undefined
  try {
    // The previous release's schema, then this release's expansion of it.
    run(previous.dir, process.execPath, ['bin/rm5.js', 'db', 'migrate'], { ...process.env, ...env })
    run(root, process.execPath, ['bin/rm5.js', 'db', 'migrate'], { ...process.env, ...env })
    for (const n of [1, 2, 3])
      children.push(await startInstance(`old ${n}`, `127.0.0.${10 + n}`, instancePort, previous.dir, env))
    dns.set(children.map((c) => c.host))

    const adminPort = await freePort()
    const port = await freePort()
    const config = path.join(work, 'Caddyfile')
    const caddyLog = path.join(work, 'caddy.log')
    const caddyEnv = { PATH: process.env.PATH, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work }
    writeFileSync(config, caddyfile(adminPort, port, upstreamsOf(children, instancePort, dns.port)))
    caddy = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
      env: caddyEnv,
      stdio: ['ignore', 'ignore', openSync(caddyLog, 'w')],
    })
    while (
      !(await fetch(`http://127.0.0.1:${port}/livez`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await sleep(100)

    let rolled = false
    const loadStarted = Date.now()
    const at = () => ((Date.now() - loadStarted) / 1000).toFixed(1)
    const segments: WrkResult[] = []
    const load = (async () => {
      // Until the last replacement, then one more run: the new instances under the same load.
      for (let after = 0; after < 2; after += rolled ? 1 : 0) {
        const from = at()
        const result = await wrk({
          url: `http://127.0.0.1:${port}/`,
          duration: SEGMENT_SECONDS,
          headers: { 'accept-encoding': 'br' },
        })
        segments.push(result)
        console.log(
          `run from ${from} s: ${result.rps} req/s, p99 ${result.p99} ms, ` +
            `${result.status} with a status ≥ 400, ${result.socket} socket errors`,
        )
      }
    })()
    await sleep(SEGMENT_SECONDS * 1000)
    for (let i = 0; i < 3; i++) {
      const old = children[i] as Instance
      const fresh = await startInstance(`new ${i + 1}`, `127.0.0.${21 + i}`, instancePort, root, env)
      children[i] = fresh
      console.log(`${at()} s: ${old.name} leaves the proxy (${REMOVE_BY})`)
      if (REMOVE_BY === 'reload') {
        writeFileSync(config, caddyfile(adminPort, port, upstreamsOf(children, instancePort, dns.port)))
        run(
          work,
          'caddy',
          ['reload', '--config', config, '--adapter', 'caddyfile', '--address', `127.0.0.1:${adminPort}`],
          caddyEnv,
        )
      } else {
        // The proxy holds the new set once it has asked again: only then does the old one stop.
        const answered = dns.nextAnswer()
        dns.set(children.map((c) => c.host))
        await answered
      }
      console.log(`${at()} s: ${old.name} gets SIGTERM`)
      await stopChild(old.child)
      console.log(`${at()} s: ${old.name} exited (${old.child.exitCode ?? old.child.signalCode})`)
    }
    const upgradeSeconds = Math.round((Date.now() - loadStarted) / 1000) - SEGMENT_SECONDS
    rolled = true
    await load
    const sum = (pick: (s: WrkResult) => number) => segments.reduce((total, s) => total + pick(s), 0)
    console.log(
      `rolling upgrade ${PREVIOUS_RELEASE.version} → this checkout, 3 instances behind Caddy (taken out by ${REMOVE_BY}), ` +
        `under wrk (50 connections on /, ${segments.length} back-to-back runs of ${SEGMENT_SECONDS} s): ` +
        `about ${sum((s) => s.rps * SEGMENT_SECONDS)} requests, req/s per run ${segments.map((s) => s.rps).join(', ')}, ` +
        `p99 per run ${segments.map((s) => s.p99).join(', ')} ms; ${sum((s) => s.status)} with a status ≥ 400, ` +
        `${sum((s) => s.socket)} socket errors; the three replaced within ${upgradeSeconds} s; ` +
        `Caddy's errors: ${proxyErrors(caddyLog)}`,
    )
    if (sum((s) => s.failed) > 0) process.exitCode = 1
  } finally {
    if (caddy) await stopChild(caddy)
    await dns.close()
    for (const child of children) await stopChild(child.child)
    await s3.close()
    await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    rmSync(work, { recursive: true, force: true })
    if (!process.env.RM5_PREVIOUS_DIR) previous.remove()
  }
}

await main()
