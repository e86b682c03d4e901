// The demo media set as the build ships it (docs/decisions/014): files under dist/demo-media, one
// folder per logical bucket, and a manifest naming each file with its MD5. An object in storage
// is demo media exactly when its bucket, key and content (S3's ETag of a single-part upload is
// the MD5) match the manifest, so no marker has to be stored beside the media, and a real
// upload under a demo name is never mistaken for demo media.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { KNOWN_BUCKETS, type LogicalBucket } from '../../../lib/buckets.ts'
import { projectRootOf } from '../../../server/process-entry.server.ts'

export const MANIFEST = 'manifest.json'

const manifestSchema = z.object({
  files: z.array(
    z.object({
      bucket: z.enum(KNOWN_BUCKETS as [LogicalBucket, ...LogicalBucket[]]),
      key: z.string().min(1),
      md5: z.string().regex(/^[0-9a-f]{32}$/),
      size: z.number().int().min(0),
    }),
  ),
})

export type DemoManifest = z.infer<typeof manifestSchema>
export type DemoEntry = DemoManifest['files'][number]

/** Where `npm run build` writes the set (dist/demo-media in the project root). */
export function defaultDemoDir(moduleUrl = import.meta.url): string {
  return join(projectRootOf(moduleUrl), 'dist', 'demo-media')
}

export async function readDemoManifest(dir: string): Promise<DemoManifest> {
  let text: string
  try {
    text = await readFile(join(dir, MANIFEST), 'utf8')
  } catch {
    throw new Error(`No demo media set in ${dir}: run \`npm run build\` to make it.`)
  }
  return manifestSchema.parse(JSON.parse(text))
}

/** The path of a manifest entry's file inside the set. */
export const demoFilePath = (dir: string, entry: DemoEntry) =>
  join(dir, entry.bucket, ...entry.key.split('/'))

/** S3 ETags come quoted from some servers and bare from others. */
export const plainEtag = (etag: string | undefined) => (etag ?? '').replaceAll('"', '').toLowerCase()
