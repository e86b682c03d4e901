// Build step: the starter (renderer/app-start/main.ts, decision 011) as one small minified module
// with a content hash in its name, beside Vite's assets (served immutable like them).
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { rolldown } from 'rolldown'
import { APP_START_PREFIX } from '../../server/vike/app-start-html'

/** Bundles the starter into dist/client and answers its URL path. */
export async function bundleAppStart(root: string, clientDir: string): Promise<string> {
  const bundle = await rolldown({
    cwd: root,
    input: path.join(root, 'renderer/app-start/main.ts'),
    platform: 'browser',
    logLevel: 'warn',
  })
  try {
    const { output } = await bundle.generate({ format: 'esm', minify: true })
    const code = output[0].code
    const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10)
    const urlPath = `${APP_START_PREFIX}${hash}.js`
    const file = path.join(clientDir, urlPath)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, code)
    return urlPath
  } finally {
    await bundle.close()
  }
}
