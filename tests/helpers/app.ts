// Builds the real app for integration tests: a private migrated database (tests/helpers/database)
// and an embedded S3 in the same temporary DATA_DIR. Use `app.inject` to send requests.
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { type AppDeps, buildApp } from '../../server/app.server.ts'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { type Env, parseEnv } from '../../server/env.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { createTestDatabase } from './database.ts'

export interface TestApp {
  app: FastifyInstance
  /** The migrated database, directly (the app may reach it another way: `env.DATABASE_URL`). */
  directUrl: string
  db: Database
  storage: Storage
  env: Env
  close(): Promise<void>
}

export interface TestAppOptions {
  env?: Record<string, string>
  pages?: AppDeps['pages']
  /** Access test seams: clock, counting hasher, rate-limit key prefix. */
  access?: AppDeps['access']
  /** Notification delivery seams: retry timing, give-up time. */
  notifications?: AppDeps['notifications']
  /** Data-room seams: clock, how long document views wait before they are written. */
  documents?: AppDeps['documents']
  /** Visitor analytics' queue seams: how long hits wait, how many make a write. */
  analytics?: AppDeps['analytics']
  /** The URL the app uses for the migrated database (e.g. through a pooler); the direct one by default. */
  databaseUrl?: (directUrl: string) => string
  /** Extra routes a test needs, added before the app is ready. */
  routes?: (app: FastifyInstance) => void
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDatabase()
  const DATABASE_URL = options.databaseUrl?.(testDb.url) ?? testDb.url
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...testDb.env, DATABASE_URL, ...options.env })
  const log = pino({ level: 'silent' })
  const db = await openDatabase(env, log)
  const storage = await openStorage(env, log)
  await storage.ensureBuckets()
  const app = await buildApp({
    env,
    db,
    storage,
    pages: options.pages,
    access: options.access,
    notifications: options.notifications,
    documents: options.documents,
    analytics: options.analytics,
    logger: process.env.DEBUG_LOG ? { level: 'error' } : false,
  })
  options.routes?.(app)
  await app.ready()
  return {
    app,
    directUrl: testDb.url,
    db,
    storage,
    env,
    async close() {
      await app.close()
      await Promise.allSettled([db.close(), storage.close()])
      await testDb.drop()
    },
  }
}

/**
 * The app of a test file: built before its tests and closed after them, with `reset` run before
 * each test. Its options may be made as it is built (e.g. with a free port). The object is filled
 * in before the first test: use it in tests and hooks only.
 */
export function testAppForFile(
  options: TestAppOptions | (() => Promise<TestAppOptions>) = {},
  reset?: (t: TestApp) => Promise<unknown>,
): TestApp {
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof options === 'function' ? await options() : options))
  })
  afterAll(async () => {
    await t.close?.()
  })
  if (reset) beforeEach(() => reset(t))
  return t
}

/**
 * Another app over a test app's database, storage and environment, with its own logger and seams
 * (`deps` over those): for a test that needs to read the log or set other limits. Not yet ready.
 */
export function appBeside(
  t: TestApp,
  deps: Partial<AppDeps> & Pick<AppDeps, 'logger'>,
): Promise<FastifyInstance> {
  return buildApp({ env: t.env, db: t.db, storage: t.storage, ...deps })
}

/** `work` with an app over the test app's env and storage whose Postgres cannot be reached. */
export async function withDatabaseDown<T>(
  t: TestApp,
  work: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const down = await openDatabase(
    { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', DATA_DIR: t.env.DATA_DIR },
    pino({ level: 'silent' }),
  )
  const app = await appBeside(t, { db: down, logger: false })
  try {
    return await work(app)
  } finally {
    await app.close()
    await down.close()
  }
}
