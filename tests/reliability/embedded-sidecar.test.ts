// The embedded Postgres and S3 run in a child process of the server (decisions 008 and 024). The
// server must not carry them, must not outlive them, and they must not outlive the server: killed
// abruptly, the server still leaves a database that opens again with its rows.
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { applicationBody } from '../helpers/form-bodies.ts'
import { until } from '../helpers/notification-receivers.ts'
import { alive, commandLine, parentOf } from '../helpers/processes.ts'
import { fillBuckets, type StartedSite, startSite } from '../helpers/start-process.ts'

const dirs: string[] = []
const sites: StartedSite[] = []

afterEach(async () => {
  for (const site of sites.splice(0)) if (site.process.exitCode === null) site.process.kill('SIGKILL')
  // A Postgres whose embedded-services process was killed outright is left without a parent (the
  // next start in the folder stops it, as an operator's restart would): stopped here, before its
  // folder goes, so the run leaves no server behind.
  for (const dir of dirs) await stopLeftPostgres(dir)
  // Retried: the killed server's child may still be closing files in the dir for a moment.
  for (const dir of dirs.splice(0))
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rm5-sidecar-'))
  dirs.push(dir)
  await fillBuckets(dir)
  return dir
}

/** A site's start (embedded services, migrations, demo media) on a loaded machine: the timeout only stops a hang. */
const START_MS = 300_000

async function start(dir: string): Promise<StartedSite> {
  const site = await startSite(dir)
  sites.push(site)
  return site
}

async function ownerPid(dir: string, file: 'pg.json' | 's3.json'): Promise<number> {
  return (JSON.parse(await readFile(join(dir, file), 'utf8')) as { pid: number }).pid
}

/** The Postgres server's own pid (first line of its lock file). */
async function postmasterPid(dir: string): Promise<number> {
  return Number((await readFile(join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0])
}

async function stopLeftPostgres(dir: string): Promise<void> {
  const pid = await postmasterPid(dir).catch(() => undefined)
  if (!pid || !alive(pid)) return
  process.kill(pid, 'SIGINT') // Postgres's fast shutdown
  await until('the left Postgres stops', () => !alive(pid), START_MS)
}

async function countApplications(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM retailer_applications')
    return Number(rows[0]?.n)
  } finally {
    await client.end()
  }
}

function submit(port: number, n: number) {
  return fetch(`http://127.0.0.1:${port}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.88.0.${n}` },
    body: JSON.stringify(applicationBody(n)),
  })
}

describe('embedded services in their own process', () => {
  it(
    'run Postgres and s3rver in a child of the server, all as built JavaScript with plain node, and stop with it',
    async () => {
      const dir = await dataDir()
      const site = await start(dir)
      const serverPid = site.process.pid ?? 0
      const pgOwner = await ownerPid(dir, 'pg.json')
      const s3Owner = await ownerPid(dir, 's3.json')
      expect(pgOwner).not.toBe(serverPid)
      expect(s3Owner).toBe(pgOwner)
      expect(parentOf(pgOwner)).toBe(serverPid)
      // A real Postgres server, started by the embedded-services process.
      expect(parentOf(await postmasterPid(dir))).toBe(pgOwner)
      // No TypeScript loader in either process.
      for (const pid of [serverPid, pgOwner]) {
        expect(commandLine(pid).join(' ')).toContain('dist/node/')
        expect(commandLine(pid).join(' ')).not.toContain('tsx')
      }
      expect((await fetch(`http://127.0.0.1:${site.port}/healthz`)).status).toBe(200)
      expect((await fetch(`http://127.0.0.1:${site.port}/`)).status).toBe(200)
      expect((await submit(site.port, 7)).status).toBe(201)
      // Native libraries only the build (rolldown) or the demo media (sharp) need never load
      // into the long-running server (memory: decisions 008 and 010).
      const maps = readFileSync(`/proc/${serverPid}/maps`, 'utf8')
      for (const library of ['rolldown', 'sharp']) expect(maps).not.toContain(library)
      site.process.kill('SIGTERM')
      expect(await site.exited).toBe(0)
      expect(site.output()).toContain('shutdown complete')
      expect(alive(pgOwner)).toBe(false)
    },
    START_MS,
  )

  it(
    'stop cleanly when the server is killed outright, keeping every row',
    async () => {
      const dir = await dataDir()
      const site = await start(dir)
      for (let n = 1; n <= 5; n++) expect((await submit(site.port, n)).status).toBe(201)
      const sidecar = await ownerPid(dir, 'pg.json')
      const postgres = await postmasterPid(dir)

      site.process.kill('SIGKILL')
      // The child notices its parent is gone (IPC channel closed), stops Postgres and exits.
      await until('the embedded services exit', () => !alive(sidecar), START_MS)
      expect(alive(postgres)).toBe(false)
      await expect(readFile(join(dir, 'pg.json'))).rejects.toMatchObject({ code: 'ENOENT' })

      const again = await start(dir)
      const attached = await startEmbeddedPostgres(dir)
      expect(attached.owner).toBe(false)
      expect(await countApplications(attached.url)).toBe(5)
      expect((await submit(again.port, 6)).status).toBe(201)
    },
    2 * START_MS,
  )

  it(
    'take the server down with them when they die, so a supervisor restarts both',
    async () => {
      const dir = await dataDir()
      const site = await start(dir)
      process.kill(await ownerPid(dir, 's3.json'), 'SIGKILL')
      // It exits by itself; a server that kept running would hang here until the test's timeout.
      const code = await site.exited
      expect(code, site.output()).toBe(1)
      expect(site.output()).toContain('embedded services stopped unexpectedly')
    },
    START_MS,
  )

  it(
    'take the server down with them when Postgres dies',
    async () => {
      const dir = await dataDir()
      const site = await start(dir)
      const sidecar = await ownerPid(dir, 'pg.json')
      process.kill(await postmasterPid(dir), 'SIGKILL')
      // It exits by itself; a server that kept running would hang here until the test's timeout.
      const code = await site.exited
      expect(code, site.output()).toBe(1)
      expect(site.output()).toContain('embedded Postgres exited')
      expect(alive(sidecar)).toBe(false)
    },
    START_MS,
  )
})
