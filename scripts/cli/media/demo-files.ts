// The demo media set's sources are files committed under demo-media/ (one folder per logical
// bucket, decision 030); the build copies them and adds the responsive variants the pages ask
// for (lib/responsive-images.ts), rendered with sharp like an upload's (variants.ts). Replacing a
// file there with your own picture or film changes the demo set at the next build.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { KNOWN_BUCKETS, type LogicalBucket } from '../../../lib/buckets.ts'
import { wantsVariants } from '../../../lib/responsive-images.ts'
import { renderVariants } from './variants.ts'

/** The committed sources, relative to the project root. */
export const DEMO_SOURCES = 'demo-media'

export interface DemoSetFile {
  bucket: LogicalBucket
  key: string
  /** Absolute path of the written file. */
  path: string
  size: number
}

/** Every committed source file as bucket + key (keys use `/`, whatever the platform). */
export async function demoSources(sourceDir: string): Promise<{ bucket: LogicalBucket; key: string }[]> {
  const out: { bucket: LogicalBucket; key: string }[] = []
  for (const bucket of KNOWN_BUCKETS) {
    const dir = join(sourceDir, bucket)
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      if (!entry.isFile()) continue
      out.push({ bucket, key: relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/') })
    }
  }
  return out.sort((a, b) =>
    `${a.bucket}/${a.key}`.localeCompare(`${b.bucket}/${b.key}`, 'en', { numeric: true }),
  )
}

/** Writes the sources and their responsive variants into `outDir`, one folder per bucket. */
export async function writeDemoSet(
  sourceDir: string,
  outDir: string,
  onProgress?: (done: number, total: number, label: string) => void,
): Promise<DemoSetFile[]> {
  const sources = await demoSources(sourceDir)
  const written: DemoSetFile[] = []
  const write = async (bucket: LogicalBucket, key: string, data: Buffer) => {
    const path = join(outDir, bucket, ...key.split('/'))
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, data)
    written.push({ bucket, key, path, size: data.length })
  }
  let done = 0
  for (const { bucket, key } of sources) {
    const data = await readFile(join(sourceDir, bucket, ...key.split('/')))
    await write(bucket, key, data)
    if (wantsVariants(bucket, key))
      for (const v of await renderVariants(data, key)) await write(bucket, v.key, v.data)
    onProgress?.(++done, sources.length, `${bucket}/${key}`)
  }
  return written
}
