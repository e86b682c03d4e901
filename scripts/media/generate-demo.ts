// Generates the whole demo media set (docs/architecture.md: Media) into a folder laid out by logical bucket:
//   {out}/360/rm5_1.jpg … rm5_36.jpg, {out}/360/hero/0_66.png …, {out}/Heros/{page}.jpg,
//   {out}/video/rm5-demo.m3u8 + {out}/video/rm5-demo/…
// plus the responsive variants of the heroes and the video still ({out}/Heros/home.w640.avif …,
// lib/responsive-images.ts).
// Deterministic: the same code gives the same files. Run alone with
//   npx tsx scripts/media/generate-demo.ts <out-dir>
import { mkdir, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import type { LogicalBucket } from '../../lib/buckets.ts'
import { wantsVariants } from '../../lib/responsive-images.ts'
import { isEntryModule } from '../../server/process-entry.server.ts'
import { heroFrameJobs } from './demo/hero-frames.ts'
import { heroImageJobs } from './demo/hero-images.ts'
import type { DemoFile, DemoJob } from './demo/job.ts'
import { videoJob } from './demo/video.ts'
import { viewerFrameJobs } from './demo/viewer-frames.ts'
import { renderVariants } from './variants.ts'

export interface GeneratedFile {
  bucket: LogicalBucket
  key: string
  /** Absolute path of the written file. */
  path: string
  size: number
}

export interface GenerateOptions {
  onProgress?: (done: number, total: number, label: string) => void
  /** Jobs run at once; defaults to the core count (at least 2). */
  concurrency?: number
}

export function demoJobs(): DemoJob[] {
  // The video is the longest job; starting it first lets the stills fill the other core.
  return [videoJob(), ...viewerFrameJobs(), ...heroFrameJobs(), ...heroImageJobs()]
}

/** A job's files followed by the responsive variants of those that have them. */
async function withVariants(files: DemoFile[]): Promise<DemoFile[]> {
  const out = [...files]
  for (const file of files) {
    if (!wantsVariants(file.bucket, file.key)) continue
    for (const v of await renderVariants(file.data, file.key))
      out.push({ bucket: file.bucket, key: v.key, data: v.data })
  }
  return out
}

export async function generateDemo(outDir: string, options: GenerateOptions = {}): Promise<GeneratedFile[]> {
  const jobs = demoJobs()
  const concurrency = options.concurrency ?? Math.max(2, availableParallelism())
  const written: GeneratedFile[] = []
  let next = 0
  let done = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as DemoJob
      for (const file of await withVariants(await job.run())) {
        const path = resolve(outDir, file.bucket, ...file.key.split('/'))
        await mkdir(dirname(path), { recursive: true })
        await writeFile(path, file.data)
        written.push({ bucket: file.bucket, key: file.key, path, size: file.data.length })
      }
      done += 1
      options.onProgress?.(done, jobs.length, job.label)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker))
  return written.sort((a, b) =>
    `${a.bucket}/${a.key}`.localeCompare(`${b.bucket}/${b.key}`, 'en', { numeric: true }),
  )
}

if (isEntryModule(import.meta.url)) {
  const out = process.argv[2]
  if (!out || out === '--help' || out === '-h') {
    console.log(
      'Usage: npx tsx scripts/media/generate-demo.ts <out-dir>\nWrites the demo media set, one folder per bucket.',
    )
    process.exitCode = out ? 0 : 2
  } else {
    const started = Date.now()
    const files = await generateDemo(out, {
      onProgress: (done, total, label) => console.error(`[${done}/${total}] ${label}`),
    })
    const bytes = files.reduce((sum, f) => sum + f.size, 0)
    console.log(
      `${files.length} files, ${(bytes / 1024).toFixed(0)} KB in ${join(out)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    )
  }
}
