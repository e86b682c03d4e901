// A real Postgres server over ${DATA_DIR}/pg (decision 024), run by the one process that owns the
// folder (embedded.server.ts decides who): initdb on first use, then `postgres` on a free
// loopback port, with a generated password in ${DATA_DIR}/pg-password (0600).
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { closeSync, existsSync, fchmodSync, openSync } from 'node:fs'
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import pg from 'pg'
import { loadPostgresBinaries, type PostgresBinaries } from './embedded-binaries.server.ts'
import { moveAsideForeignCluster } from './embedded-foreign-folder.server.ts'
import { postgresRunAs, prepareOwnedFolder, type RunAs, runAsHint } from './embedded-os-user.server.ts'
import type { DbLogger } from './logger.server.ts'

const run = promisify(execFile)

export const CLUSTER_FOLDER = 'pg'
export const PASSWORD_FILE = 'pg-password'
export const EMBEDDED_USER = 'postgres'
const LOG_FILE = 'pg.log'
const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 30_000

export interface ClusterOptions {
  /** A cluster thrown away after use (the test run's): no fsync anywhere. Never for `npm start`. */
  throwaway?: boolean
  /**
   * Gives up the start: initdb or Postgres, if started, is stopped and waited for, and the start
   * rejects with the signal's reason. Only the start: a cluster once returned stops by stop().
   */
  signal?: AbortSignal
}

export interface RunningCluster {
  port: number
  password: string
  /** Fast shutdown (open transactions roll back), resolved once the server has exited. */
  stop(): Promise<void>
  /** Called when the server exits without being asked (crash, killed). */
  onUnexpectedExit(listener: (code: number | null) => void): void
}

export async function startCluster(
  dataDir: string,
  log: DbLogger,
  options: ClusterOptions = {},
): Promise<RunningCluster> {
  const binaries = await loadPostgresBinaries()
  const runAs = await postgresRunAs()
  const folder = join(dataDir, CLUSTER_FOLDER)
  const passwordFile = join(dataDir, PASSWORD_FILE)
  await moveAsideForeignCluster(folder, passwordFile, log)
  await prepareOwnedFolder(folder, dataDir, runAs)
  if (!existsSync(join(folder, 'PG_VERSION'))) await initCluster(binaries, dataDir, runAs, options, log)
  const password = (await readFile(passwordFile, 'utf8')).trim()
  await stopOrphan(binaries, folder, password, runAs, log)
  // Another program may take the free port between our probe and Postgres's bind: try another.
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted()
    const port = await freePort()
    try {
      return await serve(binaries, dataDir, port, password, runAs, options)
    } catch (error) {
      if (attempt >= 3 || !(error instanceof PortTaken)) throw error
    }
  }
}

export const clusterUrl = (port: number, password: string, database = 'postgres'): string =>
  `postgresql://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`

async function initCluster(
  binaries: PostgresBinaries,
  dataDir: string,
  runAs: RunAs | undefined,
  options: ClusterOptions,
  log: DbLogger,
): Promise<void> {
  const folder = join(dataDir, CLUSTER_FOLDER)
  const password = randomBytes(24).toString('base64url')
  await writeFile(join(dataDir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 })
  // initdb reads the password from a file; as root it runs as `postgres`, who must read it.
  const scratch = await mkdtemp(join(os.tmpdir(), 'rm5-initdb-'))
  const pwfile = join(scratch, 'password')
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 })
  if (runAs) for (const path of [scratch, pwfile]) await chown(path, runAs.uid, runAs.gid)
  const initdb = run(
    binaries.initdb,
    [
      `--pgdata=${folder}`,
      `--username=${EMBEDDED_USER}`,
      '--auth=scram-sha-256',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--no-locale',
      ...(options.throwaway ? ['--no-sync'] : []),
    ],
    { ...runAs, signal: options.signal },
  )
  try {
    await initdb
  } catch (error) {
    if (options.signal?.aborted) {
      // The abort rejects at once, but initdb, killed, still empties the folder it was filling
      // (the next start runs it again): done only once it has exited.
      await exitOf(initdb.child)
      options.signal.throwIfAborted()
    }
    const stderr = (error as { stderr?: string }).stderr?.trim() || (error as Error).message
    throw new Error(`initdb failed in ${folder}${runAsHint(runAs, folder)}: ${stderr}`)
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
  log.info({ folder }, 'embedded Postgres: new database cluster created')
}

/**
 * The server is detached, so a process that died without stopping it (SIGKILL) leaves it
 * running. Stop it only after it proved to be ours: our password, serving this very folder.
 */
