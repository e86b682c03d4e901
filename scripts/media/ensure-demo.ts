// First-start demo media (DESIGN.md #9), used by `npm start`: when the site's buckets are empty,
// generate the demo set and upload it, so a fresh install shows a working viewer, heroes and
// video. A bucket that already holds anything is left alone (real assets always win), except that
// its heroes and video stills get their responsive variants if they lack them (a data dir or an
// upload from before variants existed).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type LogicalBucket, physicalBucket, REQUIRED_BUCKETS } from '../../server/storage/buckets.ts'
import type { Storage, StorageLog } from '../../server/storage/storage.server.ts'
import { generateDemo } from './generate-demo.ts'
import { backfillVariants } from './store-variants.ts'
import { uploadAll } from './upload.ts'

export interface EnsureDemoResult {
  /** Buckets that were empty and received demo media. */
  filled: LogicalBucket[]
  uploaded: number
  /** Responsive variants rendered for images already stored in the other buckets. */
  variants: number
}

/** Buckets whose images have responsive variants (lib/responsive-images.ts wantsVariants). */
const VARIANT_BUCKETS = ['Heros', 'video'] as const satisfies readonly LogicalBucket[]

async function isEmpty(storage: Storage, bucket: LogicalBucket): Promise<boolean> {
  const stream = storage.client.listObjectsV2(physicalBucket(bucket), '', true)
  try {
    for await (const _ of stream) return false
    return true
  } finally {
    stream.destroy()
  }
}

export async function ensureDemoMedia(storage: Storage, log: StorageLog): Promise<EnsureDemoResult> {
  await storage.ensureBuckets()
  const empty: LogicalBucket[] = []
  for (const bucket of REQUIRED_BUCKETS) if (await isEmpty(storage, bucket)) empty.push(bucket)
  const uploaded = empty.length > 0 ? await fillWithDemo(storage, log, empty) : 0
  if (empty.length === 0) log.debug('media buckets already filled; no demo media needed')
  let variants = 0
  for (const bucket of VARIANT_BUCKETS) {
    if (!empty.includes(bucket)) variants += await backfillVariants(storage, bucket, log)
  }
  return { filled: empty, uploaded, variants }
}

async function fillWithDemo(storage: Storage, log: StorageLog, empty: LogicalBucket[]): Promise<number> {
  const started = Date.now()
  log.info({ buckets: empty }, 'generating demo media for empty buckets')
  const dir = await mkdtemp(join(tmpdir(), 'rm5-demo-'))
  try {
    const files = await generateDemo(dir)
    let uploaded = 0
    let failed = 0
    for (const bucket of empty) {
      const own = files.filter((f) => f.bucket === bucket)
      // overwrite: false, in case an admin uploads into the bucket while we generate.
      const summary = await uploadAll(
        storage,
        bucket,
        own.map((f) => ({ path: f.path, key: f.key, size: f.size })),
        { overwrite: false },
      )
      uploaded += summary.uploaded
      failed += summary.failed
    }
    if (failed > 0) throw new Error(`${failed} demo media uploads failed`)
    log.info({ buckets: empty, files: uploaded, ms: Date.now() - started }, 'demo media ready')
    return uploaded
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
