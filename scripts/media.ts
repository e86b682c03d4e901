// Media admin CLI: `rm5 media <command>`. Talks to S3_ENDPOINT when set, otherwise to the
// embedded store in DATA_DIR (attaching to the running server's, or starting one for the run).
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { KNOWN_BUCKETS, type LogicalBucket, physicalBucket } from '../lib/buckets.ts'
import { wantsVariants } from '../lib/responsive-images.ts'
import { EnvError, parseEnv } from '../server/env.server.ts'
import { openStorage, type Storage, type StorageLog } from '../server/storage/storage.server.ts'
import { clearDemoMedia, removeDemoFrom } from './media/demo-removal.ts'
import { ensureDemoMedia } from './media/ensure-demo.ts'
import { formatBytes, progress } from './media/progress.ts'
import {
  collectFiles,
  type LocalFile,
  normalisePrefix,
  requireBucket,
  type UploadSummary,
  UserError,
  uploadAll,
} from './media/upload.ts'

const HELP = {
  main: `Usage: rm5 media <command> [options]

Manage the site's media buckets (360, Heros, video, and the viewer fallbacks).

Commands:
  upload    Upload a folder to a bucket (replacing the bucket's demo media, if any)
  list      List a bucket's objects
  delete    Delete objects from a bucket
  clear     Remove the demo media from every bucket (clear --demo)
  demo      Add the demo media to the buckets that are empty
  backup    Copy every object of every bucket into a folder
  restore   Upload a folder written by backup

Run "rm5 media <command> --help" for a command's options.
Storage: S3_ENDPOINT (+ S3_ACCESS_KEY, S3_SECRET_KEY) if set, else the embedded store in DATA_DIR.`,
  demo: `Usage: rm5 media demo

Adds the demo media set (36 viewer frames, 7 hero frames, 12 page heroes, an HLS test stream and
their responsive variants, rendered by \`npm run build\` into dist/demo-media) to each of the 360,
Heros and video buckets that is empty. A bucket that holds anything is left alone. This is what
DEMO_MEDIA=auto does at start; remove it again with: rm5 media clear --demo

Options:
  -h, --help    Show this help`,
  clear: `Usage: rm5 media clear --demo

Removes the demo media from every bucket: exactly the objects whose name and content match the
demo set, so your own uploads stay, even under the same names. Prints how many were removed.

Options:
  --demo        Required: what to clear (the only kind there is)
  -h, --help    Show this help`,
  delete: `Usage: rm5 media delete <bucket> <key>...

Deletes the named objects from the bucket and prints each key deleted. Every key must exist:
if one does not, nothing is deleted and the command fails.

Options:
  -h, --help    Show this help

Example: rm5 media delete Heros home.jpg`,
  backup: `Usage: rm5 media backup <dir>

Copies every object of every media bucket into <dir>/<bucket>/<key> (the folder is created; it
must be empty). With a Postgres dump this is a whole backup: docs/backup-and-restore.md.

Options:
  -h, --help    Show this help`,
  restore: `Usage: rm5 media restore <dir>

Uploads a folder written by "rm5 media backup" back into the buckets. Objects already stored
with the same content are skipped, others replaced; objects not in the backup are kept.

Options:
  -h, --help    Show this help`,
  upload: `Usage: rm5 media upload <dir> --bucket <name> [--prefix <path>]

Uploads every file under <dir> (dotfiles skipped) to the bucket, keyed by its path relative to
<dir>. Files whose size and MD5 match the stored object are skipped; changed files are replaced.
Demo media in that bucket is removed first, so your files never mix with it.
Images uploaded to Heros (and video stills named poster.jpg in video) also get responsive
variants beside them: {name}.w640.avif, .webp, .jpg … up to the image's own width
(docs/decisions/006-responsive-images.md). The original stays the largest JPEG.

Options:
  --bucket <name>   Target bucket: 360, Heros, video, 360-images, images, product-images
  --prefix <path>   Folder inside the bucket, e.g. --prefix hero
  -h, --help        Show this help

Example: rm5 media upload ./photos/360 --bucket 360`,
  list: `Usage: rm5 media list <bucket>

Lists every object in the bucket with its size and last-modified time.

Options:
  -h, --help    Show this help`,
}

type Command = keyof typeof HELP

class UsageError extends UserError {}

