// The e-mail step of a gate whose code requires a work e-mail, and the one-time link it sends:
//   after a right code  the verify route calls beginEmailStep: a 15-minute pending cookie naming
//                       the code, and the gate's e-mail step (`?step=email`)
//   POST /access/email  the address; a link is created and mailed if the code's domains allow it.
//                       The answer is the same either way, so nobody learns which addresses may
//                       open the docket; the work happens after the answer, so its time says
//                       nothing either.
//   POST /access/link   the token from the link page's button: used once, it sets a grant
//                       naming the viewer. The page (not the GET of the link) uses it, because
//                       mail scanners fetch links on their own.
// JSON for fetch, 303 for plain form posts (the errors go through routes.server.ts' handler).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { DOCKET_PATH, gateStepUrl, LINK_PAGE_PATH } from '../../lib/access.ts'
import { emailAddress } from '../../lib/forms/fields.ts'
import { isPartnerSlug, PARTNER_SLUG, type PartnerSlug } from '../../lib/partners.ts'
import { HttpError } from '../http/errors.server.ts'
import { isFormPost } from '../http/form-body.server.ts'
import { routeRateLimit } from '../http/rate-limits.server.ts'
import { partnerSlugField } from '../partners/partner-field.server.ts'
import type { AttemptOutcome } from './attempts.server.ts'
import { codeState, isActive, recordCodeUse } from './codes.server.ts'
import { createEmailLimiter } from './email-limits.server.ts'
import { canSendLinks, createLinkMailer, mailLinksProblem } from './email-link-mail.server.ts'
import { createEmailLink, EMAIL_LINK_TOKEN, useEmailLink } from './email-links.server.ts'
import { pendingCodeId, pendingSetCookie, signPending } from './email-pending-cookie.server.ts'
import { grantSetCookie } from './grant-cookie.server.ts'
import { codeAdmits, issueGrant } from './sessions.server.ts'

export const LINK_SENT_MESSAGE =
  'If this address may open the docket, we sent a link. It works once, within 15 minutes.'
export const MAIL_UNAVAILABLE_MESSAGE =
  'This site cannot send sign-in links at the moment, so this code cannot open the docket yet. Please contact us.'
export const PENDING_EXPIRED_MESSAGE = 'Your access code check has expired. Please enter your code again.'
export const LINK_EXPIRED_MESSAGE = 'This link has expired or was already used; ask for a new one.'

export const emailBody = z.object({
  // Only the shape here: the pending cookie names the code, whose partner must be this one.
  retailer: partnerSlugField,
  email: emailAddress({
    notText: 'Send the e-mail address as text.',
    tooLong: 'That e-mail address is too long.',
    invalid: 'Enter a work e-mail address, like name@company.com.',
  }),
})

export const linkBody = z.object({
  token: z.string({ error: 'Send the link’s token.' }).regex(EMAIL_LINK_TOKEN, LINK_EXPIRED_MESSAGE),
  /** The gate the link was sent from: only where a refused link's page points back to. */
  gate: z.string().regex(PARTNER_SLUG).optional(),
})

export interface EmailLinkDeps {
  secure(request: FastifyRequest): boolean
  /** Records a verify outcome (metrics and access_attempts), as the verify route does. */
  record(request: FastifyRequest, retailer: PartnerSlug, outcome: AttemptOutcome): Promise<void>
  parse<T extends z.ZodType>(schema: T): (request: FastifyRequest) => Promise<void>
}

export interface EmailStep {
  /** Answers a right code that requires an e-mail: no grant yet, the e-mail step instead. */
  begin(request: FastifyRequest, reply: FastifyReply, retailer: PartnerSlug, codeId: string): FastifyReply
  /** Links being created and mailed (tests wait for them; close waits too). */
  settled(): Promise<void>
}

const steps = new WeakMap<object, EmailStep>()

/** Waits for the links this app is creating and mailing (they run after the answer). */
export const linksSettled = (app: FastifyInstance) => steps.get(app.access)?.settled() ?? Promise.resolve()

