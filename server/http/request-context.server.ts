// The request a piece of work runs for, without passing it down every call: a document job is
// started deep inside a store, a stamp cache or a page's render, which know nothing of requests,
// yet its log line must carry the request's id (decision 057). Node's AsyncLocalStorage follows
// the handler's awaits; outside a request (the CLI, timers) there is none.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'

export interface RequestContext {
  id: string
  /** The request's logger: its lines carry the request id. */
  log: FastifyBaseLogger
}

const storage = new AsyncLocalStorage<RequestContext>()

/** The request the caller works for, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore()
}

export function registerRequestContext(app: FastifyInstance): void {
  // preHandler, not onRequest: a body read before the handler resumes in the socket's context,
  // and the handler is where the work starts.
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ id: request.id, log: request.log }, done)
  })
}
