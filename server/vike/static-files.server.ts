// The built files of dist/client (scripts, styles, fonts, images) through @fastify/static, with
// the .br/.gz written beside them at build (scripts/run/build/compress.ts) served to clients that
// accept them (`preCompressed`). One route per file, listed at start (`wildcard: false`), so
// every other path falls through to the pages route. The pre-rendered HTML is left out: pages are
// rendered by Vike with this deployment's configuration (page-cache.server.ts, decision 025).
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/** Content-hashed names under /assets/ never change their bytes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Stable names (favicon, header animation): an hour fresh, then revalidated in the background. */
const SHORT = 'public, max-age=3600, stale-while-revalidate=86400'

export async function registerStaticFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.html', '**/*.br', '**/*.gz'],
    // Set here instead of through `maxAge`, which cannot tell the two kinds of file apart.
    cacheControl: false,
    setHeaders: (reply, file) => {
      const rel = path.relative(clientDir, file).split(path.sep).join('/')
      reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : SHORT)
    },
    // reply.sendFile is not used anywhere: nothing to decorate.
    decorateReply: false,
  })
}
