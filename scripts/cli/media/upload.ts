// Uploading local files to a logical bucket: walking a folder into keys, skipping objects that are
// already identical (size + MD5), and setting the Content-Type the /media route will also use.
import { createHash } from 'node:crypto'
import type { Dirent } from 'node:fs'
import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import type { LogicalBucket } from '../../../lib/buckets.ts'
import { invalidKeyReason } from '../../../server/routes/media-key.server.ts'
import { contentTypeFor } from '../../../server/storage/content-type.server.ts'
import type { Storage } from '../../../server/storage/storage.server.ts'
import { CliError } from '../../lib/cli-error.ts'
import { checkInFolder } from '../../lib/in-path.ts'
import { formatBytes, type Progress } from './progress.ts'

/** A problem the user can fix (a missing folder, an unreadable file): one line to the admin, exit 1. */
export class UserError extends CliError {}

export interface LocalFile {
  path: string
  key: string
  size: number
}

/** "a//b/" → "a/b"; empty stays empty. */
export function normalisePrefix(prefix: string | undefined): string {
  return (prefix ?? '')
    .split(/[\\/]+/)
    .filter(Boolean)
    .join('/')
}

/**
 * Every regular file under `dir` (dotfiles such as .DS_Store skipped), keyed by its path relative
 * to `dir` with `/` separators, under `prefix`. Keys the /media route would refuse are refused here.
 */
export async function collectFiles(dir: string, prefix?: string): Promise<LocalFile[]> {
  checkInFolder(dir)
  const root = resolve(dir)
  let entries: Dirent[]
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true })
  } catch (error) {
    throw new UserError(
      `Cannot list "${dir}": ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    )
  }
  const base = normalisePrefix(prefix)
  const files: LocalFile[] = []
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const rel = relative(root, path).split(sep)
    if (rel.some((part) => part.startsWith('.'))) continue
    const key = [base, ...rel].filter(Boolean).join('/')
    const reason = invalidKeyReason(key)
    if (reason) throw new UserError(`Cannot upload "${path}" as "${key}": ${reason}`)
    files.push({ path, key, size: (await stat(path)).size })
  }
  return files.sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true }))
}

/** Creates the bucket if needed (the viewer's fallback buckets are known but not pre-created). */
export async function ensureBucket(storage: Storage, bucket: LogicalBucket): Promise<string> {
  const physical = storage.bucket(bucket)
  if (!(await storage.client.bucketExists(physical))) {
    try {
      await storage.client.makeBucket(physical)
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error
    }
  }
  return physical
}

export function md5File(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('md5')
    createReadStream(path)
      .on('error', (error) =>
        reject(new UserError(`Cannot read "${path}": ${(error as NodeJS.ErrnoException).code}`)),
      )
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolvePromise(hash.digest('hex')))
  })
}

export type Outcome = 'uploaded' | 'unchanged' | 'kept'

/** Whether the stored object under `file.key` is absent, identical (size + MD5) or different. */
export async function storedState(
  storage: Storage,
  physical: string,
  file: LocalFile,
  md5: string,
): Promise<'absent' | 'same' | 'different'> {
  const existing = await storage.client.statObject(physical, file.key).catch((error: { code?: string }) => {
    if (error.code === 'NotFound' || error.code === 'NoSuchKey') return undefined
    throw error
  })
  if (!existing) return 'absent'
  // Multipart uploads have an ETag that is not the MD5 ("…-3"); we store the MD5 as metadata too.
  const storedMd5 = existing.etag.includes('-') ? existing.metaData?.md5 : existing.etag
  return existing.size === file.size && storedMd5 === md5 ? 'same' : 'different'
}

/** Every key in a bucket (recursive); empty when the bucket does not exist yet. */
export async function listKeys(storage: Storage, physical: string, prefix = ''): Promise<Set<string>> {
  const keys = new Set<string>()
  try {
    for await (const item of storage.client.listObjectsV2(physical, prefix, true)) {
      if (item.name) keys.add(item.name)
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'NoSuchBucket') throw error
  }
  return keys
}

/**
 * Uploads one file unless the stored object is identical. With `overwrite: false` an existing
 * object is kept even if it differs (demo media must never replace real uploads).
 */
export async function uploadFile(
  storage: Storage,
  physical: string,
  file: LocalFile,
  overwrite: boolean,
): Promise<Outcome> {
  const md5 = await md5File(file.path)
  const state = await storedState(storage, physical, file, md5)
  if (state === 'same') return 'unchanged'
  if (state === 'different' && !overwrite) return 'kept'
  await storage.client.fPutObject(physical, file.key, file.path, {
    'Content-Type': contentTypeFor(file.key),
    md5,
  })
  return 'uploaded'
}

export interface UploadSummary {
  uploaded: number
  unchanged: number
  kept: number
  failed: number
  bytes: number
}

/** Uploads files with a few in flight, reporting each through `report`; failures are counted, not thrown. */
export async function uploadAll(
  storage: Storage,
  bucket: LogicalBucket,
  files: LocalFile[],
  options: { overwrite: boolean; report?: Progress; concurrency?: number },
): Promise<UploadSummary> {
  const physical = await ensureBucket(storage, bucket)
  const summary: UploadSummary = { uploaded: 0, unchanged: 0, kept: 0, failed: 0, bytes: 0 }
  let next = 0
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as LocalFile
      const label = `${bucket}/${file.key}`
      try {
        const outcome = await uploadFile(storage, physical, file, options.overwrite)
        summary[outcome] += 1
        if (outcome === 'uploaded') summary.bytes += file.size
        const line =
          outcome === 'uploaded'
            ? `uploaded  ${label} (${formatBytes(file.size)})`
            : outcome === 'unchanged'
              ? `unchanged ${label}`
              : `kept      ${label} (exists; --force to overwrite)`
        options.report?.tick(label, line)
      } catch (error) {
        summary.failed += 1
        options.report?.note(`failed    ${label}: ${(error as Error).message}`)
        options.report?.tick(label)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, files.length) }, worker))
  return summary
}
