// Every path that is not an API or media route: pre-rendered files from memory in production,
// everything else through Vike's renderPage (guards, redirects and 404s decided server-side).

import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FormState } from '../../lib/forms/form-state'
import type { NotFoundLimiter } from '../http/not-found-limit.server'
import { chooseEncoding, loadPrerendered, type PrerenderedSite, type StaticEntry } from './prerendered.server'
import { addCrawlerFiles, renderPagesAtStart } from './render-at-start.server'
import { createRenderCache, type GuardContext } from './render-cache.server'

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
  addCrawlerFiles(site)
  app.decorate('prerendered', site)
  app.decorate('renderFormPage', (request: FastifyRequest, urlPath: string, formState: FormState) =>
    renderFormPage(renderPage, options, request, urlPath, formState),
  )
  // Development renders every time (sources change under it).
  const cache = options.mode === 'production' ? createRenderCache() : undefined
  if (options.mode === 'production') {
    const started = performance.now()
    const pages = await renderPagesAtStart(site, renderPage)
    app.log.info({ pages, ms: Math.round(performance.now() - started) }, 'rendered the public pages')
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    // Not async: a pre-rendered hit answers synchronously (Fastify awaits render's promise).
    handler: (request, reply) => {
      const query = request.url.indexOf('?')
      const urlPath = query === -1 ? request.url : request.url.slice(0, query)
      const entry = site.entries.get(urlPath)
      if (entry && !options.renderPerRequest?.(request)) return sendStatic(request, reply, entry)
      // Unknown API paths answer in the API's JSON shape, not with the HTML error page.
      if (urlPath.startsWith('/api/')) return reply.callNotFound()
      return render(renderPage, options, request, reply, cache)
    },
  })
}

// The hot path of every public page: one header-object assignment, no per-request parsing.
export function sendStatic(request: FastifyRequest, reply: FastifyReply, entry: StaticEntry, status = 200) {
  if (status === 200 && request.headers['if-none-match'] === entry.etag) {
    reply.headers(entry.headers.identity).removeHeader('content-type')
    return reply.code(304).send()
  }
  const encoding = chooseEncoding(request.headers['accept-encoding'], entry)
  if (status !== 200) reply.code(status)
  if (encoding === 'br') return reply.headers(entry.headers.br).send(entry.br)
  if (encoding === 'gzip') return reply.headers(entry.headers.gzip).send(entry.gzip)
  return reply.headers(entry.headers.identity).send(entry.body)
}

async function render(
  renderPage: RenderPage,
  options: PagesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  cache?: ReturnType<typeof createRenderCache>,
) {
  const extra = options.pageContextFor ? await options.pageContextFor(request) : {}
  const cached = cache?.lookup(request.url, extra as GuardContext)
  if (cached) return sendStatic(request, reply, cached)
  // After the cache: a cached guarded page is a known route, not a 404 probe worth a limiter call.
  await options.notFoundLimiter?.refuseIfOver(request)
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
  const type = reply.getHeader('content-type')
  if (cache && !pageContext.errorWhileRendering && typeof type === 'string') {
    cache.remember(request.url, httpResponse.statusCode, type, httpResponse.body)
  }
  return reply.code(httpResponse.statusCode).send(httpResponse.body)
}

/** A form page rendered for a failed form post: the post's state is on the page context. */
async function renderFormPage(
  renderPage: RenderPage,
  options: PagesOptions,
  request: FastifyRequest,
  urlPath: string,
  formState: FormState,
): Promise<string> {
  const extra = options.pageContextFor ? await options.pageContextFor(request) : {}
  const pageContext = await renderPage({
    urlOriginal: urlPath,
    headersOriginal: request.headers,
    ...extra,
    formState,
  })
  const body = pageContext.httpResponse?.body
  if (pageContext.errorWhileRendering || typeof body !== 'string') {
    throw pageContext.errorWhileRendering ?? new Error(`rendering ${urlPath} gave no page`)
  }
  return body
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
