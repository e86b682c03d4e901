// The console's answer to a request that failed or was refused: its own page (or JSON for the
// passkey script's calls), with the request's id to quote. A page's post refused for the state of
// things goes to the refused page instead (refused-post.server.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isWriteConflict } from '../../db/errors.server.ts'
import { HttpError } from '../../http/errors.server.ts'
import { consoleUser } from '../console-context.server.ts'
import { ProblemPage } from '../views/ProblemPage.tsx'
import { CHANGED_MEANWHILE, consoleStatusOf, refusedAfterPost, refuseToPage } from './refused-post.server.ts'
import { sendConsolePage } from './render.server.tsx'

const TITLES: Record<number, string> = {
  400: 'That did not work',
  403: 'Not allowed',
  404: 'Page not found',
  409: 'Changed meanwhile',
  413: 'Too large',
  415: 'Not accepted',
  429: 'Too many requests',
}

export async function sendProblem(
  scope: FastifyInstance,
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = consoleStatusOf(error)
  const clientError = status >= 400 && status < 500
  if (!clientError) request.log.error({ err: error }, 'console request failed')
  else if (isWriteConflict(error))
    request.log.info({ code: (error as { code: string }).code }, 'console write met another change')
  const message = isWriteConflict(error)
    ? CHANGED_MEANWHILE
    : clientError
      ? (error as Error).message
      : 'Something went wrong on our side. Please try again in a moment.'
  if (error instanceof HttpError && error.headers) reply.headers(error.headers)
  // The passkey script's calls read the message from JSON; a page gets the page.
  if (request.routeOptions.config?.api) return reply.code(status).send({ message, requestId: request.id })
  if (refusedAfterPost(request, error, status)) {
    try {
      return await refuseToPage(
        reply,
        scope.adminConsole.deps.db.prisma,
        { status, message, requestId: request.id },
        scope.adminConsole.now(),
      )
    } catch (err) {
      // Kept nowhere (the database is down): the refusal is answered in place, as before.
      request.log.warn({ err }, 'could not keep a refused console post')
    }
  }
  return sendProblemPage(scope, request, reply, { status, message, requestId: request.id })
}

/** The problem page: what happened, the way back, and the id of the request it happened in. */
export function sendProblemPage(
  scope: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  problem: { status: number; message: string; requestId: string },
) {
  const session = request.adminSession
  const title = TITLES[problem.status] ?? 'Something went wrong'
  return sendConsolePage(
    reply,
    title,
    <ProblemPage
      user={session ? consoleUser(scope, session) : undefined}
      title={title}
      message={problem.message}
      requestId={problem.requestId}
    />,
    problem.status,
  )
}
