// /admin/sign-in: a one-time link by e-mail (through the gates' mail path), the link's page (a
// button: mail scanners fetch links), and sign-out. Asking for a link is limited like the gates'
// e-mail step (per client, and per address from each client, so nobody can lock an admin out);
// using one like the verify call (per client). An address refused as typed answers 303 to the
// sign-in page, the typed value and the reason in a sealed one-time cookie (no row is written
// for a post without a session; decision 071).
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { createEmailLimiter } from '../../access/email-limits.server.ts'
import { mailLinksProblem } from '../../access/email-link-mail.server.ts'
import { createKeyedLimits } from '../../access/limits.server.ts'
import { recordAudit } from '../../audit/audit.server.ts'
import { HttpError } from '../../http/errors.server.ts'
import { publicOrigin } from '../../http/public-origin.server.ts'
import { RATE_LIMITS } from '../../http/rate-limits.server.ts'
import { endSession, readSession, sessionMaxAgeMs } from '../admin-sessions.server.ts'
import { adminEmail } from '../admins.server.ts'
import { type FlashScope, setFlash, takeFlash } from '../http/flash.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from '../http/session-cookie.server.ts'
import { PasskeyError, relyingParty, signInOptions, signInWithPasskey } from '../passkeys.server.ts'
import { issueSignInLink, signInMail, signInWithLink } from '../sign-in.server.ts'
import { SIGN_IN_TOKEN, signInLinkUsable } from '../sign-in-links.server.ts'
import { LinkPage, LinkRefusedPage, type SignInNotice, SignInPage } from '../views/SignInPages.tsx'
import { oidcSignInRoutes } from './oidc-sign-in-routes.server.tsx'

const NOTICES = ['sent', 'signed-out', 'expired', 'no-mail', 'limited', 'check-address'] as const
const noticeQuery = z.object({ notice: z.enum(NOTICES).optional() }).catch({})
const emailBody = z.object({ email: adminEmail })
const tokenBody = z.object({ token: z.string().regex(SIGN_IN_TOKEN) })
/** The refused address as typed, and why, carried to the sign-in page once. */
const refusedAddress = z.object({ email: z.string().max(254), error: z.string().max(200) })

