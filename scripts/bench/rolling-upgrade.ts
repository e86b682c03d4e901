// `npm run bench:rolling-upgrade`: a rolling upgrade from the previous release to this checkout,
// instance by instance, under a steady wrk load through Caddy (docs/benchmarks.md "Rolling
// upgrade"). Not part of CI: the previous release needs its own `npm ci` and build (minutes).
//
// 1. The previous release's code from git history (`git worktree add` of PREVIOUS_RELEASE into a
//    temporary folder, or RM5_PREVIOUS_DIR when already built there), its own npm ci and build.
// 2. One database (on DATABASE_URL's server), migrated by the previous release, then expanded by
//    this one's migrations (expand/contract: the old code runs on the new schema); one Redis
//    (REDIS_URL); one S3 stand-in (the embedded s3rver) for all.
// 3. Three instances of the previous release behind Caddy (round robin); wrk keeps 50 connections
//    busy on `/` through Caddy for the whole run.
// 4. For each instance: start the new release beside it, wait until it is ready, take the old one
//    out of Caddy (a graceful reload: what removing a pod's endpoints does), then SIGTERM it (it
//    drains what is in flight).
// wrk must see every request answered: no status of 400 or more, no socket error (exit 1 otherwise).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { startEmbeddedS3 } from '../../server/storage/embedded.server.ts'
import { freePort } from '../lib/free-port.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../lib/server-process.ts'
import { stopChild } from './child.ts'
import { requireWrk, type WrkResult, wrk } from './wrk.ts'

/** The commit that released 2.0.0 (CHANGELOG "## [2.0.0] - 2026-11-25"); move it at each release. */
const PREVIOUS_RELEASE = { version: '2.0.0', commit: 'e37402a' }
/** wrk runs back to back in segments of this length, from before the first replacement to after the last. */
const SEGMENT_SECONDS = 10

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
  port: number
  child: ChildProcess
}

async function startInstance(name: string, dir: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort()
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/node/start.mjs', '--no-build'], {
    cwd: dir,
    env: { ...process.env, ...SERVER_ENV, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // Generous: the new instance starts on a machine already serving the load.
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was ready`)
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      async (res) => (res.ok ? ((await res.json()) as { version: string }).version : null),
      () => null,
    )
    if (ready) {
      console.log(`${name} ready on ${port}: ${ready}`)
      return { name, port, child }
    }
    if (Date.now() > deadline) {
      await stopChild(child)
      throw new Error(`${name} not ready within 180 s`)
    }
    await sleep(200)
  }
}

function caddyfile(adminPort: number, port: number, upstreams: Instance[]): string {
  // deploy/Caddyfile's reverse_proxy settings, over fixed loopback upstreams.
  return `{
\tadmin 127.0.0.1:${adminPort}
}
:${port} {
\treverse_proxy ${upstreams.map((u) => `127.0.0.1:${u.port}`).join(' ')} {
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
  let caddy: ChildProcess | undefined
  try {
    // The previous release's schema, then this release's expansion of it.
    run(previous.dir, process.execPath, ['bin/rm5.js', 'db', 'migrate'], { ...process.env, ...env })
    run(root, process.execPath, ['bin/rm5.js', 'db', 'migrate'], { ...process.env, ...env })
    for (const n of [1, 2, 3]) children.push(await startInstance(`old ${n}`, previous.dir, env))

    const adminPort = await freePort()
    const port = await freePort()
    const config = path.join(work, 'Caddyfile')
    const caddyEnv = { PATH: process.env.PATH, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work }
    writeFileSync(config, caddyfile(adminPort, port, children))
    caddy = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
      env: caddyEnv,
      stdio: 'ignore',
    })
    while (
      !(await fetch(`http://127.0.0.1:${port}/livez`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await sleep(100)

    let rolled = false
    const segments: WrkResult[] = []
    const load = (async () => {
      // Until the last replacement, then one more run: the new instances under the same load.
      for (let after = 0; after < 2; after += rolled ? 1 : 0)
        segments.push(
          await wrk({
            url: `http://127.0.0.1:${port}/`,
            duration: SEGMENT_SECONDS,
            headers: { 'accept-encoding': 'br' },
          }),
        )
    })()
    const upgradeStarted = Date.now()
    await sleep(SEGMENT_SECONDS * 1000)
    for (let i = 0; i < 3; i++) {
      const old = children[i] as Instance
      const fresh = await startInstance(`new ${i + 1}`, root, env)
      children[i] = fresh
      writeFileSync(config, caddyfile(adminPort, port, children))
      run(
        work,
        'caddy',
        ['reload', '--config', config, '--adapter', 'caddyfile', '--address', `127.0.0.1:${adminPort}`],
        caddyEnv,
      )
      await stopChild(old.child)
      console.log(
        `${old.name} replaced by ${fresh.name} after ${Math.round((Date.now() - upgradeStarted) / 1000)} s`,
      )
    }
    const upgradeSeconds = Math.round((Date.now() - upgradeStarted) / 1000)
    rolled = true
    await load
    const failed = segments.reduce((sum, segment) => sum + segment.failed, 0)
    const requests = segments.reduce((sum, segment) => sum + segment.rps * SEGMENT_SECONDS, 0)
    console.log(
      `rolling upgrade ${PREVIOUS_RELEASE.version} → this checkout, 3 instances behind Caddy, under wrk ` +
        `(50 connections on /, ${segments.length} back-to-back runs of ${SEGMENT_SECONDS} s): about ${requests} requests, ` +
        `req/s per run ${segments.map((s) => s.rps).join(', ')}, p99 per run ${segments.map((s) => s.p99).join(', ')} ms; ` +
        `${failed} failed (status ≥ 400 or socket error); the three replaced within ${upgradeSeconds} s`,
    )
    if (failed > 0) process.exitCode = 1
  } finally {
    if (caddy) await stopChild(caddy)
    for (const child of children) await stopChild(child.child)
    await s3.close()
    await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    rmSync(work, { recursive: true, force: true })
    if (!process.env.RM5_PREVIOUS_DIR) previous.remove()
  }
}

await main()
