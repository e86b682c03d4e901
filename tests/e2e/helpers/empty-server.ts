// Starts (and stops) a second production server whose embedded S3 starts empty, and opens that
// storage from the test so a test can remove buckets or upload files between page loads.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../../scripts/lib/free-port.ts'
import { parseEnv } from '../../../server/env.server.ts'
import { openStorage, type Storage } from '../../../server/storage/storage.server.ts'
import { quietStorageLog } from '../../helpers/quiet-log.ts'

const root = join(import.meta.dirname, '..', '..', '..')

export interface EmptyServer {
  baseURL: string
  /** The server's storage (attached to its embedded S3), for arranging buckets and files. */
  storage: Storage
  stop(): Promise<void>
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // An embedded Postgres migrating on a busy 2-core machine can take most of a minute.
  const deadline = Date.now() + 110_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`empty-storage server exited: ${output()}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`empty-storage server did not become healthy: ${output()}`)
}

export async function startEmptyServer(): Promise<EmptyServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rm5-e2e-empty-'))
  const port = await freePort()
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    S3_ENDPOINT: '',
    REDIS_URL: '',
    DEMO_MEDIA: 'off',
    LOG_LEVEL: 'warn',
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/helpers/serve-empty-storage.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output = (output + chunk).slice(-4000)
  })
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk).slice(-4000)
  })
  const baseURL = `http://127.0.0.1:${port}`
  await waitForHealth(baseURL, child, () => output)
  const storage = await openStorage(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'production' }), quietStorageLog)
  return {
    baseURL,
    storage,
    async stop() {
      await storage.close()
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
