// Every request has one id, in every log line it causes (Fastify binds it to request.log), in its
// answer's X-Request-Id, in its error bodies and pages, and in the document jobs it starts
// (decision 057). A proxy the app trusts (TRUST_PROXY, the rule X-Forwarded-For is believed by)
// may hand its own id in X-Request-Id, so the proxy's access log and the app's lines share it;
// from anyone else the header is ignored: a client must not choose what an operator searches by.
// An id that is too long or holds characters a log or header should not carry is replaced too.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { TrustedPeer } from '../trust-proxy.server.ts'

export const REQUEST_ID_HEADER = 'x-request-id'

/** Proxies' ids: Caddy's and Envoy's UUIDs, nginx's 32 hex digits, AWS's `Root=1-…`, and the like. */
export const requestIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:=+/-]+$/)

/** Fastify's `genReqId`: the trusted proxy's id when it is a valid one, else a new random one. */
export function requestIdFrom(trusted: TrustedPeer | false): (raw: IncomingMessage) => string {
  return (raw) => {
    const given = raw.headers[REQUEST_ID_HEADER]
    const peer = raw.socket?.remoteAddress
    if (trusted && given !== undefined && peer !== undefined && trusted(peer, 0)) {
      const parsed = requestIdSchema.safeParse(given)
      if (parsed.success) return parsed.data
    }
    return randomUUID()
  }
}

/** Every answer names its request, errors and refusals by the earliest hooks included. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
}
