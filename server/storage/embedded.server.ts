// Embedded S3 (docs/architecture.md: Storage): without S3_ENDPOINT we run s3rver on loopback with its files in
// `${DATA_DIR}/s3`, so a fresh checkout needs no MinIO. Like the embedded database, a second
// process (the media CLI while the server runs) must reach the same store, so the owner publishes
// `${DATA_DIR}/s3.json` ({ port, pid }) and later processes attach to it instead of starting a
// second server over the same directory.
import { readFile, rename, rm } from 'node:fs/promises'
import http from 'node:http'
import { join } from 'node:path'
import { importDevDependency } from '../dev-dependency.server.ts'
import { ensurePrivateDir, writePrivateFile } from '../private-file.server.ts'
import { processAlive } from '../process-alive.server.ts'
import {
  type EmbeddedCredentials,
  embeddedCredentials,
  requireSignedRequests,
} from './embedded-auth.server.ts'
import type { StorageLog } from './storage-log.server.ts'

export const EMBEDDED_HOST = '127.0.0.1'

export interface EmbeddedS3 {
  port: number
  /** The credentials of this DATA_DIR: the only ones the server accepts (embedded-auth.server.ts). */
  credentials: EmbeddedCredentials
  /** True when this process runs the server; false when it attached to another process's. */
  owned: boolean
  close(): Promise<void>
}

interface StateFile {
  port: number
  pid: number
}

const PROBE_TIMEOUT_MS = 1000

export async function startEmbeddedS3(dataDir: string, log: StorageLog): Promise<EmbeddedS3> {
  await ensurePrivateDir(dataDir, log)
  const credentials = await embeddedCredentials(dataDir, log)
  const stateFile = join(dataDir, 's3.json')
  const existing = await readState(stateFile)
  if (existing && processAlive(existing.pid) && (await answers(existing.port))) {
    log.info({ port: existing.port, pid: existing.pid }, 'attached to running embedded S3')
    return { port: existing.port, credentials, owned: false, close: async () => {} }
  }

  // Loaded only by the process that runs it (a devDependency): attaching needs nothing but HTTP.
  const { default: S3rver } = await importDevDependency<typeof import('@20minutes/s3rver')>(
    '@20minutes/s3rver',
    'S3_ENDPOINT',
  )
  const directory = join(dataDir, 's3')
  await ensurePrivateDir(directory, log)
  // s3rver writes its files with the default modes and takes no option for them: the umask keeps
  // them readable by their owner only (this process runs s3rver: the sidecar, or a lone CLI).
  process.umask(0o077)
  // silent also silences Koa's default error printer (S3rver extends Koa and sets `silent`).
  const server = new S3rver({ address: EMBEDDED_HOST, port: 0, silent: true, directory })
  await requireSignedRequests(server, credentials)
  const { port } = await server.run()
  await writeState(stateFile, { port, pid: process.pid })
  log.info({ port, directory }, 'embedded S3 started')

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      const done = server.close()
      // Idle keep-alive sockets would hold close() open; a stuck download gets a short grace.
      server.httpServer?.closeIdleConnections()
      const force = setTimeout(() => server.httpServer?.closeAllConnections(), 1000)
      try {
        await done
      } finally {
        clearTimeout(force)
        // Only remove the state file if it is still ours (another process may have taken over).
        const current = await readState(stateFile)
        if (current?.pid === process.pid && current.port === port) await rm(stateFile, { force: true })
      }
    })()
    return closing
  }
  return { port, credentials, owned: true, close }
}

async function readState(file: string): Promise<StateFile | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { port, pid } = parsed as Record<string, unknown>
    if (Number.isInteger(port) && Number.isInteger(pid)) return { port: port as number, pid: pid as number }
  } catch {
    // Missing or half-written file: behave as if no server runs.
  }
  return undefined
}

/** Write-then-rename so an attaching process never reads a half-written file. */
async function writeState(file: string, state: StateFile): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`
  await writePrivateFile(tmp, `${JSON.stringify(state)}\n`)
  await rename(tmp, file)
}

/** The pid alone is not enough (pids get reused); the port must answer HTTP too. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: EMBEDDED_HOST, port, path: '/', timeout: PROBE_TIMEOUT_MS, agent: false },
      (res) => {
        res.resume()
        resolve(true)
      },
    )
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve(false))
  })
}
