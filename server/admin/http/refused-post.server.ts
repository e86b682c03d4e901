// A console post refused for the state of things rather than for what was typed — the row it
// names is gone, the admin's role no longer allows it, someone else changed it meanwhile —
// answers 303 to a page that says so (decision 071), not a page in the post's own answer: a
// reload then shows the refusal again and posts nothing. The message, its status and the post's
// request id are kept in `form_returns` under `/admin/refused#<status>`.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { PrismaClient } from '../../db/database.server.ts'
import { isWriteConflict } from '../../db/errors.server.ts'
import {
  FORM_RETURN_PARAM,
  formReturnLocation,
  keepFormReturn,
  readKeptState,
} from '../../forms/form-returns.server.ts'
import { HttpError } from '../../http/errors.server.ts'

export const REFUSED_PAGE = '/admin/refused'

/** A write that met a row another request had removed or added meanwhile (Prisma's P2025, P2002). */
export const CHANGED_MEANWHILE =
  'Someone else changed this at the same time. Open the page again to see it as it is now, and try again if it is still needed.'

export const REFUSAL_GONE =
  'This page said why an action was refused; it is kept for an hour and is no longer here.'

/** The status a console request's error answers with: a write that met another's change is a 409. */
export function consoleStatusOf(error: unknown): number {
  if (isWriteConflict(error)) return 409
  if (error instanceof HttpError) return error.statusCode
  const status = (error as { statusCode?: unknown }).statusCode
  return typeof status === 'number' ? status : 500
}

/**
 * Whether a refused page post goes to the refused page: a row that is gone (404), a change met
 * meanwhile (409) or a role that does not allow it (403 `forbidden`). A malformed or oversized
 * body, a missing CSRF token and a rate limit are answered in place (decision 069).
 */
export function refusedAfterPost(request: FastifyRequest, error: unknown, status: number): boolean {
  if (request.method !== 'POST' || request.routeOptions.config?.api) return false
  return status === 404 || status === 409 || (error instanceof HttpError && error.code === 'forbidden')
}

/** Keeps the refusal and answers 303 to the page that shows it. */
export async function refuseToPage(
  reply: FastifyReply,
  prisma: PrismaClient,
  refusal: { status: number; message: string; requestId: string },
  now: Date,
): Promise<FastifyReply> {
  const id = await keepFormReturn(
    prisma,
    `${REFUSED_PAGE}#${refusal.status}`,
    { values: { requestId: refusal.requestId }, errors: {}, message: refusal.message },
    now,
  )
  return reply.redirect(formReturnLocation(REFUSED_PAGE, id), 303)
}

/** The refusal the page's address names, or the one saying it is no longer kept (a 404). */
export async function keptRefusal(
  request: FastifyRequest,
  prisma: PrismaClient,
  now: Date,
): Promise<{ status: number; message: string; requestId: string }> {
  const id = (request.query as Record<string, unknown> | undefined)?.[FORM_RETURN_PARAM]
  const kept = typeof id === 'string' ? await readKeptState(prisma, id, now) : undefined
  const status = Number(kept?.path.slice(REFUSED_PAGE.length + 1))
  if (!kept?.path.startsWith(`${REFUSED_PAGE}#`) || !kept.state.message || !(status >= 400 && status < 500)) {
    return { status: 404, message: REFUSAL_GONE, requestId: request.id }
  }
  return { status, message: kept.state.message, requestId: kept.state.values.requestId ?? request.id }
}