export async function signInRoutes(app: FastifyInstance) {
  const { deps } = app.adminConsole
  const prefix = `${deps.rateLimitPrefix ?? ''}admin-`
  const emailLimit = createEmailLimiter(app, {
    prefix,
    key: deps.ipKey,
    addressPerClient: true,
    limits: { perAddress: RATE_LIMITS.adminSignInPerAddress, perClient: RATE_LIMITS.adminSignInPerClient },
  })
  const linkLimit = createKeyedLimits(app, {
    credential: RATE_LIMITS.adminCredential,
    passkeyOptions: RATE_LIMITS.adminPasskeyOptions,
    oidcStart: RATE_LIMITS.adminOidcStart,
  })
  // Using a link and answering with a passkey count together: both try a credential.
  const linkLimited = (request: FastifyRequest) =>
    linkLimit('credential', request, `${prefix}link:ip:${normalizeIP(request.ip)}`)
  // Asking for a passkey challenge writes a row: limited alike, counted apart.
  const optionsLimited = (request: FastifyRequest) =>
    linkLimit('passkeyOptions', request, `${prefix}passkey-options:ip:${normalizeIP(request.ip)}`)
  const refuseWhenLimited = async (request: FastifyRequest, limiter = linkLimited) => {
    const limited = await limiter(request)
    if (limited) {
      throw new HttpError(
        429,
        'rate_limited',
        'Too many sign-in attempts. Try again in a minute.',
        undefined,
        {
          'retry-after': String(limited.retryAfter),
        },
      )
    }
  }
  const rp = relyingParty(deps.env)
  // Before a session there is none to bind the cookie to: it is bound to this page's form instead.
  const refusalScope: FlashScope = {
    env: deps.env,
    ipKey: deps.ipKey,
    sessionTokenHash: 'admin sign-in form',
    path: '/admin/sign-in',
  }
  // Starting a single sign-on writes nothing but is limited alike, counted apart.
  const oidcStartLimited = (request: FastifyRequest) =>
    linkLimit('oidcStart', request, `${prefix}oidc-start:ip:${normalizeIP(request.ip)}`)
  const singleSignOn = oidcSignInRoutes(app, {
    start: (request) => refuseWhenLimited(request, oidcStartLimited),
    callback: (request) => refuseWhenLimited(request),
  })

  const signedIn = async (request: FastifyRequest) =>
    (await readSession(
      deps.db.prisma,
      sessionTokenOf(request, deps.env),
      sessionMaxAgeMs(deps.env.ADMIN_SESSION_MAX_DAYS),
      app.adminConsole.now(),
    )) !== undefined

  app.get('/sign-in', async (request, reply) => {
    // Already signed in: straight to the console.
    if (await signedIn(request)) return reply.redirect('/admin', 303)
    const { notice } = noticeQuery.parse(request.query)
    // The refused address comes back once, in its field; a reload keeps the notice saying why.
    const refused = takeFlash(request, reply, refusalScope, refusedAddress)
    return sendConsolePage(
      reply,
      'Sign in',
      <SignInPage
        notice={refused ? undefined : (notice as SignInNotice | undefined)}
        error={refused?.error}
        email={refused?.email}
        passkeys={rp?.origin}
        singleSignOn={singleSignOn}
      />,
      200,
      { passkeys: rp !== null },
    )
  })

  const mailer = deps.mailer
  const linkAsked = new WeakMap<FastifyRequest, string>()
  // After the answer has been sent (onResponse): a failed lookup or send is logged, never shown.
  const sendLinkAfterAnswer = async (request: FastifyRequest) => {
    const email = linkAsked.get(request)
    if (!email || !mailer) return
    try {
      const issued = await issueSignInLink(
        deps.db.prisma,
        null,
        publicOrigin(deps.env),
        email,
        app.adminConsole.now(),
      )
      if (issued) await mailer.send(signInMail(issued.email, issued.url))
    } catch (error) {
      request.log.error({ err: { message: (error as Error).message } }, 'console sign-in mail failed')
    }
  }

  app.post('/sign-in', { onResponse: sendLinkAfterAnswer }, async (request, reply) => {
    const parsed = emailBody.safeParse(request.body)
    if (!parsed.success) {
      const given = (request.body as { email?: unknown } | undefined)?.email
      setFlash(reply, refusalScope, {
        email: typeof given === 'string' ? given.slice(0, 254) : '',
        error: parsed.error.issues[0]?.message ?? 'Enter your e-mail address.',
      })
      return reply.redirect('/admin/sign-in?notice=check-address', 303)
    }
    const { email } = parsed.data
    if (!deps.mailer) {
      request.log.warn(`console sign-in link not e-mailed: ${mailLinksProblem(deps.env)}`)
      return reply.redirect('/admin/sign-in?notice=no-mail', 303)
    }
    const limited = await emailLimit(request, email)
    if (limited) {
      reply.header('retry-after', String(limited.retryAfter))
      return sendConsolePage(
        reply,
        'Sign in',
        <SignInPage notice="limited" email={email} singleSignOn={singleSignOn} />,
        429,
      )
    }
    // The same answer for any address, sent before anything about the address is looked up, so
    // its timing tells nothing either: the link is made and mailed once the answer is out.
    linkAsked.set(request, email)
    return reply.redirect('/admin/sign-in?notice=sent', 303)
  })

  app.get('/sign-in/link', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token
    // A link used or expired says so at once, not after its button is pressed.
    const usable =
      typeof token === 'string' &&
      SIGN_IN_TOKEN.test(token) &&
      (await signInLinkUsable(deps.db.prisma, token, app.adminConsole.now()))
    if (!usable) {
      // A used link opened again by its admin, signed in by it (a second click on its button, a
      // mail opened twice): the console, not a refusal.
      if (await signedIn(request)) return reply.redirect('/admin', 303)
      return sendConsolePage(reply, 'Sign in', <LinkRefusedPage />, 400)
    }
    return sendConsolePage(reply, 'Sign in', <LinkPage token={token} />)
  })

  app.post('/sign-in/link', async (request, reply) => {
    await refuseWhenLimited(request)
    const parsed = tokenBody.safeParse(request.body)
    const token = parsed.success
      ? await signInWithLink(
          deps.db.prisma,
          parsed.data.token,
          app.adminConsole.clientHash(request),
          app.adminConsole.now(),
        )
      : undefined
    // The link's own page says it cannot be used; a reload there posts nothing.
    if (!token) return reply.redirect('/admin/sign-in/link', 303)
    reply.header('set-cookie', sessionCookie(deps.env, request, token))
    return reply.redirect('/admin', 303)
  })

  // Passkeys (decision 046): the options with a fresh challenge, then the browser's answer.
  app.post('/sign-in/passkey/options', { config: { api: true } }, async (request) => {
    if (!rp) throw new HttpError(404, 'not_found', 'This console does not offer passkeys.')
    await refuseWhenLimited(request, optionsLimited)
    return signInOptions(deps.db.prisma, rp, app.adminConsole.now())
  })
  app.post('/sign-in/passkey', { config: { api: true } }, async (request, reply) => {
    if (!rp) throw new HttpError(404, 'not_found', 'This console does not offer passkeys.')
    await refuseWhenLimited(request)
    try {
      const token = await signInWithPasskey(
        deps.db.prisma,
        rp,
        request.body,
        app.adminConsole.clientHash(request),
        app.adminConsole.now(),
      )
      reply.header('set-cookie', sessionCookie(deps.env, request, token))
      return { location: '/admin' }
    } catch (error) {
      if (error instanceof PasskeyError) throw new HttpError(400, 'passkey_refused', error.message)
      throw error
    }
  })

  app.post('/sign-out', { config: { permission: 'read' } }, async (request, reply) => {
    const session = request.adminSession
    await endSession(deps.db.prisma, sessionTokenOf(request, deps.env))
    if (session) {
      await recordAudit(
        deps.db.prisma,
        { label: session.email, clientHash: app.adminConsole.clientHash(request) },
        { action: 'session.sign-out' },
      )
    }
    reply.header('set-cookie', clearedSessionCookie(deps.env, request))
    return reply.redirect('/admin/sign-in?notice=signed-out', 303)
  })
}
