// One error shape for every JSON error answer: { error: { code, message, fields?, requestId } }.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { $ZodError } from 'zod/v4/core'

export type FieldErrors = Record<string, string>

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: FieldErrors; requestId?: string }
}

export const GENERIC_5XX_MESSAGE = 'Something went wrong on our side. Please try again in a moment.'

/** First message per field path ("numberOfLocations", "address.city"), for forms to show beside inputs. */
export function fieldErrorsOf(error: $ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_root'
    fields[key] ??= issue.message
  }
  return fields
}

export function validationError(error: $ZodError): HttpError {
  return new HttpError(400, 'validation_failed', 'Some fields need attention.', fieldErrorsOf(error))
}

// Fastify's own errors mapped to clear, stable codes.
const fastifyCodes: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the body as application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid_content_length',
    message: 'The Content-Length header does not match the body.',
  },
}

export function describeError(error: FastifyError | HttpError | Error): {
  status: number
  body: ErrorBody
  headers?: Record<string, string>
} {
  if (error instanceof HttpError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } }
    if (error.fields) body.error.fields = error.fields
    return { status: error.statusCode, body, headers: error.headers }
  }
  const fastifyError = error as FastifyError
  const known = fastifyError.code ? fastifyCodes[fastifyError.code] : undefined
  if (known) return { status: known.status, body: { error: { code: known.code, message: known.message } } }
  if (error instanceof SyntaxError && (fastifyError.statusCode ?? 0) === 400) {
    return {
      status: 400,
      body: { error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } },
    }
  }
  const status = fastifyError.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const code = status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'bad_request'
    return { status, body: { error: { code, message: error.message || 'Bad request.' } } }
  }
  return {
    status: status >= 500 && status < 600 ? status : 500,
    body: { error: { code: 'internal_error', message: GENERIC_5XX_MESSAGE } },
  }
}

/** An error body naming its request, as the answer's X-Request-Id does (for a report to quote). */
export function withRequestId(body: ErrorBody, request: FastifyRequest): ErrorBody {
  return { error: { ...body.error, requestId: request.id } }
}

/** The JSON answer for a failed request (the app's error handler; scoped handlers fall back to it). */
export function answerJsonError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body, headers } = describeError(error)
  if (status >= 500) {
    // Logged with the request context; the client only sees the generic message.
    // HttpError 5xx messages are written for clients (e.g. 'database unavailable'); others are generic.
    request.log.error({ err: error, req: request }, 'request failed')
  }
  if (headers) reply.headers(headers)
  return reply.status(status).type('application/json; charset=utf-8').send(withRequestId(body, request))
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerJsonError)
}
