// Taking demo media out again: `rm5 media clear --demo` (every bucket) and `rm5 media upload`
// (the bucket it uploads into, so real frames never mix with demo frames in the viewer).
// Only objects whose key and content match the shipped demo set are removed (demo-set.ts).
import { KNOWN_BUCKETS, type LogicalBucket } from '../../../lib/buckets.ts'
import type { Storage } from '../../../server/storage/storage.server.ts'
import { type DemoManifest, defaultDemoDir, plainEtag, readDemoManifest } from './demo-set.ts'

/** Keys in `bucket` that are demo media. */
export async function demoKeysIn(
  storage: Storage,
  bucket: LogicalBucket,
  manifest: DemoManifest,
): Promise<string[]> {
  const md5ByKey = new Map(manifest.files.filter((f) => f.bucket === bucket).map((f) => [f.key, f.md5]))
  if (md5ByKey.size === 0) return []
  const physical = storage.bucket(bucket)
  if (!(await storage.client.bucketExists(physical))) return []
  const keys: string[] = []
  for await (const item of storage.client.listObjectsV2(physical, '', true)) {
    if (item.name && md5ByKey.get(item.name) === plainEtag(item.etag)) keys.push(item.name)
  }
  return keys
}

async function removeFrom(storage: Storage, bucket: LogicalBucket, manifest: DemoManifest): Promise<number> {
  const keys = await demoKeysIn(storage, bucket, manifest)
  // DeleteObjects takes at most 1000 keys per request.
  for (let i = 0; i < keys.length; i += 1000) {
    await storage.client.removeObjects(storage.bucket(bucket), keys.slice(i, i + 1000))
  }
  return keys.length
}

/** Removes the demo media of one bucket; 0 when there is none (or no demo set was built). */
export async function removeDemoFrom(storage: Storage, bucket: LogicalBucket, dir = defaultDemoDir()) {
  const manifest = await readDemoManifest(dir).catch(() => undefined)
  return manifest ? removeFrom(storage, bucket, manifest) : 0
}

/** Removes the demo media of every bucket; real uploads stay. */
export async function clearDemoMedia(storage: Storage, dir = defaultDemoDir()): Promise<{ deleted: number }> {
  const manifest = await readDemoManifest(dir)
  let deleted = 0
  for (const bucket of KNOWN_BUCKETS) deleted += await removeFrom(storage, bucket, manifest)
  return { deleted }
}