async function stopOrphan(
  binaries: PostgresBinaries,
  folder: string,
  password: string,
  runAs: RunAs | undefined,
  log: DbLogger,
): Promise<void> {
  const lock = await readFile(join(folder, 'postmaster.pid'), 'utf8').catch(() => null)
  const port = Number(lock?.split('\n')[3])
  if (!port) return
  const client = new pg.Client({
    connectionString: clusterUrl(port, password),
    connectionTimeoutMillis: 2000,
  })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`)
    if (rows[0]?.dir !== folder) return
  } catch {
    return // nothing of ours answers there: Postgres itself clears a stale postmaster.pid
  } finally {
    await client.end().catch(() => {})
  }
  log.warn({ folder, port }, 'embedded Postgres: stopping a server left running by a process that died')
  await run(binaries.pg_ctl, ['stop', '-D', folder, '-m', 'fast', '-w'], { ...runAs })
}

/**
 * Sized for the one site on a small machine (docs/operations.md, decision 064): a site's data is a
 * few megabytes, so a small buffer pool holds all of it; the connections cover a few servers'
 * pools (10 each), their preparation and the CLI; one I/O worker and one autovacuum worker are
 * plenty for its writes; no parallel query workers and no logical replication (nothing
 * subscribes), whose launcher would otherwise be one more resident process.
 */
const SMALL_MACHINE = {
  shared_buffers: '16MB',
  max_connections: '60',
  io_workers: '1',
  autovacuum_max_workers: '1',
  max_parallel_workers_per_gather: '0',
  max_logical_replication_workers: '0',
}

class PortTaken extends Error {}

async function serve(
  binaries: PostgresBinaries,
  dataDir: string,
  port: number,
  password: string,
  runAs: RunAs | undefined,
  options: ClusterOptions,
): Promise<RunningCluster> {
  const folder = join(dataDir, CLUSTER_FOLDER)
  const logPath = join(dataDir, LOG_FILE)
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: '',
    ...SMALL_MACHINE,
    ...(options.throwaway
      ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' }
      : {}),
  }
  // The log holds the text of failed statements: its owner's only, even when it existed before.
  const logFd = openSync(logPath, 'w', 0o600)
  let child: ChildProcess
  try {
    fchmodSync(logFd, 0o600)
    // Detached: Ctrl-C in the terminal reaches the whole foreground group, and the server must
    // keep serving the draining web process; its owner stops it when that is done.
    child = spawn(
      binaries.postgres,
      ['-D', folder, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
      {
        ...runAs,
        detached: true,
        stdio: ['ignore', logFd, logFd],
      },
    )
  } finally {
    closeSync(logFd)
  }
  let exitCode: number | null | undefined
  const exited = new Promise<void>((resolve) => {
    child.once('error', () => {
      exitCode ??= null
      resolve()
    })
    child.once('exit', (code) => {
      exitCode ??= code
      resolve()
    })
  })
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      if (exitCode !== undefined) return
      child.kill('SIGINT')
      const force = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(force)
    })()
    return stopping
  }

  const url = clusterUrl(port, password)
  const deadline = Date.now() + START_TIMEOUT_MS
  const { signal } = options
  // Signalled at once, not at the next poll: the shutdown starts while a poll's connect may still
  // be waiting for its timeout.
  const onAbort = () => void stop()
  signal?.addEventListener('abort', onAbort, { once: true })
  try {
    for (;;) {
      if (signal?.aborted) {
        await stop()
        signal.throwIfAborted()
      }
      if (await answers(url)) break
      if (exitCode !== undefined) {
        const output = await readFile(logPath, 'utf8').catch(() => '')
        if (!(await isFree(port))) throw new PortTaken(output)
        throw new Error(
          `Postgres exited (code ${exitCode}) in ${folder}${runAsHint(runAs, folder)}: ${output.trim().split('\n').slice(-5).join(' | ')}`,
        )
      }
      if (Date.now() > deadline) {
        child.kill('SIGQUIT')
        throw new Error(`Postgres did not answer within ${START_TIMEOUT_MS / 1000} s (log: ${logPath})`)
      }
      await sleep(50)
    }
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }

  return {
    port,
    password,
    stop,
    onUnexpectedExit(listener) {
      void exited.then(() => {
        if (!stopping) listener(exitCode ?? null)
      })
    },
  }
}

/** Resolves once `child` has exited (at once if it has). */
async function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit')
}

/** A real round trip, not just an open port: the server must be serving queries. */
export async function answers(url: string): Promise<boolean> {
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

async function isFree(port: number): Promise<boolean> {
  const server = net.createServer()
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => resolve(true))
  })
  if (listening) await new Promise((resolve) => server.close(resolve))
  return listening
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}
