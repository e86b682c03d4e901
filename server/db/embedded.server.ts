// Embedded Postgres for installs without DATABASE_URL (docs/architecture.md: Database; decision
// 024): a real Postgres server (binaries from the npm registry) over ${DATA_DIR}/pg, on a loopback
// port, so the app and the admin CLI talk to it through the same `pg` driver as to any server,
// with Postgres's own locks, sessions and timeouts.
//
// One process runs the server for a DATA_DIR and everyone else attaches: ${DATA_DIR}/pg.json is
// that claim. Whoever claims it first (see claim) starts Postgres and writes { pid, port } into
// it; everyone else attaches to that port with the password in ${DATA_DIR}/pg-password. A
// pg.json whose pid is gone is left over from a crash and is taken over.
import { randomUUID } from 'node:crypto'
import { link, readFile, rename, unlink } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ownProcess } from '../owned-processes.server.ts'
import { ensurePrivateDir, writePrivateFile } from '../private-file.server.ts'
import { processAlive } from '../process-alive.server.ts'
import {
  answers,
  type ClusterOptions,
  clusterUrl,
  PASSWORD_FILE,
  type RunningCluster,
  startCluster,
} from './embedded-cluster.server.ts'
import { type DbLogger, silentLogger } from './logger.server.ts'

export interface EmbeddedPostgres {
  /** A normal Postgres URL on 127.0.0.1 (with the password: never log it). */
  url: string
  /** True when this process runs the server; false when attached to another process's. */
  owner: boolean
  /** Owner: stops Postgres (fast shutdown) and removes pg.json. Attached: nothing to release. */
  close(): Promise<void>
  /** Owner only: called when Postgres exits without being asked. */
  onUnexpectedExit(listener: (code: number | null) => void): void
}

export interface EmbeddedOptions extends ClusterOptions {
  /** How long to wait for an owner that is starting or busy before giving up (ms). */
  attachTimeoutMs?: number
}

interface OwnerInfo {
  pid: number
  port: number | null
}

// Data directories this process owns, each with what takes it off the list of servers to stop
// before a hurried exit (owned-processes.server.ts). After a container restart the new process
// often gets the old pid back, so "pid alive" alone would mistake our own crashed predecessor for
// a live owner.
const ownedHere = new Map<string, () => void>()

/** Attaches to the embedded Postgres another process runs for `dataDir`, or starts one. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: DbLogger = silentLogger,
  options: EmbeddedOptions = {},
): Promise<EmbeddedPostgres> {
  const dir = resolve(dataDir)
  const infoPath = join(dir, 'pg.json')
  const deadline = Date.now() + (options.attachTimeoutMs ?? 30_000)
  await ensurePrivateDir(dir, log)

  for (;;) {
    options.signal?.throwIfAborted()
    const claimed = await claim(infoPath)
    if (claimed) return own(dir, infoPath, log, options)

    const raw = await readFile(infoPath, 'utf8').catch(() => null)
    if (raw === null) continue // the owner just removed it: try to claim again
    const info = parseInfo(raw)
    if (!info || !ownerAlive(info.pid, dir)) {
      log.warn({ infoPath, owner: raw }, 'embedded Postgres: previous owner is gone, taking over')
      await removeIfUnchanged(infoPath, raw)
      continue
    }
    if (info.port !== null) {
      const password = await readFile(join(dir, PASSWORD_FILE), 'utf8').catch(() => '')
      const url = clusterUrl(info.port, password.trim())
      if (await answers(url)) {
        log.info({ port: info.port, ownerPid: info.pid }, 'attached to embedded Postgres of another process')
        return { url, owner: false, close: async () => {}, onUnexpectedExit: () => {} }
      }
    }
    // The owner is alive but still starting (port null) or busy: wait, but never start a second
    // server next to a live owner.
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
  await writePrivateFile(tmp, JSON.stringify({ pid: process.pid, port: null } satisfies OwnerInfo))
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

function own(
  dir: string,
  infoPath: string,
  log: DbLogger,
  options: ClusterOptions,
): Promise<EmbeddedPostgres> {
  const starting = startOwned(dir, infoPath, log, options)
  // Once the start has given up (its signal aborted: it stops what it started), or at once.
  ownedHere.set(
    dir,
    ownProcess(() => starting.then((postgres) => postgres.close())),
  )
  return starting
}

async function startOwned(
  dir: string,
  infoPath: string,
  log: DbLogger,
  options: ClusterOptions,
): Promise<EmbeddedPostgres> {
  let cluster: RunningCluster | undefined
  try {
    cluster = await startCluster(dir, log, options)
    // Aborted as the start ended: what it started is stopped below, like a failed start.
    options.signal?.throwIfAborted()
    await writeAtomic(infoPath, JSON.stringify({ pid: process.pid, port: cluster.port } satisfies OwnerInfo))
    log.info({ port: cluster.port, dataDir: join(dir, 'pg') }, 'embedded Postgres started')
    const started = cluster
    let closing: Promise<void> | undefined
    return {
      url: clusterUrl(cluster.port, cluster.password),
      owner: true,
      close: () => {
        closing ??= shutdown(started, dir, infoPath, log)
        return closing
      },
      onUnexpectedExit: (listener) => started.onUnexpectedExit(listener),
    }
  } catch (err) {
    await shutdown(cluster, dir, infoPath, log).catch(() => {})
    throw err
  }
}

// Postgres first (a fast shutdown rolls back what is still open), and only then the claim.
async function shutdown(
  cluster: RunningCluster | undefined,
  dir: string,
  infoPath: string,
  log: DbLogger,
): Promise<void> {
  try {
    if (cluster) {
      await cluster.stop()
      log.info({ dataDir: join(dir, 'pg') }, 'embedded Postgres stopped')
    }
  } finally {
    const raw = await readFile(infoPath, 'utf8').catch(() => null)
    if (raw !== null && parseInfo(raw)?.pid === process.pid) await unlink(infoPath).catch(() => {})
    ownedHere.get(dir)?.()
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
  return processAlive(pid)
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
  await writePrivateFile(tmp, content)
  await rename(tmp, path)
}
