// The secret behind grant cookies and hashed IPs: COOKIE_SECRET, or in embedded mode one generated
// on first start into ${DATA_DIR}/cookie-secret (0600) and reused, so grants survive restarts.
// COOKIE_SECRET_PREVIOUS, during a rotation, is accepted for grants it signed but signs nothing
// (docs/decisions/029-cookie-signing-and-rotation.md).
import { createHmac, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Env } from '../env.server.ts'
import { readOrCreatePrivateFile } from '../private-file.server.ts'

export const SECRET_FILE = 'cookie-secret'
const GENERATED_BYTES = 48

export interface AccessKeys {
  /** Grant cookie keys: the current one signs; the previous one (if any) is still accepted. */
  cookie: readonly Buffer[]
  /** HMAC key for hashing client IPs in access_attempts. */
  ip: Buffer
  /** Where the master secret came from (for the startup log, never the secret itself). */
  source: 'env' | 'file' | 'generated'
}

interface SecretLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

export async function loadAccessKeys(
  env: Pick<Env, 'COOKIE_SECRET' | 'COOKIE_SECRET_PREVIOUS' | 'DATA_DIR'>,
  log?: SecretLog,
): Promise<AccessKeys> {
  if (env.COOKIE_SECRET) return deriveKeys(env.COOKIE_SECRET, 'env', env.COOKIE_SECRET_PREVIOUS)
  const { secret, created } = await readOrCreateSecretFile(join(env.DATA_DIR, SECRET_FILE), log)
  return deriveKeys(secret, created ? 'generated' : 'file', env.COOKIE_SECRET_PREVIOUS)
}

/**
 * One master secret, separate keys per use: a leaked IP hash key must not help forge cookies.
 * The labels are fixed forever; changing one invalidates every issued grant.
 */
export function deriveKeys(secret: string, source: AccessKeys['source'], previous?: string): AccessKeys {
  const derive = (from: string, label: string) => createHmac('sha256', from).update(label).digest()
  const cookieKey = (from: string) => derive(from, 'rm5 access grant cookie v1')
  return {
    cookie: previous && previous !== secret ? [cookieKey(secret), cookieKey(previous)] : [cookieKey(secret)],
    // Client IP hashes follow the current secret only: they group attempts, they grant nothing.
    ip: derive(secret, 'rm5 access attempt ip v1'),
    source,
  }
}

async function readOrCreateSecretFile(
  path: string,
  log?: SecretLog,
): Promise<{ secret: string; created: boolean }> {
  const { text, created } = await readOrCreatePrivateFile(
    path,
    () => `${randomBytes(GENERATED_BYTES).toString('base64url')}\n`,
    log,
  )
  if (created) log?.info({ path }, 'generated the cookie secret (set COOKIE_SECRET to manage it yourself)')
  const secret = text.trim()
  if (secret.length < 32) {
    throw new Error(`${path} is empty or shorter than 32 characters: delete it to generate a new one`)
  }
  return { secret, created }
}