function cliLog(verbose: boolean): StorageLog {
  const write = (level: string) => (a: object | string, b?: string) => {
    const msg = typeof a === 'string' ? a : (b ?? '')
    const ctx = typeof a === 'object' ? ` ${JSON.stringify(a)}` : ''
    process.stderr.write(`${level}: ${msg}${ctx}\n`)
  }
  const quiet = () => {}
  return {
    debug: verbose ? write('debug') : quiet,
    info: verbose ? write('info') : quiet,
    warn: write('warning'),
    error: write('error'),
  }
}

async function withStorage<T>(run: (storage: Storage) => Promise<T>): Promise<T> {
  let env: ReturnType<typeof parseEnv>
  try {
    env = parseEnv()
  } catch (error) {
    if (error instanceof EnvError) throw new UserError(error.message)
    throw error
  }
  const storage = await openStorage(env, cliLog(process.env.MEDIA_VERBOSE === '1'))
  // Ctrl-C must still stop an embedded store we started, or its state file would linger.
  const onSignal = () => {
    void storage.close().finally(() => process.exit(130))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    await storage.ping().catch((error) => {
      throw new UserError(`Media storage is not reachable: ${(error as Error).message}`)
    })
    return await run(storage)
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await storage.close()
  }
}

function printSummary(summary: UploadSummary): void {
  const parts = [
    `${summary.uploaded} uploaded (${formatBytes(summary.bytes)})`,
    `${summary.unchanged} unchanged`,
  ]
  if (summary.kept) parts.push(`${summary.kept} kept (exist; --force to overwrite)`)
  if (summary.failed) parts.push(`${summary.failed} failed`)
  console.log(parts.join(', '))
}

async function demo(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: false,
  })
  if (values.help) return help('demo')
  return withStorage(async (storage) => {
    const result = await ensureDemoMedia(storage, cliLog(true), { mode: 'auto' })
    console.log(
      result.filled.length > 0
        ? `Added ${result.uploaded} demo files to ${result.filled.join(', ')}`
        : 'Every bucket already holds media: no demo media added',
    )
    return 0
  })
}

async function clear(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { demo: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: false,
  })
  if (values.help) return help('clear')
  if (!values.demo) throw new UsageError('Say what to clear: rm5 media clear --demo')
  return withStorage(async (storage) => {
    const { deleted } = await clearDemoMedia(storage)
    console.log(`Removed ${deleted} demo files`)
    return 0
  })
}

async function remove(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  })
  if (values.help) return help('delete')
  const [name, ...keys] = positionals
  if (!name || keys.length === 0)
    throw new UsageError('Expected <bucket> and at least one <key>. See: rm5 media delete --help')
  const bucket = requireBucket(name)
  return withStorage(async (storage) => {
    const physical = physicalBucket(bucket)
    const missing: string[] = []
    for (const key of keys) {
      await storage.client.statObject(physical, key).catch((error: { code?: string }) => {
        if (error.code === 'NotFound' || error.code === 'NoSuchKey' || error.code === 'NoSuchBucket')
          missing.push(key)
        else throw error
      })
    }
    if (missing.length > 0) throw new UserError(`Not in ${bucket}: ${missing.join(', ')} (nothing deleted)`)
    await storage.client.removeObjects(physical, keys)
    for (const key of keys) console.log(`deleted ${bucket}/${key}`)
    return 0
  })
}

async function backup(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  })
  if (values.help) return help('backup')
  if (positionals.length !== 1)
    throw new UsageError('Expected exactly one <dir>. See: rm5 media backup --help')
  const out = resolve(positionals[0] as string)
  const existing = await collectFiles(out).catch(() => [])
  if (existing.length > 0) throw new UserError(`${out} is not empty: back up into a new folder`)
  return withStorage(async (storage) => {
    let objects = 0
    let bytes = 0
    for (const bucket of KNOWN_BUCKETS) {
      const physical = physicalBucket(bucket)
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
    console.log(`Backed up ${objects} objects (${formatBytes(bytes)}) into ${out}`)
    return 0
  })
}

async function restore(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  })
  if (values.help) return help('restore')
  if (positionals.length !== 1)
    throw new UsageError('Expected exactly one <dir>. See: rm5 media restore --help')
  const from = resolve(positionals[0] as string)
  const perBucket: [LogicalBucket, LocalFile[]][] = []
  for (const bucket of KNOWN_BUCKETS) {
    const files = await collectFiles(join(from, bucket)).catch(() => [])
    if (files.length > 0) perBucket.push([bucket, files])
  }
  if (perBucket.length === 0)
    throw new UserError(`No backup in ${from} (expected folders named after buckets)`)
  return withStorage(async (storage) => {
    const total: UploadSummary = { uploaded: 0, unchanged: 0, kept: 0, failed: 0, bytes: 0 }
    const report = progress(perBucket.reduce((sum, [, files]) => sum + files.length, 0))
    for (const [bucket, files] of perBucket) {
      const summary = await uploadAll(storage, bucket, files, { overwrite: true, report })
      for (const k of Object.keys(total) as (keyof UploadSummary)[]) total[k] += summary[k]
    }
    report.done()
    printSummary(total)
    return total.failed > 0 ? 1 : 0
  })
}

