// One log line per answered request when LOG_REQUESTS=true: method, route, status, duration and
// the client's address hashed with the same key as the access attempts (so an operator can match
// the two), never the address itself, headers, cookies, query strings or bodies. Off by default:
// a pre-rendered page costs little, and a line for each would be most of it.
import type { FastifyInstance } from 'fastify'
import { clientHash } from './client-hash.server.ts'
import { routeLabel } from './route-label.server.ts'

export function registerRequestLog(app: FastifyInstance, ipKey: () => Buffer): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: routeLabel(request, reply),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ipHash: clientHash(ipKey(), request.ip).slice(0, 12),
      },
      'request',
    )
    done()
  })
}
