// Storage for tests that use it without the app: the embedded S3 of a data folder (the stand-in
// the app itself starts there), its buckets made and any objects a test needs put in.
import { parseEnv } from '../../server/env.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
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
