// Limits on the HTTP transport itself, before any route runs: how big a request may be and how
// long a client may take to send it. A slow or hostile client (slowloris: headers trickled one
// byte at a time) then holds a socket for seconds, not minutes. Node enforces the timeouts with
// a periodic sweep, so a stalled client is cut within the timeout plus one sweep interval.
import { type ServerOptions, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/** Every JSON and form body; the largest form (an application) stays far below it. */
export const BODY_LIMIT_BYTES = 16 * 1024
/** Request line plus headers. Node's default, stated so that a Node upgrade cannot change it unseen: larger → 431. */
export const MAX_HEADER_BYTES = 16 * 1024
/** Browsers send all headers in one or two packets; 10 s covers a very bad mobile link. */
export const HEADERS_TIMEOUT_MS = 10_000
/** The whole request (headers and a 16 KB body) must arrive in 15 s: about 9 kbit/s at worst. */
export const REQUEST_TIMEOUT_MS = 15_000
/** A socket with no traffic at all (mid-request or between keep-alive requests) is closed after 60 s. */
export const IDLE_TIMEOUT_MS = 60_000
/** How often Node sweeps connections for the two timeouts above (its default is 30 s). */
export const TIMEOUT_SWEEP_MS = 1_000

export interface TransportOptions {
  bodyLimit: number
  requestTimeout: number
  connectionTimeout: number
  http: ServerOptions
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => void
}

export function transportOptions(): TransportOptions {
  return {
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: IDLE_TIMEOUT_MS,
    http: {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_SWEEP_MS,
    },
    clientErrorHandler,
  }
}

const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    message: 'The request took too long to arrive.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: 'The request headers are too large.',
  },
}
const MALFORMED = { status: 400, code: 'bad_request', message: 'The request is malformed.' }

/**
 * Errors Node raises before Fastify sees a request (malformed HTTP, oversized headers, timeouts):
 * answered in the app's one error shape and the connection closed. Fastify's default handler
 * uses another body shape.
 */
function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // https://nodejs.org/api/http.html#event-clienterror
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const { status, code, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED
  this.log.debug({ reason: error.code ?? error.message }, 'client error')
  if (socket.writable) {
    const body = JSON.stringify({ error: { code, message } })
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}
