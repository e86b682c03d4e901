// Runs the embedded Postgres and S3 in a child process of the server (decision 008): their owner
// (claims, start, clean stop) stays out of the server's memory and event loop, and as a child it
// is what the storage and Postgres are in production: another process the server talks to over
// loopback. The Postgres server itself is a process of its own (decision 024).
import { type ChildProcess, fork } from 'node:child_process'
import type { Env } from '../env.server.ts'
import { childEntry, childExecArgv } from '../process-entry.server.ts'
import { SIDECAR_SETTINGS_VAR, type SidecarMessage, type SidecarSettings } from './sidecar-protocol.server.ts'

export interface EmbeddedSidecar {
  pid: number
  /** What the child runs itself (false: another process already owned it and the child attached). */
  owns: { postgres: boolean; s3: boolean }
  /** Resolves once the child has stopped Postgres and s3rver cleanly and exited. */
  stop(): Promise<void>
  /** Called when the child exits without being asked (crash, OOM kill). */
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void
}

interface SidecarLog {
  info(obj: object, msg?: string): void
}

const MAIN = childEntry(import.meta.url, './sidecar-main.server.ts', 'sidecar-main')
const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 15_000

/** Starts the child and waits until its services answer; undefined when nothing is embedded. */
export async function startEmbeddedSidecar(
  env: Pick<Env, 'DATABASE_URL' | 'S3_ENDPOINT' | 'DATA_DIR' | 'NODE_ENV' | 'LOG_LEVEL'>,
  log: SidecarLog,
): Promise<EmbeddedSidecar | undefined> {
  // A service is embedded when no address names one of its own.
  const settings: SidecarSettings = {
    DATA_DIR: env.DATA_DIR,
    NODE_ENV: env.NODE_ENV,
    LOG_LEVEL: env.LOG_LEVEL,
    postgres: !env.DATABASE_URL,
    s3: !env.S3_ENDPOINT,
  }
  if (!settings.postgres && !settings.s3) return undefined
  const child = fork(MAIN, [], {
    execArgv: childExecArgv(),
    env: { ...process.env, [SIDECAR_SETTINGS_VAR]: JSON.stringify(settings) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const owns = await waitUntilReady(child)
  if (!owns.postgres && !owns.s3) {
    // Another process (a running server or CLI) owns both: the child stops itself; we attach.
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)))
    log.info({}, 'embedded services already run in another process')
    return undefined
  }
  log.info({ pid: child.pid, owns }, 'embedded services running in their own process')
  return handle(child, owns)
}

function waitUntilReady(child: ChildProcess): Promise<{ postgres: boolean; s3: boolean }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      reject(new Error(`embedded services did not start within ${START_TIMEOUT_MS / 1000} s`))
    }, START_TIMEOUT_MS)
    const onExit = (code: number | null) => {
      clearTimeout(timer)
      reject(new Error(`embedded services exited (code ${code}) before they were ready`))
    }
    child.once('exit', onExit)
    child.on('message', (message: SidecarMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer)
        child.off('exit', onExit)
        resolve(message.owns)
      } else if (message.type === 'failed') {
        clearTimeout(timer)
        child.off('exit', onExit)
        reject(new Error(`embedded services failed to start: ${message.message}`))
      }
    })
  })
}

function handle(child: ChildProcess, owns: { postgres: boolean; s3: boolean }): EmbeddedSidecar {
  let stopping: Promise<void> | undefined
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  return {
    pid: child.pid ?? 0,
    owns,
    stop() {
      stopping ??= (async () => {
        if (child.connected) child.send({ type: 'stop' } satisfies SidecarMessage)
        else child.kill('SIGTERM')
        const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
        await exited
        clearTimeout(force)
      })()
      return stopping
    },
    onUnexpectedExit(listener) {
      child.once('exit', (code, signal) => {
        if (!stopping) listener(code, signal)
      })
    },
  }
}
