// Requests that arrive while the server drains (server/main.server.ts calls app.close() on SIGTERM):
// closing the listener only refuses new connections, so a request pipelined or sent on an open
// keep-alive connection still comes in. Fastify's own `return503OnClosing` answers those with a
// body in its own shape; this answers in ours, with Retry-After so the client (or the proxy in
// front) retries once the restart is over. Fastify still adds `Connection: close` while closing,
// so each such connection ends after this answer.
import type { FastifyInstance } from 'fastify'
import { describeError, HttpError } from './errors.server.ts'

const SHUTTING_DOWN = describeError(
  new HttpError(
    503,
    'shutting_down',
    'The server is restarting. Please try again in a moment.',
    undefined,
    // An answer about this moment only: no cache may keep it past the restart.
    { 'retry-after': '5', 'cache-control': 'no-store' },
  ),
)

/** Register before the routes, so the check runs ahead of every other request hook that does work. */
export function registerDraining(app: FastifyInstance): void {
  let draining = false
  // preClose: Fastify's close has begun and the listener is about to stop accepting connections.
  app.addHook('preClose', (done) => {
    draining = true
    done()
  })
  // A callback hook, not async: it runs on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done()
    // Answered here rather than thrown to the error handler: that logs every 5xx as a failure,
    // and a restart is not one. The body still comes from describeError, the one error shape.
    const { status, body, headers } = SHUTTING_DOWN
    if (headers) reply.headers(headers)
    reply.code(status).type('application/json; charset=utf-8').send(body)
  })
}
