// Every path that is not an API or media route: pre-rendered files from memory in production,
// everything else through Vike's renderPage (guards, redirects and 404s decided server-side).
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { NotFoundLimiter } from '../http/not-found-limit.server'
import { chooseEncoding, loadPrerendered, type PrerenderedSite, type StaticEntry } from './prerendered.server'

export interface PagesOptions {
  mode: 'production' | 'development'
  /** Project root (holds vite.config.ts and dist/). */
  root: string
  /** Extra pageContextInit fields computed per request (e.g. verified access grants). */
  pageContextFor?: (request: FastifyRequest) => Promise<Record<string, unknown>> | Record<string, unknown>
  /** True when a pre-rendered path must render per request (e.g. a gate showing a no-JS form error). */
  renderPerRequest?: (request: FastifyRequest) => boolean
  /** Limits 404s per client; a client over it gets 429 before any render (server/http/not-found-limit). */
  notFoundLimiter?: NotFoundLimiter
}

type RenderPage = typeof import('vike/server').renderPage

export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  let site: PrerenderedSite = { entries: new Map() }
  if (options.mode === 'production') {
    site = loadPrerendered(path.join(options.root, 'dist/client'))
    // A server not built by Vite must load the server build before calling renderPage.
    await import(pathToFileURL(path.join(options.root, 'dist/server/entry.mjs')).href)
  } else {
    await registerViteDevMiddleware(app, options.root)
  }
  const { renderPage } = await import('vike/server')
  app.decorate('prerendered', site)

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const urlPath = request.url.split('?', 1)[0] ?? '/'
      const entry = site.entries.get(urlPath)
      if (entry && !options.renderPerRequest?.(request)) return sendStatic(request, reply, entry)
      // Unknown API paths answer in the API's JSON shape, not with the HTML error page.
      if (urlPath.startsWith('/api/')) return reply.callNotFound()
      await options.notFoundLimiter?.refuseIfOver(request)
      return render(renderPage, options, request, reply)
    },
  })
}

export function sendStatic(request: FastifyRequest, reply: FastifyReply, entry: StaticEntry, status = 200) {
  reply
    .header('etag', entry.etag)
    .header('cache-control', entry.cacheControl)
    .header('vary', 'Accept-Encoding')
  if (status === 200 && request.headers['if-none-match'] === entry.etag) return reply.code(304).send()
  const encoding = chooseEncoding(request.headers['accept-encoding'], entry)
  reply.code(status).type(entry.type)
  if (encoding) reply.header('content-encoding', encoding)
  return reply.send(encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.body)
}

async function render(
  renderPage: RenderPage,
  options: PagesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const extra = options.pageContextFor ? await options.pageContextFor(request) : {}
  const pageContext = await renderPage({
    urlOriginal: request.url,
    headersOriginal: request.headers,
    ...extra,
  })
  if (pageContext.errorWhileRendering) {
    request.log.error({ err: pageContext.errorWhileRendering }, 'page rendering failed')
  }
  const { httpResponse } = pageContext
  // A client-side navigation to an unknown page asks for its pageContext.json, answered 200 with is404.
  if (httpResponse.statusCode === 404 || pageContext.is404) {
    request.log.info({ path: request.url.split('?', 1)[0] }, 'unknown path')
    await options.notFoundLimiter?.count(request)
  }
  for (const [name, value] of httpResponse.headers) reply.header(name, value)
  // Pages rendered per request may depend on the visitor (grants): never cache them in shared caches.
  reply.header('cache-control', 'private, no-store')
  return reply.code(httpResponse.statusCode).send(httpResponse.body)
}

async function registerViteDevMiddleware(app: FastifyInstance, root: string) {
  const [{ default: middie }, { createServer }] = await Promise.all([
    import('@fastify/middie'),
    import('vite'),
  ])
  // HMR shares the app's own HTTP server, so dev runs on one port.
  const vite = await createServer({ root, server: { middlewareMode: true, ws: { server: app.server } } })
  await app.register(middie)
  app.use(vite.middlewares)
  app.addHook('onClose', async () => vite.close())
}

declare module 'fastify' {
  interface FastifyInstance {
    prerendered: PrerenderedSite
  }
}
