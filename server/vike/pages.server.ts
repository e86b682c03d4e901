// Every path that is not an API, media or built file: a page, rendered by Vike. Each page declares
// how it is rendered (`rendering` in its +config.ts, lib/page-rules.ts), learned here from its
// first render (page-rules.server.ts). In production a kept page's answer is kept per URL path
// (with the query variants the page shows) and verified grants (page-cache.server.ts), so it costs
// Vike's render once; guards run inside Vike only. Development renders every time.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { mayHoldGrant } from '../../lib/access.ts'
import { brand } from '../../lib/brand.ts'
import type { FormState } from '../../lib/forms/form-state.ts'
import { keptUrl, rendersPerRequest } from '../../lib/page-rules.ts'
import type { PartnerSlug } from '../../lib/partners.ts'
import { robotsTxt, sitemapXml } from '../../lib/seo/crawler-files.ts'
import type { ClientLimiter } from '../http/client-limit.server.ts'
import type { NotFoundLimiter } from '../http/not-found-limit.server.ts'
import { asWorkOf } from '../http/request-context.server.ts'
import { NO_ACCESS, type PageAccess } from './page-access.server.ts'
import {
  type CachedPage,
  cacheKey,
  createPageCache,
  type PageCache,
  PRIVATE_PAGE,
} from './page-cache.server.ts'
import { createPageRulesBook, type PageRulesBook } from './page-rules.server.ts'
import { prerenderedPaths } from './prerendered-paths.server.ts'
import { registerStaticFiles } from './static-files.server.ts'

export interface PagesOptions {
  mode: 'production' | 'development'
  /** Project root (holds vite.config.ts and dist/). */
  root: string
  /** The request's verified grants and how to record an opening (server/access). */
  pageContextFor?: (request: FastifyRequest) => Promise<PageAccess> | PageAccess
  /** Limits 404s per client; a client over it gets 429 before any render (server/http/not-found-limit). */
  notFoundLimiter?: NotFoundLimiter
  /**
   * Limits the pages rendered for each request (the link page: its token is in its HTML) per
   * client holding no grant: every other page a visitor without one can ask for is kept, so this
   * is what bounds the renders one client can make the server do.
   */
  perRequestLimiter?: ClientLimiter
  /**
   * Services every render may read (the data room): held by the server, the same for every
   * request, never request data. What they answer changes over time, so a kept render that saw a
   * grant lives only `privatePageTtlMs` (page-cache.server.ts).
   */
  services?: PageServices
  /** How long a kept render that saw a grant is served before it is rendered again. */
  privatePageTtlMs?: number
  /** Headers a per-request render's answer carries besides the app's (e.g. a document page's CSP). */
  headersFor?: (pathname: string) => Record<string, string> | undefined
  /**
   * The state of a failed form post a form page's address names (decision 069), or undefined for
   * any other request: such a page is rendered with it, for this request only.
   */
  formReturnFor?: (
    request: FastifyRequest,
    pathname: string,
    search: string,
  ) => Promise<FormState> | undefined
}

export type PageServices = Pick<Vike.PageContextServer, 'documents'> & Pick<Vike.PageContext, 'partners'>

type RenderPage = typeof import('vike/server').renderPage

// Browsers send a handful of distinct Accept-Encoding values: the library parses each once.
const encodings = new Negotiator<'br' | 'gzip'>({
  supportedValues: ['br', 'gzip'],
  cache: new LRUCache<string, string>({ max: 100 }),
})

export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  if (options.mode === 'production') {
    await registerStaticFiles(app, path.join(options.root, 'dist/client'))
    // A server not built by Vite must load the server build before calling renderPage.
    await import(pathToFileURL(path.join(options.root, 'dist/server/entry.mjs')).href)
  } else {
    await registerViteDevMiddleware(app, options.root)
  }
  const { renderPage } = await import('vike/server')
  registerCrawlerFiles(app)
  app.decorate('renderFormPage', (request: FastifyRequest, urlPath: string, formState: FormState) =>
    renderFormPage(renderPage, options, request, urlPath, formState),
  )
  const cache =
    options.mode === 'production' ? createPageCache({ privateTtlMs: options.privatePageTtlMs }) : undefined
  const knownPages = prerenderedPaths(path.join(options.root, 'dist/client'))
  const rules = createPageRulesBook()
  // A changed partner changes its gate, the pages naming it and which paths are gates: none is
  // served, nor routed, from before.
  if (cache)
    options.services?.partners?.onChange(() => {
      cache.clear()
      rules.clear()
    })

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    // A kept page is answered from memory; a render enters the request context itself (asWorkOf).
    config: { requestContext: false },
    handler: (request, reply) => {
      const query = request.url.indexOf('?')
      const pathname = query === -1 ? request.url : request.url.slice(0, query)
      const search = query === -1 ? '' : request.url.slice(query + 1)
      // Unknown API paths answer in the API's JSON shape, not with the HTML error page.
      if (pathname.startsWith('/api/')) return reply.callNotFound()
      const lower = lowerCaseTwin(pathname, knownPages, options.services?.partners)
      if (lower) return reply.redirect(query === -1 ? lower : `${lower}?${search}`, 301)
      const formReturn = search === '' ? undefined : options.formReturnFor?.(request, pathname, search)
      if (formReturn) return sendFormReturn(renderPage, options, request, reply, pathname, formReturn)
      if (!cache) return renderUncached(renderPage, options, request, reply)
      const pageRules = rules.get(pathname)
      if (!pageRules)
        return renderFirst(renderPage, cache, rules, options, knownPages, pathname, search, request, reply)
      if (rendersPerRequest(pageRules))
        return renderUncached(renderPage, options, request, reply, options.perRequestLimiter)
      const url = keptUrl(pageRules, pathname, search)
      // Without a grant cookie there is nothing to verify: a kept public page answers at once.
      if (!mayHoldGrant(request.headers.cookie)) {
        const page = cache.get(url)
        if (page) return sendPage(request, reply, page)
      }
      const access = options.pageContextFor?.(request) ?? NO_ACCESS
      // Grants the server already knows (a remembered cookie) and a kept render: answered at once too.
      if (!(access instanceof Promise)) {
        const kept = cache.get(cacheKey(url, access.accessGrants ?? [], codesOf(access)))
        if (kept) return sendKept(request, reply, kept, access)
      }
      return renderCached(renderPage, cache, options, knownPages, pathname, url, request, reply, access)
    },
  })
}

