// Responsive variants in storage: rendered beside the originals the media CLI uploads, and
// back-filled for originals stored before variants existed (an older .data, an older CLI).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { LogicalBucket } from '../../../lib/buckets.ts'
import { RESPONSIVE_WIDTHS, variantKey, variantsFor, wantsVariants } from '../../../lib/responsive-images.ts'
import type { Storage } from '../../../server/storage/storage.server.ts'
import type { StorageLog } from '../../../server/storage/storage-log.server.ts'
import { type LocalFile, listKeys, md5File, storedState, UserError, uploadAll } from './upload.ts'
import { imageWidth, type RenderedVariant, renderVariants } from './variants.ts'

async function writeVariants(dir: string, rendered: RenderedVariant[]): Promise<LocalFile[]> {
  const files: LocalFile[] = []
  for (const variant of rendered) {
    const path = join(dir, ...variant.key.split('/'))
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, variant.data)
    files.push({ path, key: variant.key, size: variant.data.length })
  }
  return files
}

export interface VariantPlan {
  /** Variant files rendered into the work folder, to upload with the originals. */
  files: LocalFile[]
  /** Variants not rendered: their original is stored unchanged and they are all stored already. */
  unchanged: number
}

/**
 * The variants of the local originals among `files` that `bucket` keeps variants of, rendered
 * into `dir`. An original identical to its stored copy whose variants are all stored is skipped
 * without rendering (AVIF encoding is the slow part of an upload); the rest are rendered, and
 * uploadAll's size + MD5 check then skips the ones that came out the same.
 */
export async function prepareVariants(
  storage: Storage,
  bucket: LogicalBucket,
  files: readonly LocalFile[],
  dir: string,
  onRender?: (key: string) => void,
): Promise<VariantPlan> {
  const sources = files.filter((f) => wantsVariants(bucket, f.key))
  if (sources.length === 0) return { files: [], unchanged: 0 }
  const physical = storage.bucket(bucket)
  const stored = await listKeys(storage, physical)
  const plan: VariantPlan = { files: [], unchanged: 0 }
  for (const source of sources) {
    let width: number
    try {
      width = await imageWidth(source.path)
    } catch (error) {
      throw new UserError(`Cannot render variants of "${source.path}": ${(error as Error).message}`)
    }
    const expected = variantsFor(source.key, width)
    if (
      expected.every((v) => stored.has(v.key)) &&
      (await storedState(storage, physical, source, await md5File(source.path))) === 'same'
    ) {
      plan.unchanged += expected.length
      continue
    }
    onRender?.(source.key)
    plan.files.push(...(await writeVariants(dir, await renderVariants(source.path, source.key))))
  }
  return plan
}

/**
 * Renders and uploads the variants of stored originals that have none yet (their smallest AVIF
 * is missing). Never replaces an object. Returns the number of variants uploaded.
 */
export async function backfillVariants(
  storage: Storage,
  bucket: LogicalBucket,
  log: StorageLog,
): Promise<number> {
  const physical = storage.bucket(bucket)
  const stored = await listKeys(storage, physical)
  const smallest = RESPONSIVE_WIDTHS[0]
  const missing = [...stored].filter(
    (key) => wantsVariants(bucket, key) && !stored.has(variantKey(key, smallest, 'avif')),
  )
  if (missing.length === 0) return 0
  log.info({ bucket, images: missing.length }, 'rendering responsive variants for stored images')
  const dir = await mkdtemp(join(tmpdir(), 'rm5-variants-'))
  try {
    const files: LocalFile[] = []
    for (const key of missing) {
      const data = Buffer.concat(await (await storage.client.getObject(physical, key)).toArray())
      try {
        const rendered = (await renderVariants(data, key)).filter((v) => !stored.has(v.key))
        files.push(...(await writeVariants(dir, rendered)))
      } catch (error) {
        // One unreadable image must not stop the site from starting; its page keeps the JPEG.
        log.warn({ bucket, key, err: (error as Error).message }, 'cannot render variants of a stored image')
      }
    }
    const summary = await uploadAll(storage, bucket, files, { overwrite: false })
    if (summary.failed > 0) throw new Error(`${summary.failed} variant uploads to ${bucket} failed`)
    return summary.uploaded
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
