// Media admin CLI: `rm5 media <command>`. Talks to S3_ENDPOINT when set, otherwise to the
// embedded store in DATA_DIR (attaching to the running server's, or starting one for the run).
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { Command } from 'commander'
import { isKnownBucket, KNOWN_BUCKETS, type LogicalBucket } from '../../lib/buckets.ts'
import { wantsVariants } from '../../lib/responsive-images.ts'
import { isPrivateBucket } from '../../server/documents/bucket.server.ts'
import type { Storage } from '../../server/storage/storage.server.ts'
import { type CliOutput, linePrinter, stdio } from '../lib/cli.ts'
import { CliError } from '../lib/cli-error.ts'
import { valueParser } from '../lib/cli-options.ts'
import { STORAGE_HELP, withStorage as withStorageOf } from '../lib/cli-storage.ts'
import { checkInFolder } from '../lib/in-path.ts'
import { checkOutFolder } from '../lib/out-folder.ts'
import { stderrLog } from '../lib/stderr-log.ts'
import { clearDemoMedia, removeDemoFrom } from './media/demo-removal.ts'
import { ensureDemoMedia } from './media/ensure-demo.ts'
import { formatBytes, progress } from './media/progress.ts'
import {
  collectFiles,
  type LocalFile,
  normalisePrefix,
  type UploadSummary,
  uploadAll,
} from './media/upload.ts'

const MEDIA_BUCKETS = KNOWN_BUCKETS.filter((bucket) => !isPrivateBucket(bucket))

// The documents bucket is written only by `rm5 documents`, which checks every file first; backup
// and restore still cover it.
const bucketArg = valueParser(
  (name) => (isKnownBucket(name) && !isPrivateBucket(name) ? name : null),
  `Known buckets: ${MEDIA_BUCKETS.join(', ')} (documents: use \`rm5 documents\`).`,
)

const withStorage = <T>(run: (storage: Storage) => Promise<T>) =>
  withStorageOf(run, process.env.MEDIA_VERBOSE === '1')

/** Prints the totals; any file that failed fails the command. */
function finish(summary: UploadSummary, output: CliOutput): void {
  const parts = [
    `${summary.uploaded} uploaded (${formatBytes(summary.bytes)})`,
    `${summary.unchanged} unchanged`,
  ]
  if (summary.kept) parts.push(`${summary.kept} kept (exist; --force to overwrite)`)
  if (summary.failed) parts.push(`${summary.failed} failed`)
  linePrinter(output)(parts.join(', '))
  if (summary.failed) throw new CliError(`${summary.failed} file(s) failed (see above)`)
}

async function demo(output: CliOutput): Promise<void> {
  await withStorage(async (storage) => {
    const result = await ensureDemoMedia(storage, stderrLog(true), { mode: 'auto' })
    linePrinter(output)(
      result.filled.length > 0
        ? `Added ${result.uploaded} demo files to ${result.filled.join(', ')}`
        : 'Every bucket already holds media: no demo media added',
    )
  })
}

async function clear(output: CliOutput): Promise<void> {
  await withStorage(async (storage) => {
    const { deleted } = await clearDemoMedia(storage)
    linePrinter(output)(`Removed ${deleted} demo files`)
  })
}

async function remove(bucket: LogicalBucket, keys: string[], output: CliOutput): Promise<void> {
  await withStorage(async (storage) => {
    const physical = storage.bucket(bucket)
    const missing: string[] = []
    for (const key of keys) {
      await storage.client.statObject(physical, key).catch((error: { code?: string }) => {
        if (error.code === 'NotFound' || error.code === 'NoSuchKey' || error.code === 'NoSuchBucket')
          missing.push(key)
        else throw error
      })
    }
    if (missing.length > 0) throw new CliError(`Not in ${bucket}: ${missing.join(', ')} (nothing deleted)`)
    await storage.client.removeObjects(physical, keys)
    const print = linePrinter(output)
    for (const key of keys) print(`deleted ${bucket}/${key}`)
  })
}