/**
 * The page a path typed with capitals means (`/Technology`, a gate written as `/CircleK` in an
 * e-mail): its lower-case form, when that is a page or a partner's gate. Every route is lower-case,
 * so such a path would otherwise be a 404.
 */
function lowerCaseTwin(
  pathname: string,
  knownPages: ReadonlySet<string>,
  partners: PageServices['partners'] | undefined,
): string | undefined {
  const lower = pathname.toLowerCase()
  if (lower === pathname) return undefined
  return knownPages.has(lower) || partners?.get(lower.slice(1)) ? lower : undefined
}

/** The codes behind the verified grants: a document may be for some of a partner's codes only. */
const codesOf = (access: PageAccess): readonly string[] => access.accessCodes ?? []

/** A kept render, and the openings its guard reported, recorded again for this request. */
function sendKept(request: FastifyRequest, reply: FastifyReply, kept: CachedPage, access: PageAccess) {
  if (kept.openedBy.length > 0) access.recordOpening?.(kept.openedBy)
  return sendPage(request, reply, kept)
}

async function renderCached(
  renderPage: RenderPage,
  cache: PageCache,
  options: PagesOptions,
  knownPages: ReadonlySet<string>,
  pathname: string,
  url: string,
  request: FastifyRequest,
  reply: FastifyReply,
  pageAccess: PageAccess | Promise<PageAccess>,
) {
  const access = await pageAccess
  const grants = access.accessGrants ?? []
  const codes = codesOf(access)
  const key = cacheKey(url, grants, codes)
  const kept = cache.get(key)
  if (kept) return sendKept(request, reply, kept, access)
  // A pre-rendered page is a known route, not a 404 probe worth a limiter call.
  if (!knownPages.has(pathname)) await options.notFoundLimiter?.refuseIfOver(request)
  const { pageContext, openedBy } = await cache.once(key, async () => {
    const openedBy: PartnerSlug[] = []
    // The render sees the path with the query variants the page shows and the grants only
    // (page-cache.server.ts says why), and the id of the request that made it, which only an
    // error page shows (never kept: see below).
    const pageContext = await asWorkOf(request, () =>
      renderPage({
        ...options.services,
        urlOriginal: url,
        headersOriginal: {},
        requestId: request.id,
        accessGrants: grants,
        accessCodes: codes,
        recordOpening: (retailers: readonly PartnerSlug[]) => openedBy.push(...retailers),
      }),
    )
    return { pageContext, openedBy }
  })
  const { httpResponse, errorWhileRendering } = pageContext
  // Only pages are kept: 200s come from a fixed set of routes, while redirects (a guard's, or
  // Vike's trailing slash on any path) and errors could be made up by any client.
  if (openedBy.length > 0) access.recordOpening?.(openedBy)
  if (errorWhileRendering || httpResponse.statusCode !== 200 || pageContext.is404) {
    return sendRendered(pageContext, options, request, reply)
  }
  const page = cache.keep(key, {
    status: httpResponse.statusCode,
    headers: httpResponse.headers,
    body: httpResponse.body,
    public: grants.length === 0,
    openedBy,
  })
  return sendPage(request, reply, page)
}

/**
 * Pages rendered per request, and development: the whole URL, with the request's headers and
 * grants, never kept. `limiter` counts the render when the request holds no verified grant.
 */
async function renderUncached(
  renderPage: RenderPage,
  options: PagesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  limiter?: ClientLimiter,
) {
  await options.notFoundLimiter?.refuseIfOver(request)
  const access = (await options.pageContextFor?.(request)) ?? {}
  await countRender(limiter, request, access)
  const pageContext = await renderPerRequest(renderPage, options, request, access)
  return sendPerRequest(pageContext, options, request, reply)
}

