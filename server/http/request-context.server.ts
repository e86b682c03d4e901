// The request a piece of work runs for, without passing it down every call: a document job is
// started deep inside a store, a stamp cache or a page's render, which know nothing of requests,
// yet its log line must carry the request's id (decision 057). Node's AsyncLocalStorage follows
// the handler's awaits; outside a request (the CLI, timers) there is none.
//
// Entering the context costs every request it wraps, so a route whose answers never start
// document work, or that enters it only around the part that may, says so with
// `config: { requestContext: false }`: the pages route (a kept page is bytes from memory; its
// renders enter the context themselves) and the media routes.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify'

export interface RequestContext {
  id: string
  /** The request's logger: its lines carry the request id. */
  log: FastifyBaseLogger
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False: the route's handler enters the request context itself where it needs it, if anywhere. */
    requestContext?: boolean
  }
}

const storage = new AsyncLocalStorage<RequestContext>()

/** The request the caller works for, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore()
}

/** Runs `work`, and what it awaits, as work of `request`. */
export function asWorkOf<T>(request: FastifyRequest, work: () => T): T {
  return storage.run({ id: request.id, log: request.log }, work)
}

// A preHandler, not onRequest: a body read before the handler resumes in the socket's context,
// and the handler is where the work starts.
const enterContext: preHandlerHookHandler = (request, _reply, done) => asWorkOf(request, done)

export function registerRequestContext(app: FastifyInstance): void {
  // Each route is added after this (the app registers it before any route), first in its
  // preHandlers so they run in the context too.
  app.addHook('onRoute', (route) => {
    if (route.config?.requestContext === false) return
    route.preHandler = [enterContext, ...[route.preHandler ?? []].flat()]
  })
}