export function emailLinkRoutes(app: FastifyInstance, deps: EmailLinkDeps): EmailStep {
  const { access } = app
  const mailer = createLinkMailer(access.env)
  const limiter = createEmailLimiter(app, { prefix: access.options.rateLimitPrefix, key: access.keys.ip })
  const sending = new Set<Promise<void>>()
  app.addHook('onClose', async () => {
    await Promise.allSettled(sending)
    mailer?.close()
  })

  function unavailable(request: FastifyRequest): never {
    request.log.warn(
      `an access code requires an e-mail but this site cannot send links: ${mailLinksProblem(access.env)}`,
    )
    throw new HttpError(503, 'mail_unavailable', MAIL_UNAVAILABLE_MESSAGE)
  }

  /** Creates and mails the link if the code still requires an e-mail and allows the address. */
  async function deliver(request: FastifyRequest, retailer: PartnerSlug, codeId: string, email: string) {
    const now = access.now()
    const state = await codeState(access.db.prisma, codeId)
    if (!state || !isActive(state, retailer, now) || !state.requireEmail) return
    if (!codeAdmits(state, email)) {
      request.log.info({ retailer, codeId }, 'access e-mail not allowed for this code; no link sent')
      return
    }
    const { token } = await createEmailLink(access.db.prisma, codeId, email, now)
    await mailer?.send({ to: email, retailer, partnerName: app.partners.nameOf(retailer), token })
    request.log.info({ retailer, codeId }, 'access link sent')
  }

  app.post('/access/email', { preValidation: deps.parse(emailBody) }, async (request, reply) => {
    const { retailer, email } = request.body as z.infer<typeof emailBody>
    reply.header('cache-control', 'no-store')
    if (!mailer) unavailable(request)
    const codeId = pendingCodeId(access.keys.cookie, retailer, request.headers.cookie, access.now())
    if (!codeId) throw new HttpError(403, 'pending_expired', PENDING_EXPIRED_MESSAGE)
    const limited = await limiter(request, email)
    if (limited) {
      request.log.warn({ retailer }, 'access e-mail step rate limited')
      const s = limited.retryAfter
      throw new HttpError(
        429,
        'rate_limited',
        `Too many links asked for. Try again in ${s} second${s === 1 ? '' : 's'}.`,
        undefined,
        { 'retry-after': String(s) },
      )
    }
    const work = deliver(request, retailer, codeId, email)
      .catch((error: unknown) => {
        // The error may quote the recipient (an SMTP refusal): log its kind, not its text.
        const name = error instanceof Error ? error.name : 'unknown'
        request.log.error({ retailer, codeId, error: name }, 'could not send an access link')
      })
      .finally(() => sending.delete(work))
    sending.add(work)
    if (isFormPost(request)) return reply.code(303).header('location', gateStepUrl(retailer, 'sent')).send()
    return { success: true, message: LINK_SENT_MESSAGE }
  })

  // Per client, like the other access routes: a token is 256 bits, but nothing may be tried freely.
  const linkLimitPrefix = `${access.options.rateLimitPrefix ?? ''}access-link:`
  app.post(
    '/access/link',
    {
      preValidation: deps.parse(linkBody),
      config: {
        rateLimit: routeRateLimit('accessLink', linkLimitPrefix),
      },
    },
    async (request, reply) => {
      const { token } = request.body as z.infer<typeof linkBody>
      reply.header('cache-control', 'no-store')
      const now = access.now()
      const used = await useEmailLink(access.db.prisma, token, now)
      const state = used ? await codeState(access.db.prisma, used.codeId) : null
      const retailer = state?.retailer
      // The code's rules as they are now: a domain narrowed or an address denied since the link
      // was sent admits it no longer.
      const admitted = used && state && isActive(state, retailer ?? '', now) && codeAdmits(state, used.email)
      if (!used || !retailer || !app.partners.get(retailer) || !admitted) {
        request.log.info('access link refused: unknown, used, expired, or its code ended')
        throw new HttpError(410, 'link_expired', LINK_EXPIRED_MESSAGE)
      }
      try {
        await recordCodeUse(access.db.prisma, used.codeId, now)
        await deps.record(request, retailer, 'granted')
      } catch (error) {
        await deps.record(request, retailer, 'error').catch(() => {})
        throw error
      }
      request.log.info({ retailer, codeId: used.codeId }, 'access granted by e-mail link')
      const grant = { retailer, codeId: used.codeId, email: used.email }
      const value = await issueGrant(access.db.prisma, access.keys.cookie, grant, now)
      reply.header('set-cookie', grantSetCookie(retailer, value, deps.secure(request)))
      if (isFormPost(request)) return reply.code(303).header('location', DOCKET_PATH).send()
      return { success: true }
    },
  )

  const step: EmailStep = {
    begin(request, reply, retailer, codeId) {
      if (!canSendLinks(access.env)) unavailable(request)
      const value = signPending(access.keys.cookie, retailer, codeId, access.now())
      reply.header('set-cookie', pendingSetCookie(retailer, value, deps.secure(request)))
      request.log.info({ retailer, codeId }, 'access code right; e-mail step')
      if (isFormPost(request))
        return reply.code(303).header('location', gateStepUrl(retailer, 'email')).send()
      return reply.send({ success: true, next: 'email' })
    },
    async settled() {
      await Promise.allSettled(sending)
    },
  }
  steps.set(access, step)
  return step
}

export function linkExpiredUrl(gate: unknown): string {
  const query = new URLSearchParams({ error: 'expired' })
  if (isPartnerSlug(gate)) query.set('gate', gate)
  return `${LINK_PAGE_PATH}?${query}`
}

/** Where a failed no-JS post of the e-mail step or the link page goes back to. */
export function emailFormRedirect(
  request: FastifyRequest,
  status: number,
  code: string | undefined,
  retryAfter: number | undefined,
): string | null {
  const url = request.routeOptions.url
  if (url === '/api/access/link')
    return linkExpiredUrl((request.body as { gate?: unknown } | undefined)?.gate)
  const retailer = (request.body as { retailer?: unknown } | undefined)?.retailer
  if (!isPartnerSlug(retailer)) return null
  // The verify route answers this too, for a right code that requires an e-mail.
  if (code === 'mail_unavailable') return gateStepUrl(retailer, 'unavailable')
  if (url !== '/api/access/email') return null
  if (code === 'pending_expired') return `/${retailer}?error=expired`
  if (status === 429) return gateStepUrl(retailer, 'email', 'rate_limited', retryAfter)
  return gateStepUrl(retailer, 'email', status === 400 ? 'email' : 'error')
}
