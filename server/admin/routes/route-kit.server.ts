// What every console route file needs: the signed-in admin as pages show them, the actor the
// services record in the audit log, the permission options a route declares, and the confirmation
// a page shows after a change, and how a refused form reaches its page again (decision 071).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FormState } from '../../../lib/forms/form-state.ts'
import type { Actor } from '../../audit/audit.server.ts'
import { consoleUser, sessionOf } from '../console-context.server.ts'
import { type ConsoleForm, refuseTo, returnedForm } from '../http/form-return.server.ts'

export const READ = { config: { permission: 'read' as const } }
export const EDIT = { config: { permission: 'edit' as const } }
export const OWNER = { config: { permission: 'admins' as const } }

/**
 * The confirmation a page shows after a change redirected to it with `?done=<what>`: the page's
 * own words for each `what`, none for a missing or unknown one.
 */
export function doneMessage(messages: Readonly<Record<string, string>>) {
  return (request: FastifyRequest): string | undefined => {
    const { done } = request.query as { done?: unknown }
    return typeof done === 'string' && Object.hasOwn(messages, done) ? messages[done] : undefined
  }
}

export function routeKit(app: FastifyInstance) {
  const prisma = app.adminConsole.deps.db.prisma
  return {
    /** Answers a form refused for what was typed: 303 to its page, which shows it again. */
    refuse: (reply: FastifyReply, target: ConsoleForm, state: FormState) =>
      refuseTo(reply, prisma, target, state, app.adminConsole.now()),
    /** The refused form this page's address names, if any. */
    returned: (request: FastifyRequest, page: string) =>
      returnedForm(request, prisma, page, app.adminConsole.now()),
    user: (request: FastifyRequest) => consoleUser(app, sessionOf(request)),
    actor: (request: FastifyRequest): Actor => ({
      label: sessionOf(request).email,
      clientHash: app.adminConsole.clientHash(request),
    }),
  }
}
