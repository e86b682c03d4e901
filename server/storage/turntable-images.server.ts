// The 360° viewer's image list (docs/original-behaviour.md §7 "Storage file list"): the buckets are tried in order and
// the first one holding any file at its root is used; its image files become the frames. Read
// per request (not baked into the pre-rendered page), so frames uploaded later show up at once.

import type { LogicalBucket } from '../../lib/buckets.ts'
import { isVariantKey } from '../../lib/responsive-images.ts'
import { selectTurntableImages, TURNTABLE_BUCKET_ORDER } from '../../lib/turntable/images.ts'
import type { TurntableListing } from '../../lib/turntable/messages.ts'
import type { Storage } from './storage.server.ts'

/** One S3 page: far more than any turn needs, and a bound on the work a request can cause. */
const MAX_ROOT_ENTRIES = 1000

/**
 * File names at the root of a bucket (folders such as `hero/` and responsive variants left out, so
 * neither counts as content nor towards the cap); [] when it is missing.
 */
export async function rootFileNames(storage: Storage, bucket: LogicalBucket): Promise<string[]> {
  const names: string[] = []
  // Non-recursive: folders come back as prefixes (no name) and are skipped.
  const stream = storage.client.listObjectsV2(storage.bucket(bucket), '', false)
  try {
    for await (const item of stream) {
      if (item.name && !item.name.endsWith('/') && !isVariantKey(item.name)) names.push(item.name)
      if (names.length >= MAX_ROOT_ENTRIES) break
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'NoSuchBucket') return []
    throw error
  } finally {
    stream.destroy()
  }
  return names
}

export async function listTurntableImages(storage: Storage): Promise<TurntableListing> {
  for (const bucket of TURNTABLE_BUCKET_ORDER) {
    const names = await rootFileNames(storage, bucket)
    if (names.length === 0) continue
    const images = selectTurntableImages(names).map((name) => ({
      name,
      url: storage.publicUrl(bucket, name),
    }))
    return { bucket, images }
  }
  return { bucket: null, images: [] }
}
