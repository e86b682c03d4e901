import type { FastifyRequest } from 'fastify'
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../lib/forms/idempotency.ts'
import { HttpError } from './errors.server.ts'

export const isIdempotencyKey = (value: string): boolean => IDEMPOTENCY_KEY_PATTERN.test(value)

/** The request's Idempotency-Key, undefined when absent; a malformed key is a 400, not ignored. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()]
  if (raw === undefined) return undefined
  const key = Array.isArray(raw) ? undefined : raw.trim()
  if (!key || !isIdempotencyKey(key)) {
    throw new HttpError(
      400,
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 8 to 128 letters, digits, "-" or "_".',
    )
  }
  return key
}
