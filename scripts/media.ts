// Media admin CLI: `npm run media -- <command>`. Talks to S3_ENDPOINT when set, otherwise to the
// embedded store in DATA_DIR (attaching to the running server's, or starting one for the run).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { wantsVariants } from '../lib/responsive-images.ts'
import { EnvError, parseEnv } from '../server/env.server.ts'
import { type LogicalBucket, physicalBucket, REQUIRED_BUCKETS } from '../server/storage/buckets.ts'
import { openStorage, type Storage, type StorageLog } from '../server/storage/storage.server.ts'
import type { GeneratedFile } from './media/generate-demo.ts'
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
  main: `Usage: npm run media -- <command> [options]

Manage the site's media buckets (360, Heros, video, and the viewer fallbacks).

Commands:
  demo      Generate the demo media and upload it
  upload    Upload a folder to a bucket
  list      List a bucket's objects

Run "npm run media -- <command> --help" for a command's options.
Storage: S3_ENDPOINT (+ S3_ACCESS_KEY, S3_SECRET_KEY) if set, else the embedded store in DATA_DIR.`,
  demo: `Usage: npm run media -- demo [--force] [--out <dir>]

Renders the demo media (36 viewer frames, 7 hero frames, 12 page heroes, an HLS test stream, and
the heroes' and the video still's AVIF/WebP/JPEG width variants) and uploads it to the 360, Heros and video buckets. Existing objects are kept unless --force.

Options:
  --force       Overwrite objects that already exist with different content
  --out <dir>   Also keep the generated files in <dir>
  -h, --help    Show this help`,
  upload: `Usage: npm run media -- upload <dir> --bucket <name> [--prefix <path>]

Uploads every file under <dir> (dotfiles skipped) to the bucket, keyed by its path relative to
<dir>. Files whose size and MD5 match the stored object are skipped; changed files are replaced.
Images uploaded to Heros (and video stills named poster.jpg in video) also get responsive
variants beside them: {name}.w640.avif, .webp, .jpg … up to the image's own width
(docs/decisions/006-responsive-images.md). The original stays the largest JPEG.

Options:
  --bucket <name>   Target bucket: 360, Heros, video, 360-images, images, product-images
  --prefix <path>   Folder inside the bucket, e.g. --prefix hero
  -h, --help        Show this help

Example: npm run media -- upload ./photos/360 --bucket 360`,
  list: `Usage: npm run media -- list <bucket>

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
    options: { force: { type: 'boolean' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: false,
  })
  if (values.help) return help('demo')
  const out = values.out ? resolve(values.out) : await mkdtemp(join(tmpdir(), 'rm5-demo-'))
  try {
    return await withStorage(async (storage) => {
      await storage.ensureBuckets()
      const started = Date.now()
      // Loaded on demand: the renderer pulls in sharp and ffmpeg, which upload/list do not need.
      const { generateDemo } = await import('./media/generate-demo.ts')
      const files = await generateDemo(out, {
        onProgress: (done, total, label) =>
          process.stderr.write(
            `${process.stderr.isTTY ? '\r\x1b[2K' : ''}rendered ${done}/${total} ${label}${process.stderr.isTTY ? '' : '\n'}`,
          ),
      })
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K')
      console.log(`Generated ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      const total: UploadSummary = { uploaded: 0, unchanged: 0, kept: 0, failed: 0, bytes: 0 }
      const report = progress(files.length)
      for (const bucket of REQUIRED_BUCKETS) {
        const own = files.filter((f: GeneratedFile) => f.bucket === bucket)
        const summary = await uploadAll(storage, bucket, own, { overwrite: values.force === true, report })
        for (const k of Object.keys(total) as (keyof UploadSummary)[]) total[k] += summary[k]
      }
      report.done()
      printSummary(total)
      return total.failed > 0 ? 1 : 0
    })
  } finally {
    if (!values.out) await rm(out, { recursive: true, force: true })
  }
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
    throw new UsageError('Expected exactly one <dir>. See: npm run media -- upload --help')
  const bucket = requireBucket(values.bucket)
  const files = await collectFiles(positionals[0] as string, values.prefix)
  if (files.length === 0) throw new UserError(`No files to upload under "${positionals[0]}"`)
  const work = await mkdtemp(join(tmpdir(), 'rm5-variants-'))
  try {
    return await withStorage(async (storage) => {
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
    throw new UsageError('Expected exactly one <bucket>. See: npm run media -- list --help')
  const bucket: LogicalBucket = requireBucket(positionals[0])
  return withStorage(async (storage) => {
    const physical = physicalBucket(bucket)
    if (!(await storage.client.bucketExists(physical))) {
      throw new UserError(
        `Bucket "${bucket}" does not exist yet (upload to it, or run: npm run media -- demo)`,
      )
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
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      console.log(HELP.main)
      return command === undefined ? 2 : 0
    default:
      throw new UsageError(`Unknown command "${command}". Commands: demo, upload, list (see --help)`)
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
