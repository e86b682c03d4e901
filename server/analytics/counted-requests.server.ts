// Which answered requests count (decision 065), decided from the request and its answer alone so
// the check costs a few header reads after the answer is sent, the cheapest first:
// - a page view: a GET answered 200 (or 304 to a browser revalidating) by the pages route with a
//   public page (rendered without any grant: the docket, the proposal and documents never are), a
//   browser navigating to it (Sec-Fetch-Dest: document, or an Accept of HTML where the browser
//   sends no Fetch Metadata), not a prefetch or prerender, not a bot;
// - a goal: an application or a contact message stored (not a replay), a gate opened (a grant
//   cookie set).
// The checks run only on the routes that can count (countedOn, read as each route is added):
// /admin, the API, media and built files have routes of their own and never count as views.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'
import { PUBLIC_PAGE } from '../vike/page-cache.server.ts'

export const GOALS = ['application', 'contact', 'gate'] as const
export type Goal = (typeof GOALS)[number]

/** The pages route (server/vike/pages.server.ts). */
const PAGES_ROUTE = '/*'
const GOAL_ROUTES: Record<string, Goal> = {
  '/api/applications': 'application',
  '/api/contact': 'contact',
}
const ACCESS_ROUTES = '/api/access/'

/** What an answer of the route at `url` may count as, if anything. */
export function countedOn(url: string): 'view' | 'goal' | undefined {
  if (url === PAGES_ROUTE) return 'view'
  if (Object.hasOwn(GOAL_ROUTES, url) || url.startsWith(ACCESS_ROUTES)) return 'goal'
  return undefined
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

// isbot's pattern costs microseconds a call; the user agents of a site's visitors repeat.
const botAgents = new LRUCache<string, boolean>({ max: 2000 })

/** A person's browser, not a crawler, a monitor or a script that names no browser. */
export function isPerson(userAgent: string | undefined): userAgent is string {
  if (!userAgent) return false
  let bot = botAgents.get(userAgent)
  if (bot === undefined) {
    bot = isbot(userAgent)
    botAgents.set(userAgent, bot)
  }
  return !bot
}

function isNavigation(request: FastifyRequest): boolean {
  const dest = header(request, 'sec-fetch-dest')
  if (dest !== undefined) {
    if (dest !== 'document') return false
  } else if (!header(request, 'accept')?.includes('text/html')) return false
  // Speculation rules and <link rel=prefetch> (Sec-Purpose), older Chrome and Safari (Purpose),
  // Firefox (X-Moz): the visitor may never see the page.
  const purpose = header(request, 'sec-purpose') ?? header(request, 'purpose') ?? header(request, 'x-moz')
  return !purpose || !/prefetch|prerender|preview/i.test(purpose)
}

/** A page view, of an answer of the pages route (the only route whose answers are asked). */
export function isPageView(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    (reply.statusCode === 200 || reply.statusCode === 304) &&
    request.method === 'GET' &&
    reply.getHeader('cache-control') === PUBLIC_PAGE &&
    isNavigation(request)
  )
}

function grantsCookie(reply: FastifyReply): boolean {
  const cookies = reply.getHeader('set-cookie')
  const list = Array.isArray(cookies) ? cookies : cookies === undefined ? [] : [String(cookies)]
  return list.some((cookie) => !/max-age=0/i.test(cookie))
}

export function goalOf(request: FastifyRequest, reply: FastifyReply): Goal | undefined {
  if (request.method !== 'POST' || reply.statusCode >= 400) return undefined
  const route = request.routeOptions.url ?? ''
  const goal = GOAL_ROUTES[route]
  if (goal) return reply.getHeader('idempotent-replayed') ? undefined : goal
  if (route.startsWith(ACCESS_ROUTES) && grantsCookie(reply)) return 'gate'
  return undefined
}