async function backup(dir: string, output: CliOutput): Promise<void> {
  const out = resolve(dir)
  // Before storage opens (an embedded store takes seconds, a listing of every bucket longer).
  checkOutFolder(dir)
  await withStorage(async (storage) => {
    // Made even when nothing is stored, so the folder the last line names is there.
    await mkdir(out, { recursive: true })
    let objects = 0
    let bytes = 0
    for (const bucket of KNOWN_BUCKETS) {
      const physical = storage.bucket(bucket)
      if (!(await storage.client.bucketExists(physical))) continue
      for await (const item of storage.client.listObjectsV2(physical, '', true)) {
        if (!item.name) continue
        const path = join(out, bucket, ...item.name.split('/'))
        await mkdir(dirname(path), { recursive: true })
        await storage.client.fGetObject(physical, item.name, path)
        objects += 1
        bytes += item.size
      }
    }
    linePrinter(output)(`Backed up ${objects} objects (${formatBytes(bytes)}) into ${out}`)
  })
}

async function restore(dir: string, output: CliOutput): Promise<void> {
  checkInFolder(dir)
  const from = resolve(dir)
  const perBucket: [LogicalBucket, LocalFile[]][] = []
  for (const bucket of KNOWN_BUCKETS) {
    const files = await collectFiles(join(from, bucket)).catch(() => [])
    if (files.length > 0) perBucket.push([bucket, files])
  }
  if (perBucket.length === 0)
    throw new CliError(`No backup in ${from} (expected folders named after buckets)`)
  await withStorage(async (storage) => {
    const total: UploadSummary = { uploaded: 0, unchanged: 0, kept: 0, failed: 0, bytes: 0 }
    const report = progress(
      perBucket.reduce((sum, [, files]) => sum + files.length, 0),
      output,
    )
    for (const [bucket, files] of perBucket) {
      const summary = await uploadAll(storage, bucket, files, { overwrite: true, report })
      for (const k of Object.keys(total) as (keyof UploadSummary)[]) total[k] += summary[k]
    }
    report.done()
    finish(total, output)
  })
}

