// Embedded Postgres for installs without DATABASE_URL (docs/architecture.md: Database): PGlite (Postgres compiled to
// WebAssembly) with its files in ${DATA_DIR}/pg, served on a loopback port by pglite-socket so the
// app and the admin CLI talk to it through the same `pg` driver as to a real server.
//
// PGlite is one Postgres backend inside one process, and it does not lock its data directory, so
// two processes opening it at once would corrupt it. ${DATA_DIR}/pg.json is that lock: whoever
// claims it first (see claim) runs PGlite and writes { pid, port } into it; everyone else attaches to that
// port. A pg.json whose pid is gone is left over from a crash and is taken over.
import { randomUUID } from 'node:crypto'
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { PGlite } from '@electric-sql/pglite'
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import pg from 'pg'
import { type DbLogger, silentLogger } from './logger.server.ts'

export interface EmbeddedPostgres {
  /** A normal Postgres URL on 127.0.0.1. */
  url: string
  /** True when this process runs PGlite; false when attached to another process's instance. */
  owner: boolean
  /** Owner: stops serving, closes PGlite cleanly and removes pg.json. Attached: nothing to release. */
  close(): Promise<void>
}

export interface EmbeddedOptions {
  /** How long to wait for an owner that is starting or busy before giving up (ms). */
  attachTimeoutMs?: number
  /**
   * Socket connections the owner accepts, across all processes. pglite-socket queues work per
   * protocol message on the single backend (an open transaction keeps the backend to its own
   * connection), so more connections add no parallelism: they only must not run out when the
   * app's pool, a CLI and a migration are connected at once. Extra ones are refused outright.
   */
  maxConnections?: number
}

interface OwnerInfo {
  pid: number
  port: number | null
}

export const embeddedUrl = (port: number): string => `postgresql://postgres@127.0.0.1:${port}/postgres`

// Data directories this process owns. After a container restart the new process often gets the
// old pid back, so "pid alive" alone would mistake our own crashed predecessor for a live owner.
const ownedHere = new Set<string>()

/** Attaches to the embedded Postgres another process runs for `dataDir`, or starts one. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: DbLogger = silentLogger,
  options: EmbeddedOptions = {},
): Promise<EmbeddedPostgres> {
  const dir = resolve(dataDir)
  const infoPath = join(dir, 'pg.json')
  const deadline = Date.now() + (options.attachTimeoutMs ?? 30_000)
  await mkdir(dir, { recursive: true })

  for (;;) {
    const claimed = await claim(infoPath)
    if (claimed) return own(dir, infoPath, log, options.maxConnections ?? 64)

    const raw = await readFile(infoPath, 'utf8').catch(() => null)
    if (raw === null) continue // the owner just removed it: try to claim again
    const info = parseInfo(raw)
    if (!info || !ownerAlive(info.pid, dir)) {
      log.warn({ infoPath, owner: raw }, 'embedded Postgres: previous owner is gone, taking over')
      await removeIfUnchanged(infoPath, raw)
      continue
    }
    if (info.port !== null) {
      const url = embeddedUrl(info.port)
      if (await answers(url)) {
        log.info({ url, ownerPid: info.pid }, 'attached to embedded Postgres of another process')
        return { url, owner: false, close: async () => {} }
      }
    }
    // The owner is alive but still starting (port null) or busy: wait, but never open PGlite
    // next to a live owner.
    if (Date.now() > deadline) {
      throw new Error(
        `Embedded Postgres in ${dir} belongs to process ${info.pid}, which is ${info.port === null ? 'still starting' : `not answering on port ${info.port}`}. ` +
          `Stop that process, or delete ${infoPath} if it is not an RM5 process.`,
      )
    }
    await sleep(250)
  }
}

// Writes the claim in full to a private file, then hard-links it into place: link() fails if
// pg.json exists, so exactly one process wins and nobody ever reads a half-written claim.
async function claim(infoPath: string): Promise<boolean> {
  const tmp = `${infoPath}.${randomUUID()}.tmp`
  await writeFile(tmp, JSON.stringify({ pid: process.pid, port: null } satisfies OwnerInfo))
  try {
    await link(tmp, infoPath)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  } finally {
    await unlink(tmp).catch(() => {})
  }
}

async function own(
  dir: string,
  infoPath: string,
  log: DbLogger,
  maxConnections: number,
): Promise<EmbeddedPostgres> {
  ownedHere.add(dir)
  let db: PGlite | undefined
  let server: PGLiteSocketServer | undefined
  try {
    // Loaded only by the process that runs PGlite (tens of MB just to import): attaching needs `pg` only.
    const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite-socket'),
    ])
    db = await PGlite.create(join(dir, 'pg'))
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections })
    await server.start()
    const port = Number(server.getServerConn().split(':').pop())
    await writeAtomic(infoPath, JSON.stringify({ pid: process.pid, port } satisfies OwnerInfo))
    const url = embeddedUrl(port)
    log.info({ url, dataDir: join(dir, 'pg') }, 'embedded Postgres (PGlite) started')
    const started = { db, server }
    let closing: Promise<void> | undefined
    return {
      url,
      owner: true,
      close: () => {
        closing ??= shutdown(started.db, started.server, dir, infoPath, log)
        return closing
      },
    }
  } catch (err) {
    await shutdown(db, server, dir, infoPath, log).catch(() => {})
    throw err
  }
}

// Order matters: stop serving first (pglite-socket rolls back any open transaction of each
// connection), then close PGlite so it checkpoints, and only then release the lock.
async function shutdown(
  db: PGlite | undefined,
  server: PGLiteSocketServer | undefined,
  dir: string,
  infoPath: string,
  log: DbLogger,
): Promise<void> {
  try {
    await server?.stop()
    if (db && !db.closed) await db.close()
    log.info({ dataDir: join(dir, 'pg') }, 'embedded Postgres closed')
  } finally {
    const raw = await readFile(infoPath, 'utf8').catch(() => null)
    if (raw !== null && parseInfo(raw)?.pid === process.pid) await unlink(infoPath).catch(() => {})
    ownedHere.delete(dir)
  }
}

function parseInfo(raw: string): OwnerInfo | null {
  try {
    const value = JSON.parse(raw) as Partial<OwnerInfo>
    if (typeof value.pid !== 'number') return null
    return { pid: value.pid, port: typeof value.port === 'number' ? value.port : null }
  } catch {
    return null
  }
}

function ownerAlive(pid: number, dir: string): boolean {
  if (pid === process.pid) return ownedHere.has(dir)
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A real round trip, not just an open port: the owner must be serving queries. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, query_timeout: 5000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

// Only delete a stale pg.json if nobody replaced it meanwhile (another process may have taken
// over first). A tiny window remains between read and unlink; the cost is one retry loop.
async function removeIfUnchanged(infoPath: string, expected: string): Promise<void> {
  const now = await readFile(infoPath, 'utf8').catch(() => null)
  if (now === expected) await unlink(infoPath).catch(() => {})
}

// Readers never see a half-written pg.json.
async function writeAtomic(path: string, content: string): Promise<void> {
  const tmp = `${path}.${randomUUID()}.tmp`
  await writeFile(tmp, content)
  await rename(tmp, path)
}
