// How a form route answers a failure. The enhanced form's fetch gets the app's JSON error shape;
// a plain HTML form post gets a 303 to its own page, whose address names the post's state kept in
// Postgres (form-returns.server.ts, decision 069): the values as typed, an error summary at the top
// and a message beside each field, and a reload that posts nothing. A cross-site post is refused
// before its body is read, so its page has the message only. Only a post the route admitted (its
// origin, size, encoding and rate limit passed) is kept: a refusal before that writes nothing, so no
// client can make the server write by sending posts it refuses, and its page is rendered in place at
// its status, as it is when the state cannot be kept (the database away, often the very failure).
import { randomUUID } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type FormState, submittedValues } from '../../lib/forms/form-state.ts'
import { IDEMPOTENCY_FIELD } from '../../lib/forms/idempotency.ts'
import { answerJsonError, describeError, HttpError } from '../http/errors.server.ts'
import { answersPage } from '../http/form-body.server.ts'
import { isIdempotencyKey } from '../http/idempotency.server.ts'
import { formReturnLocation, keepFormReturn } from './form-returns.server.ts'

export interface FormPage {
  /** The page holding the form ('/apply'). */
  path: string
  /** Where a stored post is redirected ('/apply/received', with when it was sent: lib/forms/confirmation.ts). */
  confirmation: string
  fields: readonly string[]
}

// The posts that reached the route's handler: counted by the rate limit, their body parsed.
const admittedPosts = new WeakSet<FastifyRequest>()

/** Marks a post as admitted by its route: a failure from here on keeps its answers for a 303. */
export function admitFormPost(request: FastifyRequest): void {
  admittedPosts.add(request)
}

export function formErrorHandler(app: FastifyInstance, page: FormPage) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const render = app.renderFormPage
    if (!answersPage(request) || !render) return answerJsonError(error, request, reply)
    const { status, body, headers } = describeError(error)
    if (status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error, req: request }, 'request failed')
    }
    const state: FormState = {
      values: submittedValues(request.body, page.fields),
      errors: body.error.fields ?? {},
      message: body.error.code === 'validation_failed' ? undefined : body.error.message,
      key: retryKey(request.body, status),
    }
    const kept = admittedPosts.has(request)
      ? await keepFormReturn(app.deps.db.prisma, page.path, state, new Date()).catch((err: unknown) => {
          request.log.warn({ err }, 'could not keep the answers of a failed form post')
          return undefined
        })
      : undefined
    if (kept) {
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', formReturnLocation(page.path, kept))
        .send()
    }
    const html = await render(request, page.path, state)
    if (headers) reply.headers(headers)
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html)
  }
}

/**
 * The key the form carries next. After a server-side failure the answers may have been stored
 * before the failure was noticed: sending them again is a retry of the same submission, so the
 * same key comes back. After anything the visitor has to change, the next post is a new one.
 */
function retryKey(body: unknown, status: number): string {
  const sent = submittedValues(body, [IDEMPOTENCY_FIELD])[IDEMPOTENCY_FIELD] ?? ''
  return status >= 500 && isIdempotencyKey(sent) ? sent : randomUUID()
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Renders a form page with a failed post's state (set by server/vike when the app serves
     * pages; an API-only app answers form posts in JSON).
     */
    renderFormPage?: (request: FastifyRequest, path: string, state: FormState) => Promise<string>
  }
}