async function upload(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      bucket: { type: 'string' },
      prefix: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  })
  if (values.help) return help('upload')
  if (positionals.length !== 1)
    throw new UsageError('Expected exactly one <dir>. See: rm5 media upload --help')
  const bucket = requireBucket(values.bucket)
  const files = await collectFiles(positionals[0] as string, values.prefix)
  if (files.length === 0) throw new UserError(`No files to upload under "${positionals[0]}"`)
  const work = await mkdtemp(join(tmpdir(), 'rm5-variants-'))
  try {
    return await withStorage(async (storage) => {
      const removed = await removeDemoFrom(storage, bucket)
      if (removed > 0)
        console.error(`Removed ${removed} demo files from ${bucket} first (your files replace the demo)`)
      const variants = await uploadVariants(storage, bucket, files, work)
      const all = [...files, ...variants.files]
      const report = progress(all.length)
      const prefix = normalisePrefix(values.prefix)
      console.error(`Uploading ${all.length} files to ${bucket}${prefix ? `/${prefix}` : ''}`)
      const summary = await uploadAll(storage, bucket, all, { overwrite: true, report })
      summary.unchanged += variants.unchanged
      report.done()
      printSummary(summary)
      return summary.failed > 0 ? 1 : 0
    })
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** The responsive variants to upload with `files` (none for buckets without them). */
async function uploadVariants(storage: Storage, bucket: LogicalBucket, files: LocalFile[], work: string) {
  if (!files.some((f) => wantsVariants(bucket, f.key))) return { files: [], unchanged: 0 }
  // Loaded on demand, like the demo renderer: only image uploads to these buckets need sharp.
  const { prepareVariants } = await import('./media/store-variants.ts')
  return prepareVariants(storage, bucket, files, work, (key) => console.error(`rendering variants of ${key}`))
}

async function list(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  })
  if (values.help) return help('list')
  if (positionals.length !== 1)
    throw new UsageError('Expected exactly one <bucket>. See: rm5 media list --help')
  const bucket: LogicalBucket = requireBucket(positionals[0])
  return withStorage(async (storage) => {
    const physical = physicalBucket(bucket)
    if (!(await storage.client.bucketExists(physical))) {
      throw new UserError(`Bucket "${bucket}" does not exist yet (upload to it first)`)
    }
    const rows: { name: string; size: number; modified: Date }[] = []
    for await (const item of storage.client.listObjectsV2(physical, '', true)) {
      if (item.name) rows.push({ name: item.name, size: item.size, modified: item.lastModified })
    }
    rows.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
    const width = Math.max(4, ...rows.map((r) => r.name.length))
    console.log(`${'NAME'.padEnd(width)}  ${'SIZE'.padStart(9)}  MODIFIED`)
    for (const r of rows) {
      console.log(`${r.name.padEnd(width)}  ${formatBytes(r.size).padStart(9)}  ${r.modified.toISOString()}`)
    }
    const bytes = rows.reduce((sum, r) => sum + r.size, 0)
    console.error(
      `${rows.length} objects, ${formatBytes(bytes)} in ${bucket}${physical === bucket ? '' : ` (S3 bucket ${physical})`}`,
    )
    return 0
  })
}

function help(command: Command): number {
  console.log(HELP[command])
  return 0
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  switch (command) {
    case 'demo':
      return demo(rest)
    case 'upload':
      return upload(rest)
    case 'list':
      return list(rest)
    case 'delete':
      return remove(rest)
    case 'clear':
      return clear(rest)
    case 'backup':
      return backup(rest)
    case 'restore':
      return restore(rest)
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      if (command === undefined) {
        console.error(HELP.main)
        return 2
      }
      console.log(HELP.main)
      return 0
    default:
      throw new UsageError(
        `Unknown command "${command}". Commands: upload, list, delete, clear, demo, backup, restore (see --help)`,
      )
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    // parseArgs reports bad flags with a code; treat those as usage errors too.
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    if (error instanceof UserError || usage) {
      console.error(`error: ${(error as Error).message}`)
      process.exitCode = usage ? 2 : 1
    } else {
      console.error(error)
      process.exitCode = 1
    }
  },
)
