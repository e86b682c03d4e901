// Requests that arrive while the server drains (server/main.server.ts calls app.close() on SIGTERM):
// closing the listener only refuses new connections, so a request pipelined or sent on an open
// keep-alive connection still comes in. Fastify's own `return503OnClosing` answers those with a
// body in its own shape; this answers in ours, with Retry-After so the client (or the proxy in
// front) retries once the restart is over. Fastify still adds `Connection: close` while closing,
// so each such connection ends after this answer.
// A request already in flight when the drain begins is answered normally, with `Connection: close`
// too: Node would otherwise announce keep-alive and then close the socket once the answer is out,
// and a proxy that put the connection back in its pool could send the next request on it in that
// instant and get a reset (a 502 for its client). Announced, the close is never raced. When a
// request pipelined behind it already came in, that one's 503 closes the connection instead, so
// it is answered rather than cut off.
import type { FastifyInstance } from 'fastify'
import { describeError, HttpError, withRequestId } from './errors.server.ts'

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
  // Connections on which a request came in during the drain: its 503 closes them.
  const closedByLaterAnswer = new WeakSet<object>()
  // preClose: Fastify's close has begun and the listener is about to stop accepting connections.
  app.addHook('preClose', (done) => {
    draining = true
    done()
  })
  // A callback hook, not async: it runs on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining) return done()
    closedByLaterAnswer.add(request.raw.socket)
    // Answered here rather than thrown to the error handler: that logs every 5xx as a failure,
    // and a restart is not one. The body still comes from describeError, the one error shape.
    const { status, body, headers } = SHUTTING_DOWN
    if (headers) reply.headers(headers)
    reply.code(status).type('application/json; charset=utf-8').send(withRequestId(body, request))
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    if (draining && !closedByLaterAnswer.has(request.raw.socket)) reply.header('connection', 'close')
    done(null, payload)
  })
}