async function upload(
  dir: string,
  options: { bucket: LogicalBucket; prefix?: string },
  output: CliOutput,
): Promise<void> {
  const { bucket } = options
  const files = await collectFiles(dir, options.prefix)
  if (files.length === 0) throw new CliError(`No files to upload under "${dir}"`)
  const work = await mkdtemp(join(tmpdir(), 'rm5-variants-'))
  try {
    await withStorage(async (storage) => {
      const removed = await removeDemoFrom(storage, bucket)
      if (removed > 0)
        output.err(`Removed ${removed} demo files from ${bucket} first (your files replace the demo)\n`)
      const variants = await uploadVariants(storage, bucket, files, work, output)
      const all = [...files, ...variants.files]
      const report = progress(all.length, output)
      const prefix = normalisePrefix(options.prefix)
      output.err(`Uploading ${all.length} files to ${bucket}${prefix ? `/${prefix}` : ''}\n`)
      const summary = await uploadAll(storage, bucket, all, { overwrite: true, report })
      summary.unchanged += variants.unchanged
      report.done()
      finish(summary, output)
    })
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** The responsive variants to upload with `files` (none for buckets without them). */
async function uploadVariants(
  storage: Storage,
  bucket: LogicalBucket,
  files: LocalFile[],
  work: string,
  output: CliOutput,
) {
  if (!files.some((f) => wantsVariants(bucket, f.key))) return { files: [], unchanged: 0 }
  // Loaded on demand, like the demo renderer: only image uploads to these buckets need sharp.
  const { prepareVariants } = await import('./media/store-variants.ts')
  return prepareVariants(storage, bucket, files, work, (key) => output.err(`rendering variants of ${key}\n`))
}

async function list(bucket: LogicalBucket, output: CliOutput): Promise<void> {
  await withStorage(async (storage) => {
    const physical = storage.bucket(bucket)
    if (!(await storage.client.bucketExists(physical))) {
      throw new CliError(`Bucket "${bucket}" does not exist yet (upload to it first)`)
    }
    const rows: { name: string; size: number; modified: Date }[] = []
    for await (const item of storage.client.listObjectsV2(physical, '', true)) {
      if (item.name) rows.push({ name: item.name, size: item.size, modified: item.lastModified })
    }
    rows.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
    const width = Math.max(4, ...rows.map((r) => r.name.length))
    const print = linePrinter(output)
    print(`${'NAME'.padEnd(width)}  ${'SIZE'.padStart(9)}  MODIFIED`)
    for (const r of rows) {
      print(`${r.name.padEnd(width)}  ${formatBytes(r.size).padStart(9)}  ${r.modified.toISOString()}`)
    }
    const bytes = rows.reduce((sum, r) => sum + r.size, 0)
    output.err(
      `${rows.length} objects, ${formatBytes(bytes)} in ${bucket}${physical === bucket ? '' : ` (S3 bucket ${physical})`}\n`,
    )
  })
}

export function command(output: CliOutput = stdio): Command {
  const media = new Command('media')
    .description(
      "Manage the site's media buckets (360, Heros, video, documents, partners, and the viewer fallbacks).",
    )
    .addHelpText('after', `\n${STORAGE_HELP}`)
  media
    .command('upload')
    .summary("Upload a folder to a bucket (replacing the bucket's demo media, if any)")
    .description(
      `Uploads every file under <dir> (dotfiles skipped) to the bucket, keyed by its path relative to
<dir>. Files whose size and MD5 match the stored object are skipped; changed files are replaced.
Demo media in that bucket is removed first, so your files never mix with it.
Images uploaded to Heros (and video stills named poster.jpg in video) also get responsive
variants beside them: {name}.w640.avif, .webp, .jpg … up to the image's own width
(docs/decisions/006-responsive-images.md). The original stays the largest JPEG.`,
    )
    .argument('<dir>', 'The folder to upload')
    .requiredOption('--bucket <name>', `Target bucket: ${MEDIA_BUCKETS.join(', ')}`, bucketArg)
    .option('--prefix <path>', 'Folder inside the bucket, e.g. --prefix hero')
    .addHelpText('after', '\nExample: rm5 media upload ./photos/360 --bucket 360')
    .action((dir: string, options: { bucket: LogicalBucket; prefix?: string }) =>
      upload(dir, options, output),
    )
  media
    .command('list')
    .summary("List a bucket's objects")
    .description('Lists every object in the bucket with its size and last-modified time.')
    .argument('<bucket>', 'The bucket', bucketArg)
    .action((bucket: LogicalBucket) => list(bucket, output))
  media
    .command('delete')
    .summary('Delete objects from a bucket')
    .description(
      `Deletes the named objects from the bucket and prints each key deleted. Every key must exist:
if one does not, nothing is deleted and the command fails.`,
    )
    .argument('<bucket>', 'The bucket', bucketArg)
    .argument('<key...>', 'The objects to delete')
    .addHelpText('after', '\nExample: rm5 media delete Heros home.jpg')
    .action((bucket: LogicalBucket, keys: string[]) => remove(bucket, keys, output))
  media
    .command('clear')
    .summary('Remove the demo media from every bucket (clear --demo)')
    .description(
      `Removes the demo media from every bucket: exactly the objects whose name and content match the
demo set, so your own uploads stay, even under the same names. Prints how many were removed.`,
    )
    .requiredOption('--demo', 'Required: what to clear (the only kind there is)')
    .action(() => clear(output))
  media
    .command('demo')
    .summary('Add the demo media to the buckets that are empty')
    .description(
      `Adds the demo media set (36 viewer frames, 7 hero frames, 12 page heroes, an HLS test stream and
their responsive variants, rendered by \`npm run build\` into dist/demo-media) to each of the 360,
Heros and video buckets that is empty. A bucket that holds anything is left alone. This is what
DEMO_MEDIA=auto does at start; remove it again with: rm5 media clear --demo`,
    )
    .action(() => demo(output))
  media
    .command('backup')
    .summary('Copy every object of every bucket into a folder')
    .description(
      `Copies every object of every media bucket into <dir>/<bucket>/<key> (a new folder is made, in a
folder that exists; an existing one must hold nothing, hidden files included). With a Postgres dump this is a whole backup: docs/backup-and-restore.md.`,
    )
    .argument('<dir>', 'A new or empty folder')
    .action((dir: string) => backup(dir, output))
  media
    .command('restore')
    .summary('Upload a folder written by backup')
    .description(
      `Uploads a folder written by "rm5 media backup" back into the buckets. Objects already stored
with the same content are skipped, others replaced; objects not in the backup are kept.`,
    )
    .argument('<dir>', 'The folder backup wrote')
    .action((dir: string) => restore(dir, output))
  return media
}
