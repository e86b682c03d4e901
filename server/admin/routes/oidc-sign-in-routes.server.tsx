// /admin/sign-in/oidc: single sign-on by OpenID Connect, when configured (decision 051). A plain
// link starts it (a redirect to the provider, with the flow sealed in a cookie); the provider
// sends the browser back to the callback, which opens the console's session or shows why not.
// Both steps are limited per client like the other sign-ins: the callback shares the link's
// counter (each tries a credential), starting counts apart.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { adminOidcSettings } from '../../env-admin-oidc.server.ts'
import { publicOrigin } from '../../http/public-origin.server.ts'
import { clearedFlowCookie, flowCookie, flowOf, oidcFlowKey } from '../http/oidc-flow-cookie.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { sessionCookie } from '../http/session-cookie.server.ts'
import { createOidcSignIn, OIDC_CALLBACK_PATH, OidcRefusal, oidcRedirectUri } from '../oidc.server.ts'
import { OIDC_START_PATH, OidcRefusedPage, SignedInPage } from '../views/SignInPages.tsx'

type Limit = (request: FastifyRequest) => Promise<void>

/** Registers the routes when the console has a provider; says whether it does. */
export function oidcSignInRoutes(app: FastifyInstance, limits: { start: Limit; callback: Limit }): boolean {
  const { deps } = app.adminConsole
  const settings = adminOidcSettings(deps.env)
  if (!settings) return false
  const key = oidcFlowKey(deps.ipKey)
  const redirectUri = oidcRedirectUri(publicOrigin(deps.env))
  const oidc = createOidcSignIn(settings, redirectUri, (reason, error) => {
    // The library's message names what failed (a claim, a status); never a token or an address.
    const err = error instanceof Error ? { err: { message: error.message } } : {}
    app.log.warn({ reason, ...err }, 'console single sign-on refused')
  })
  const prefix = '/admin'
  const refused = (reply: Parameters<typeof sendConsolePage>[0], error: OidcRefusal) =>
    sendConsolePage(reply, 'Sign in', <OidcRefusedPage message={error.message} />, error.status)

  app.get(OIDC_START_PATH.slice(prefix.length), async (request, reply) => {
    await limits.start(request)
    try {
      const { url, flow } = await oidc.start(app.adminConsole.now())
      reply.header('set-cookie', flowCookie(deps.env, request, key, flow))
      return reply.redirect(url.href, 303)
    } catch (error) {
      if (error instanceof OidcRefusal) return refused(reply, error)
      throw error
    }
  })

  app.get(OIDC_CALLBACK_PATH.slice(prefix.length), async (request, reply) => {
    await limits.callback(request)
    const now = app.adminConsole.now()
    const flow = flowOf(request, deps.env, key, now)
    // The query as the provider sent it, on the registered redirect URI.
    const callbackUrl = new URL(redirectUri)
    callbackUrl.search = new URL(request.url, 'http://callback').search
    // Used or not, the flow ends here (Fastify adds each set-cookie header to the answer).
    reply.header('set-cookie', clearedFlowCookie(deps.env, request))
    try {
      const token = await oidc.finish(
        deps.db.prisma,
        callbackUrl,
        flow,
        app.adminConsole.clientHash(request),
        now,
      )
      reply.header('set-cookie', sessionCookie(deps.env, request, token))
      return sendConsolePage(reply, 'Signed in', <SignedInPage />, 200, { refresh: '/admin' })
    } catch (error) {
      if (error instanceof OidcRefusal) return refused(reply, error)
      throw error
    }
  })
  return true
}
