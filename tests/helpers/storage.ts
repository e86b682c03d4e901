// Storage for tests that use it without the app: the embedded S3 of a data folder (the stand-in
// the app itself starts there), its buckets made and any objects a test needs put in.
import { afterAll, beforeAll } from 'vitest'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { quietStorageLog } from './quiet-log.ts'

export interface TestObject {
  bucket: string
  key: string
  bytes: Buffer | string
}

export async function openTestStorage(dataDir: string, objects: TestObject[] = []): Promise<Storage> {
  const storage = await openStorage(parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }), quietStorageLog)
  try {
    await storage.ensureBuckets()
    for (const { bucket, key, bytes } of objects) await storage.client.putObject(bucket, key, bytes)
    return storage
  } catch (error) {
    await storage.close()
    throw error
  }
}

/** Puts objects into a data folder's storage and closes it, for a server started on that folder. */
export async function fillTestStorage(dataDir: string, objects: TestObject[]): Promise<void> {
  await (await openTestStorage(dataDir, objects)).close()
}

export interface DataLayer {
  testDb: TestDatabase
  db: Database
  storage: Storage
}

/**
 * A private migrated database and its storage for a test file, without the app (the data room's
 * stores, a CLI's work). Filled in before the first test, closed after the last: use it in tests.
 */
export function dataLayerForFile(): DataLayer {
  const layer = {} as DataLayer
  beforeAll(async () => {
    layer.testDb = await createTestDatabase()
    layer.db = await openDatabase(layer.testDb.env, silentLogger)
    layer.storage = await openTestStorage(layer.testDb.env.DATA_DIR)
  }, 60_000)
  afterAll(async () => {
    await layer.storage?.close()
    await layer.db?.close()
    await layer.testDb?.drop()
  })
  return layer
}
