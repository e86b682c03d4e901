// First-start media, run by scripts/run/prepare.ts before the server listens:
// - with DEMO_MEDIA=auto, every required bucket that is still empty gets the demo set the build
//   rendered (dist/demo-media, decision 014), so a fresh install shows a working viewer, heroes
//   and video. A bucket holding anything keeps it: demo media never mixes with uploads.
// - heroes and video stills already stored get their responsive variants if they lack them (a
//   data dir or an upload from before variants existed).
import { type LogicalBucket, REQUIRED_BUCKETS } from '../../../lib/buckets.ts'
import type { Storage } from '../../../server/storage/storage.server.ts'
import type { StorageLog } from '../../../server/storage/storage-log.server.ts'
import { defaultDemoDir, demoFilePath, readDemoManifest } from './demo-set.ts'
import type { Progress } from './progress.ts'
import { backfillVariants } from './store-variants.ts'
import { uploadAll } from './upload.ts'

export interface EnsureDemoResult {
  /** Buckets that were empty and received demo media. */
  filled: LogicalBucket[]
  uploaded: number
  /** Responsive variants rendered for images already stored in the other buckets. */
  variants: number
}

export interface EnsureDemoOptions {
  /** DEMO_MEDIA: `off` never writes demo media. */
  mode: 'auto' | 'off'
  /** The demo set (default: dist/demo-media of this project). */
  dir?: string
}

/** Buckets whose images have responsive variants (lib/responsive-images.ts wantsVariants). */
const VARIANT_BUCKETS = ['Heros', 'video'] as const satisfies readonly LogicalBucket[]

/** True when the (existing) bucket holds no object. */
export async function isBucketEmpty(storage: Storage, bucket: LogicalBucket): Promise<boolean> {
  const stream = storage.client.listObjectsV2(storage.bucket(bucket), '', true)
  try {
    for await (const _ of stream) return false
    return true
  } finally {
    stream.destroy()
  }
}

export async function ensureDemoMedia(
  storage: Storage,
  log: StorageLog,
  options: EnsureDemoOptions,
): Promise<EnsureDemoResult> {
  await storage.ensureBuckets()
  const empty: LogicalBucket[] = []
  if (options.mode === 'auto') {
    for (const bucket of REQUIRED_BUCKETS) if (await isBucketEmpty(storage, bucket)) empty.push(bucket)
  }
  const uploaded =
    empty.length > 0 ? await fillWithDemo(storage, log, empty, options.dir ?? defaultDemoDir()) : 0
  let variants = 0
  for (const bucket of VARIANT_BUCKETS) {
    if (!empty.includes(bucket)) variants += await backfillVariants(storage, bucket, log)
  }
  return { filled: empty, uploaded, variants }
}

/** Logs every 25th file, so a first start shows it is moving without a line per file. */
function loggedProgress(log: StorageLog, bucket: LogicalBucket, total: number): Progress {
  let done = 0
  return {
    tick() {
      done += 1
      if (done % 25 === 0 || done === total) log.info({ bucket, done, total }, 'uploading demo media')
    },
    note: (line) => log.warn(line),
    done() {},
  }
}

async function fillWithDemo(storage: Storage, log: StorageLog, empty: LogicalBucket[], dir: string) {
  const started = Date.now()
  const manifest = await readDemoManifest(dir)
  log.info({ buckets: empty }, 'adding demo media to empty buckets (DEMO_MEDIA=auto)')
  let uploaded = 0
  let failed = 0
  for (const bucket of empty) {
    const own = manifest.files.filter((file) => file.bucket === bucket)
    // overwrite: false, in case an admin uploads into the bucket meanwhile.
    const summary = await uploadAll(
      storage,
      bucket,
      own.map((file) => ({ path: demoFilePath(dir, file), key: file.key, size: file.size })),
      { overwrite: false, report: loggedProgress(log, bucket, own.length) },
    )
    uploaded += summary.uploaded
    failed += summary.failed
  }
  if (failed > 0) throw new Error(`${failed} demo media uploads failed`)
  log.info({ buckets: empty, files: uploaded, ms: Date.now() - started }, 'demo media ready')
  return uploaded
}
