// Sites whose embedded Postgres and S3 run in the server's child process (decisions 008 and
// 024), for the files that kill one of the three and look at what is left: each file gets its
// own list of folders and sites through `embeddedSites()`, and its afterEach leaves no process and
// no folder behind.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterEach } from 'vitest'
import { applicationBody } from './form-bodies.ts'
import { until } from './notification-receivers.ts'
import { alive } from './processes.ts'
import { fillBuckets, type StartedSite, startSite } from './start-process.ts'

/** A site's start (embedded services, migrations, demo media) on a loaded machine: the timeout only stops a hang. */
export const START_MS = 300_000

/** A new data folder and a site started on one; both go after each test. */
export function embeddedSites() {
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
  const start = async (dir: string): Promise<StartedSite> => {
    const site = await startSite(dir)
    sites.push(site)
    return site
  }
  return {
    /** A site started again on a folder a test made. */
    start,
    /** A site started on a new folder. */
    async newSite(): Promise<{ dir: string; site: StartedSite }> {
      const dir = await mkdtemp(join(tmpdir(), 'rm5-sidecar-'))
      dirs.push(dir)
      await fillBuckets(dir)
      return { dir, site: await start(dir) }
    },
  }
}

/** The pid of the process that owns the folder's embedded Postgres or S3 (its claim file). */
export async function ownerPid(dir: string, file: 'pg.json' | 's3.json'): Promise<number> {
  return (JSON.parse(await readFile(join(dir, file), 'utf8')) as { pid: number }).pid
}

/** The Postgres server's own pid (first line of its lock file). */
export async function postmasterPid(dir: string): Promise<number> {
  return Number((await readFile(join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0])
}

async function stopLeftPostgres(dir: string): Promise<void> {
  const pid = await postmasterPid(dir).catch(() => undefined)
  if (!pid || !alive(pid)) return
  process.kill(pid, 'SIGINT') // Postgres's fast shutdown
  await until('the left Postgres stops', () => !alive(pid), START_MS)
}

export async function countApplications(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM retailer_applications')
    return Number(rows[0]?.n)
  } finally {
    await client.end()
  }
}

/** Posts application `n` from its own address (no rate limit between them). */
export function submit(port: number, n: number) {
  return fetch(`http://127.0.0.1:${port}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.88.0.${n}` },
    body: JSON.stringify(applicationBody(n)),
  })
}
