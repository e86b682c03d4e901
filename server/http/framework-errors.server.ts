// Requests Fastify refuses before routing: an address it cannot decode (a `%` not followed by two
// hexadecimal digits) or a path parameter past the router's limit. No hook runs for them, so the
// answer sets what the hooks set on every other one (its request id, the security headers) and
// says what is wrong in the error shape of every JSON error.
import type { FastifyReply, FastifyServerOptions } from 'fastify'
import { withRequestId } from './errors.server.ts'
import { REQUEST_ID_HEADER } from './request-id.server.ts'
import { type SecurityHeaderOptions, securityHeaderSetter } from './security-headers.server.ts'

const BAD_URL = {
  status: 400,
  body: {
    error: {
      code: 'bad_url',
      message: 'This address is not valid: a % in it must be followed by two hexadecimal digits.',
    },
  },
}

/** Anything else Fastify may raise there (a parameter past the router's limit). */
const OTHER = {
  status: 400,
  body: { error: { code: 'bad_request', message: 'This address cannot be served.' } },
}

export function frameworkErrors(
  options: SecurityHeaderOptions,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const setHeaders = securityHeaderSetter(options)
  return (error, request, rawReply) => {
    // Typed for any route schema; this answer has none.
    const reply = rawReply as FastifyReply
    const { status, body } = error.code === 'FST_ERR_BAD_URL' ? BAD_URL : OTHER
    reply.header(REQUEST_ID_HEADER, request.id)
    setHeaders(request, reply)
    reply.status(status).type('application/json; charset=utf-8').send(withRequestId(body, request))
  }
}
