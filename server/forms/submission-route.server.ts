// One POST route per form: JSON only, rate-limited per IP, validated by the form's own zod
// schema (lib/forms), stored once per Idempotency-Key, answered 201 { id }.
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { validationError } from '../http/errors.server'
import { idempotencyKeyOf } from '../http/idempotency.server'
import { requireJson } from '../http/json-only.server'
import { type StoreOnceOptions, storeOnce } from './store-once.server'

/** Per client IP and route: generous for a person (retries included), tight for a script. */
export const SUBMISSION_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 }

export interface SubmissionRoute<S extends z.ZodType, Row extends { id: string }> {
  url: string
  /** Names the submission in log lines: never the values, which are personal data. */
  name: string
  schema: S
  /** The row data for a valid submission; `sameAs` compares a stored row with it. */
  store(input: z.output<S>): Omit<StoreOnceOptions<Row>, 'key'>
}

export function submissionRoute<S extends z.ZodType, Row extends { id: string }>(
  app: FastifyInstance,
  route: SubmissionRoute<S, Row>,
): void {
  app.post(
    route.url,
    {
      config: { rateLimit: SUBMISSION_RATE_LIMIT },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request)
      const parsed = route.schema.safeParse(request.body)
      if (!parsed.success) throw validationError(parsed.error)
      const stored = await storeOnce({ key, ...route.store(parsed.data) })
      request.log.info({ id: stored.id, replayed: stored.replayed }, `${route.name} stored`)
      if (stored.replayed) reply.header('idempotent-replayed', 'true')
      return reply.status(201).header('cache-control', 'no-store').send({ id: stored.id })
    },
  )
}
