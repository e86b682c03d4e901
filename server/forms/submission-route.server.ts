// One POST route per form. The HTML form posts it urlencoded, with the idempotency key in a hidden
// field: a browser navigating gets a 303 to a confirmation page, or the form page itself rendered
// by the server when something needs fixing; the enhanced form's fetch sends the same body with
// Accept: application/json and gets 201 { id } or the JSON error shape. API clients may send JSON
// with an Idempotency-Key header. Both go through the same CSRF check (app-wide), rate
// limit, size limits, zod schema (lib/forms), store-once write and notification.
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod/mini'
import { confirmationUrl } from '../../lib/forms/confirmation.ts'
import { IDEMPOTENCY_FIELD } from '../../lib/forms/idempotency.ts'
import type { Prisma } from '../db/database.server.ts'
import { clientHash } from '../http/client-hash.server.ts'
import { HttpError, validationError } from '../http/errors.server.ts'
import { answersPage, isFormPost, registerFormBody, requireJsonOrForm } from '../http/form-body.server.ts'
import { idempotencyKeyOf, isIdempotencyKey } from '../http/idempotency.server.ts'
import { type RateLimitName, routeRateLimit } from '../http/rate-limits.server.ts'
import type { NotificationPayload } from '../notifications/events.server.ts'
import { admitFormPost, type FormPage, formErrorHandler } from './form-errors.server.ts'
import { sameRowData, storeOnce } from './store-once.server.ts'

export interface SubmissionRoute<S extends z.ZodMiniType, Data extends Record<string, unknown>> {
  url: string
  /** Its limit per client (server/http/rate-limits.server.ts). */
  rateLimit: RateLimitName
  /** Names the submission in log lines: never the values, which are personal data. */
  name: string
  schema: S
  /** The HTML form posting here: its page, fields and confirmation page. */
  page: FormPage
  /** The column values of a valid submission (a stored row with the same values is a replay). */
  rowData(input: z.output<S>): Data
  /** The submissions' table (its Prisma model); the insert runs in the transaction that queues its notification. */
  table(db: Prisma.TransactionClient): SubmissionTable<Data>
  /** The notification a stored submission queues. */
  event(id: string): NotificationPayload
}

/** The part of a Prisma model a submission route uses: insert a row, find one by its idempotency key. */
export interface SubmissionTable<Data> {
  create(query: {
    data: Data & { idempotencyKey: string | undefined }
    select: { id: true }
  }): Promise<{ id: string }>
  findUnique(query: {
    where: { idempotencyKey: string }
  }): Promise<({ id: string } & Record<string, unknown>) | null>
}

export async function submissionRoute<S extends z.ZodMiniType, Data extends Record<string, unknown>>(
  app: FastifyInstance,
  route: SubmissionRoute<S, Data>,
): Promise<void> {
  await registerFormBody(app)
  app.setErrorHandler(formErrorHandler(app, route.page))
  app.post(
    route.url,
    {
      // Counted once the body is parsed, so a visitor over the limit gets the form back with what they typed.
      config: { rateLimit: { ...routeRateLimit(route.rateLimit), hook: 'preHandler' } },
      onRequest: requireJsonOrForm,
    },
    async (request, reply) => {
      admitFormPost(request)
      const form = isFormPost(request)
      const headerKey = form ? undefined : idempotencyKeyOf(request)
      const parsed = route.schema.safeParse(request.body)
      if (!parsed.success) throw validationError(parsed.error)
      const key = form ? formKeyOf(app, request, parsed.data) : headerKey
      const data = route.rowData(parsed.data)
      const stored = await storeOnce({
        key,
        // The notification is written in the same transaction: stored means announced.
        create: (idempotencyKey) =>
          app.outbox.createWith(
            (tx) => route.table(tx).create({ data: { ...data, idempotencyKey }, select: { id: true } }),
            (row) => route.event(row.id),
          ),
        find: (idempotencyKey) => route.table(app.deps.db.prisma).findUnique({ where: { idempotencyKey } }),
        sameAs: (row) => sameRowData(row, data),
      })
      request.log.info({ id: stored.id, replayed: stored.replayed }, `${route.name} stored`)
      reply.header('cache-control', 'no-store')
      if (stored.replayed) reply.header('idempotent-replayed', 'true')
      // The confirmation carries when the post was stored: that page says "received" only soon after.
      if (answersPage(request))
        return reply.code(303).header('location', confirmationUrl(route.page.confirmation, new Date())).send()
      return reply.status(201).send({ id: stored.id })
    },
  )
}

/**
 * A form post's key is its hidden field. The pre-rendered page cannot hold a fresh key for each
 * visitor, so a post without one gets a key made of the client and the answers: the same answers
 * sent twice from one client (a double click, a press replayed when the script arrives, a resend
 * after a lost answer) are stored once, and changed answers are a new submission.
 */
function formKeyOf(app: FastifyInstance, request: FastifyRequest, data: unknown): string {
  const raw = (request.body as Record<string, unknown>)[IDEMPOTENCY_FIELD]
  if (raw === undefined || raw === '') {
    const client = clientHash(app.access.keys.ip, request.ip)
    const digest = createHash('sha256')
      .update(`${request.routeOptions.url}\n${client}\n${JSON.stringify(data)}`)
      .digest('base64url')
    return `form-${digest}`
  }
  if (typeof raw === 'string' && isIdempotencyKey(raw)) return raw
  throw new HttpError(400, 'invalid_idempotency_key', 'This form is out of date. Please send it again.')
}