/** Counts a render per request against the client's budget when it holds no verified grant. */
async function countRender(limiter: ClientLimiter | undefined, request: FastifyRequest, access: PageAccess) {
  if (limiter && (access.accessGrants ?? []).length === 0) await limiter.count(request)
}

function renderPerRequest(
  renderPage: RenderPage,
  options: PagesOptions,
  request: FastifyRequest,
  access: PageAccess,
) {
  return asWorkOf(request, () =>
    renderPage({
      ...options.services,
      urlOriginal: request.url,
      headersOriginal: request.headers,
      clientIp: request.ip,
      requestId: request.id,
      ...access,
    }),
  )
}

function sendPerRequest(
  pageContext: Rendered,
  options: PagesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const extra = options.headersFor?.(request.url.split('?', 1)[0] as string)
  if (extra && pageContext.httpResponse?.statusCode === 200) reply.headers(extra)
  return sendRendered(pageContext, options, request, reply)
}

/**
 * The first request for a path: rendered as a per-request render (right for any page), which
 * tells the page's rules. A page rendered per request keeps that answer; a kept page's answer is
 * made again as a kept render, as for every later request, and its openings recorded once.
 */
async function renderFirst(
  renderPage: RenderPage,
  cache: PageCache,
  rules: PageRulesBook,
  options: PagesOptions,
  knownPages: ReadonlySet<string>,
  pathname: string,
  search: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!knownPages.has(pathname)) await options.notFoundLimiter?.refuseIfOver(request)
  const access = (await options.pageContextFor?.(request)) ?? NO_ACCESS
  const openedBy: PartnerSlug[] = []
  const pageContext = await renderPerRequest(renderPage, options, request, {
    ...access,
    recordOpening: (retailers) => openedBy.push(...retailers),
  })
  const learned = rules.learn(pathname, pageContext)
  if (!learned || rendersPerRequest(learned)) {
    if (openedBy.length > 0) access.recordOpening?.(openedBy)
    // Made already (the render taught the rules); counted as any later one would be.
    if (learned) await countRender(options.perRequestLimiter, request, access)
    return sendPerRequest(pageContext, options, request, reply)
  }
  const url = keptUrl(learned, pathname, search)
  return renderCached(renderPage, cache, options, knownPages, pathname, url, request, reply, access)
}

type Rendered = Awaited<ReturnType<RenderPage>>

async function sendRendered(
  pageContext: Rendered,
  options: PagesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { httpResponse, errorWhileRendering } = pageContext
  // A page's `throw render(404)` (a guard refusing an unknown document) reaches here as an error
  // too; it is an answer the page chose, not a failure.
  if (errorWhileRendering && pageContext.abortStatusCode === undefined)
    request.log.error({ err: errorWhileRendering }, 'page rendering failed')
  // A request for an unknown page's pageContext.json (Vike's navigation data, which any client can
  // ask for though the site does not navigate on the client) is answered 200 with is404.
  // A page that answered `render(404)` (an unknown document) counts the same, its pageContext.json too.
  if (httpResponse.statusCode === 404 || pageContext.is404 || pageContext.abortStatusCode === 404) {
    request.log.info({ path: request.url.split('?', 1)[0] }, 'unknown path')
    await options.notFoundLimiter?.count(request)
  }
  for (const [name, value] of httpResponse.headers) reply.header(name, value)
  reply.header('cache-control', PRIVATE_PAGE)
  return reply.code(httpResponse.statusCode).send(httpResponse.body)
}

/** A kept page: 304 for its ETag, else the best encoding the client accepts among those made. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  if (page.status === 200 && request.headers['if-none-match'] === page.etag) {
    reply.headers(page.headers.identity).removeHeader('content-type')
    return reply.code(304).send()
  }
  const accept = request.headers['accept-encoding']
  const encoding = accept && (page.br || page.gzip) ? encodings.negotiate(accept) : null
  reply.code(page.status)
  if (encoding === 'br' && page.br) return reply.headers(page.headers.br).send(page.br)
  if (encoding === 'gzip' && page.gzip) return reply.headers(page.headers.gzip).send(page.gzip)
  return reply.headers(page.headers.identity).send(page.body)
}

/** sitemap.xml and robots.txt for the SITE_URL the server runs with (decision 013). */
function registerCrawlerFiles(app: FastifyInstance) {
  const files = [
    ['/sitemap.xml', 'application/xml; charset=utf-8', sitemapXml(brand.siteUrl)],
    ['/robots.txt', 'text/plain; charset=utf-8', robotsTxt(brand.siteUrl)],
  ] as const
  for (const [url, type, text] of files)
    app.get(url, (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=3600').send(text),
    )
}

/** A form page with the state of a failed post its address names: never kept, never stored by a cache. */
async function sendFormReturn(
  renderPage: RenderPage,
  options: PagesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
  formReturn: Promise<FormState>,
) {
  const state = await formReturn
  const html = await asWorkOf(request, () => renderFormPage(renderPage, options, request, pathname, state))
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
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
    ...options.services,
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
