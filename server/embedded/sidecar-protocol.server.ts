// What the server tells its embedded-services process: its settings at start (one environment
// variable) and messages over Node's IPC channel.
import type { Env } from '../env.server.ts'

/**
 * The server's own parsed settings that the child needs. The server validated its environment
 * (env.server.ts) before it forks; the child reads these instead of parsing the environment
 * again, so it loads neither the schema nor zod, and cannot read the environment differently.
 */
export type SidecarSettings = Pick<Env, 'DATA_DIR' | 'NODE_ENV' | 'LOG_LEVEL'> & {
  postgres: boolean
  s3: boolean
}

/** The variable that carries the settings, as JSON. */
export const SIDECAR_SETTINGS_VAR = 'RM5_SIDECAR_SETTINGS'

export type SidecarMessage =
  | { type: 'ready'; owns: { postgres: boolean; s3: boolean } }
  | { type: 'failed'; message: string }
  | { type: 'stop' }
