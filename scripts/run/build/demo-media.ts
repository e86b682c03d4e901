// Build step: the demo media set (committed files under demo-media/ plus their responsive
// variants) into dist/demo-media with its manifest, so a first start only copies these files into
// empty buckets (docs/decisions/014, 030). Made again only when its sources change.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isEntryModule, projectRootOf } from '../../../server/process-entry.server.ts'
import { DEMO_SOURCES, writeDemoSet } from '../../cli/media/demo-files.ts'
import { MANIFEST } from '../../cli/media/demo-set.ts'
import { filesUnder } from '../../lib/files-under.ts'
import { BUILD_QUIET } from './quiet.ts'

const SOURCES = [
  DEMO_SOURCES,
  'scripts/cli/media/demo-files.ts',
  'scripts/cli/media/variants.ts',
  'lib/responsive-images.ts',
]

async function sourcesHash(root: string): Promise<string> {
  const hash = createHash('sha256')
  for (const source of SOURCES) {
    const full = join(root, source)
    const files = source.endsWith('.ts') ? [full] : [...filesUnder(full)].sort().map((f) => join(full, f))
    for (const file of files) hash.update(file.slice(root.length)).update(await readFile(file))
  }
  return hash.digest('hex')
}

export async function buildDemoMedia(root: string): Promise<void> {
  const out = join(root, 'dist', 'demo-media')
  const stamp = join(out, '.sources')
  const wanted = await sourcesHash(root)
  if (existsSync(join(out, MANIFEST)) && existsSync(stamp) && (await readFile(stamp, 'utf8')) === wanted)
    return
  await rm(out, { recursive: true, force: true })
  await mkdir(out, { recursive: true })
  const started = Date.now()
  const quiet = Boolean(process.env[BUILD_QUIET])
  const files = await writeDemoSet(join(root, DEMO_SOURCES), out, (done, total, label) => {
    if (!quiet) process.stderr.write(`demo media ${done}/${total}: ${label}\n`)
  })
  const entries = await Promise.all(
    files.map(async (file) => ({
      bucket: file.bucket,
      key: file.key,
      md5: createHash('md5')
        .update(await readFile(file.path))
        .digest('hex'),
      size: file.size,
    })),
  )
  await writeFile(join(out, MANIFEST), `${JSON.stringify({ files: entries }, null, 1)}\n`)
  await writeFile(stamp, wanted)
  console.log(`Demo media: ${entries.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}

if (isEntryModule(import.meta.url)) {
  buildDemoMedia(projectRootOf(import.meta.url)).catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
