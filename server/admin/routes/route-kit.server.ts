// What every console route file needs: the signed-in admin as pages show them, the actor the
// services record in the audit log, and the permission options a route declares.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Actor } from '../../audit/audit.server.ts'
import { consoleUser, sessionOf } from '../console-context.server.ts'

export const READ = { config: { permission: 'read' as const } }
export const EDIT = { config: { permission: 'edit' as const } }
export const OWNER = { config: { permission: 'admins' as const } }

export function routeKit(app: FastifyInstance) {
  return {
    user: (request: FastifyRequest) => consoleUser(app, sessionOf(request)),
    actor: (request: FastifyRequest): Actor => ({
      label: sessionOf(request).email,
      clientHash: app.adminConsole.clientHash(request),
    }),
  }
}
