// One of several app instances in one test process, as replicas run behind a balancer: each its
// own database pool and storage client on the same env (the first opens the embedded S3 in
// DATA_DIR, the others attach to it), and one rate-limit prefix shared by all, so counters are
// shared through Redis and isolated from other tests.
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { type AppDeps, buildApp } from '../../server/app.server.ts'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { type Env, parseEnv } from '../../server/env.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { countingHasher } from './access.ts'
import { currentBuildRoot } from './current-build.ts'
import type { TestDatabase } from './database.ts'
import { quietStorageLog } from './quiet-log.ts'

export interface AppInstance {
  name: string
  app: FastifyInstance
  db: Database
  storage: Storage
  hasher: ReturnType<typeof countingHasher>
  port: number
  url: string
}

/**
 * The env replicas share: the test database, one Redis and one COOKIE_SECRET (so a grant signed by
 * one instance verifies on every other), with what the test adds.
 */
export function replicaEnv(testDb: TestDatabase, redisUrl: string, extra: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...testDb.env,
    REDIS_URL: redisUrl,
    COOKIE_SECRET: randomBytes(32).toString('base64url'),
    ...extra,
  })
}

export async function startAppInstance(
  name: string,
  env: Env,
  rateLimitPrefix: string,
  extra: Pick<AppDeps, 'notifications'> & { now?: () => Date } = {},
): Promise<AppInstance> {
  const db = await openDatabase(env, silentLogger)
  const storage = await openStorage(env, quietStorageLog)
  const hasher = countingHasher()
  const app = await buildApp({
    env,
    db,
    storage,
    logger: false,
    pages: { mode: 'production', root: currentBuildRoot() },
    access: { hasher, rateLimitPrefix, now: extra.now },
    notifications: extra.notifications,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return { name, app, db, storage, hasher, port, url: `http://127.0.0.1:${port}` }
}

/** Closes each instance that started, in the order given, with its database pool and storage client. */
export async function stopAppInstances(instances: readonly (AppInstance | undefined)[]): Promise<void> {
  for (const instance of instances) {
    if (!instance) continue
    await instance.app.close()
    await Promise.allSettled([instance.db.close(), instance.storage.close()])
  }
}
