// The admin console at /admin (decision 041): server-rendered pages and plain form posts, its own
// sessions and cookie, roles checked on every action, every answer private and unindexed under a
// strict CSP. Routes declare what they need in `config.permission`; the preHandler here is the one
// place that checks it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { may, refusal } from '../../lib/admin/roles.ts'
import { clientHash } from '../http/client-hash.server.ts'
import { HttpError } from '../http/errors.server.ts'
import { registerFormBody } from '../http/form-body.server.ts'
import { readSession, sessionMaxAgeMs } from './admin-sessions.server.ts'
import type { Console, ConsoleDeps } from './console-context.server.ts'
import { consoleFontUrl } from './http/console-font.server.ts'
import { CSRF_REFUSAL, csrfKey, csrfMatches } from './http/csrf.server.ts'
import { sendProblem } from './http/problem.server.tsx'
import { sessionTokenOf } from './http/session-cookie.server.ts'
import { agreementRoutes } from './routes/agreement-routes.server.tsx'
import { consoleAssetRoutes } from './routes/asset-routes.server.ts'
import { codeRoutes } from './routes/code-routes.server.tsx'
import { consoleDocumentRoutes } from './routes/document-routes.server.tsx'
import { consolePageRoutes } from './routes/general-routes.server.tsx'
import { partnerRoutes } from './routes/partner-routes.server.tsx'
import { passkeyRoutes } from './routes/passkey-routes.server.tsx'
import { consoleRecordRoutes } from './routes/record-routes.server.tsx'
import { refusedRoutes } from './routes/refused-routes.server.tsx'
import { signInRoutes } from './routes/sign-in-routes.server.tsx'
import { viewerRoutes } from './routes/viewer-routes.server.tsx'
import { visitorRoutes } from './routes/visitor-routes.server.tsx'

const HEADERS = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  // Sign-in links carry their token in the URL: no page of the console names itself to another
  // site. (Not no-referrer: a browser then sends `Origin: null` with form posts, which the CSRF
  // check refuses.)
  'referrer-policy': 'same-origin',
}

export async function registerAdminConsole(app: FastifyInstance, deps: ConsoleDeps): Promise<void> {
  const consoleState: Console = {
    deps,
    now: deps.now ?? (() => new Date()),
    csrfKey: csrfKey(deps.ipKey),
    clientHash: (request) => clientHash(deps.ipKey, request.ip),
    fontUrl: consoleFontUrl(deps.clientDir),
  }
  await app.register(
    async (scope) => {
      scope.decorate('adminConsole', consoleState)
      scope.decorateRequest('adminSession', undefined)
      scope.addHook('onRequest', (_request, reply, done) => {
        reply.headers(HEADERS)
        done()
      })
      await registerFormBody(scope, 64 * 1024)
      scope.setErrorHandler((error, request, reply) => sendProblem(scope, error, request, reply))
      scope.addHook('preHandler', (request, reply) => authorize(scope, request, reply))
      await scope.register(consoleAssetRoutes)
      await scope.register(signInRoutes)
      await scope.register(consolePageRoutes)
      await scope.register(codeRoutes)
      await scope.register(agreementRoutes)
      await scope.register(passkeyRoutes)
      await scope.register(partnerRoutes)
      await scope.register(consoleDocumentRoutes)
      await scope.register(consoleRecordRoutes)
      await scope.register(viewerRoutes)
      await scope.register(visitorRoutes)
      await scope.register(refusedRoutes)
      // Any other /admin path: the console's own 404 (with its headers), not the site's page.
      scope.get('/*', { config: { permission: 'read' } }, () => {
        throw new HttpError(404, 'not_found', 'There is no such page in the console.')
      })
    },
    { prefix: '/admin' },
  )
}

async function authorize(scope: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const permission = request.routeOptions.config.permission
  if (!permission) return
  const session = await readSession(
    scope.adminConsole.deps.db.prisma,
    sessionTokenOf(request, scope.adminConsole.deps.env),
    sessionMaxAgeMs(scope.adminConsole.deps.env.ADMIN_SESSION_MAX_DAYS),
    scope.adminConsole.now(),
  )
  if (!session) {
    if (request.routeOptions.config.api) throw new HttpError(404, 'not_found', 'Not found.')
    const expired = request.headers.cookie?.includes('rm5-admin=') ? '?notice=expired' : ''
    return reply.redirect(`/admin/sign-in${expired}`, 303)
  }
  request.adminSession = session
  // The token before the role: a post without it is refused in place, and only a post the admin's
  // own page sent reaches the role check, whose refusal is kept for the refused page (decision 072).
  // An upload's body is read by its handler, which checks the token as the first field before
  // any file byte (server/admin/http/upload.server.ts): a body that is not multipart there has no
  // token at all and is refused by the same reader.
  if (request.method === 'POST' && !request.routeOptions.config.acceptsMultipart) {
    const given = (request.body as Record<string, unknown> | undefined)?._csrf
    if (!csrfMatches(scope.adminConsole.csrfKey, session.tokenHash, given)) {
      throw new HttpError(403, 'csrf', CSRF_REFUSAL)
    }
  }
  if (!may(session.role, permission)) {
    throw new HttpError(403, 'forbidden', refusal(session.role, permission))
  }
}
