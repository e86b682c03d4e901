// POST /api/access/verify and /api/access/logout, and the e-mail step's routes
// (email-link-routes.server.ts). All answer JSON to the gate pages' fetch calls and a 303 redirect
// to a plain HTML form post, so the gates also work without JavaScript.
// Cross-site posts are refused app-wide before they get here (server/http/csrf.server.ts).

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { DOCKET_PATH, type GateError, gateErrorUrl, SIGNED_OUT_QUERY } from '../../lib/access.ts'
import { type PartnerSlug, partnerSlugProblem } from '../../lib/partners.ts'
import { clientHash } from '../http/client-hash.server.ts'
import { describeError, HttpError, validationError, withRequestId } from '../http/errors.server.ts'
import { isFormPost, registerFormBody } from '../http/form-body.server.ts'
import { servedOverHttps } from '../http/security-headers.server.ts'
import { partnerField, partnerSlugField } from '../partners/partner-field.server.ts'
import { AttemptTally } from './attempt-tally.server.ts'
import { type AttemptOutcome, recordAttempt } from './attempts.server.ts'
import { codeState, recordCodeUse } from './codes.server.ts'
import { emailFormRedirect, emailLinkRoutes } from './email-link-routes.server.ts'
import { clearGrantSetCookie, grantSetCookie } from './grant-cookie.server.ts'
import { BUSY_RETRY_SECONDS, CheckWaitedTooLong, createHashCeiling } from './hash-ceiling.server.ts'
import { createVerifyLimiter } from './limits.server.ts'
import { endSessions, issueGrant, sessionIdsIn } from './sessions.server.ts'

/** Far longer than any real code; bounds the work one request can ask of argon2. */
export const MAX_CODE_LENGTH = 256
export const EMPTY_CODE_MESSAGE = 'Please enter your access code'

/** The verify call's body, for the partners the server serves now (app.partners). */
const verifyBodyFor = (partners: FastifyInstance['partners']) =>
  z
    .object({
      retailer: partnerField(partners),
      accessCode: z
        .string({ error: 'Send the access code as text.' })
        .max(MAX_CODE_LENGTH, 'That access code is too long.')
        .optional(),
    })
    .superRefine((body, ctx) => {
      // An open gate (walmart's, docs/original-behaviour.md §6) grants without a code; every other needs one.
      if (partners.get(body.retailer)?.open === false && !body.accessCode?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['accessCode'], message: EMPTY_CODE_MESSAGE })
      }
    })

type VerifyBody = z.infer<ReturnType<typeof verifyBodyFor>>

export async function accessRoutes(app: FastifyInstance): Promise<void> {
  const access = app.access
  const limiter = createVerifyLimiter(app, {
    prefix: access.options.rateLimitPrefix,
    limits: access.options.limits,
  })
  const ceiling = access.options.hashCeiling ?? createHashCeiling()
  const refused = new AttemptTally(access.db.prisma, app.log)
  access.refusedAttempts = refused
  app.addHook('onClose', () => refused.flush())
  const secure = (request: FastifyRequest) => servedOverHttps(access.env, request)

  // Plain HTML forms post urlencoded bodies; the parser is scoped to these routes.
  await registerFormBody(app, 4096)
  app.setErrorHandler(answerError)

  const parse =
    <T extends z.ZodType>(schema: T) =>
    async (request: FastifyRequest) => {
      const result = schema.safeParse(request.body ?? {})
      if (!result.success) throw validationError(result.error)
      request.body = result.data
    }

  const emailStep = emailLinkRoutes(app, {
    secure,
    parse,
    record(request, retailer, outcome) {
      app.metrics.verifyOutcomes.inc({ retailer, outcome })
      const ipHash = clientHash(access.keys.ip, request.ip)
      return recordAttempt(access.db.prisma, { retailer, ipHash, outcome, at: access.now() })
    },
  })

  const verifyBody = verifyBodyFor(app.partners)
  // Without a retailer (the docket's Sign out) every session the browser holds ends. Signing out
  // of a gate removed while its page was open still ends that gate's session and clears its
  // cookie: any slug-shaped name is taken, not only the partners served now.
  const logoutBody = z.object({
    retailer: partnerSlugField.optional(),
  })

  app.post('/access/verify', { preValidation: parse(verifyBody) }, async (request, reply) => {
    const body = request.body as VerifyBody
    const ipHash = clientHash(access.keys.ip, request.ip)
    const record = (outcome: AttemptOutcome) => {
      app.metrics.verifyOutcomes.inc({ retailer: body.retailer, outcome })
      return recordAttempt(access.db.prisma, { retailer: body.retailer, ipHash, outcome, at: access.now() })
    }
    const refuse = (outcome: 'rate_limited' | 'busy') => {
      app.metrics.verifyOutcomes.inc({ retailer: body.retailer, outcome })
      refused.add({ retailer: body.retailer, ipHash, outcome, at: access.now() })
    }
    reply.header('cache-control', 'no-store')

    // Limits first: an attacker over the limit gets no argon2 work out of us.
    const limited = await limiter(request, body.retailer)
    if (limited) {
      refuse('rate_limited')
      request.log.warn({ retailer: body.retailer, ipHash: ipHash.slice(0, 12) }, 'access verify rate limited')
      const s = limited.retryAfter
      throw new HttpError(
        429,
        'rate_limited',
        `Too many attempts. Try again in ${s} second${s === 1 ? '' : 's'}.`,
        undefined,
        { 'retry-after': String(s) },
      )
    }

    const now = access.now()
    let codeId: string | null = null
    try {
      if (!app.partners.get(body.retailer)?.open) {
        const gate = body.retailer
        const busy = (why: string) => {
          refuse('busy')
          request.log.warn({ retailer: body.retailer }, `access verify refused: ${why}`)
          return new HttpError(
            503,
            'busy',
            `Many codes are being checked right now. Try again in ${BUSY_RETRY_SECONDS} seconds.`,
            undefined,
            { 'retry-after': String(BUSY_RETRY_SECONDS) },
          )
        }
        const checking = ceiling.run(() => access.codes.check(gate, body.accessCode ?? '', now))
        if (!checking) throw busy('too many checks waiting')
        const match = await checking.catch((error) => {
          throw error instanceof CheckWaitedTooLong ? busy('no check slot in time') : error
        })
        if (!match) {
          await record('denied')
          request.log.info({ retailer: body.retailer }, 'access denied')
          return answer(request, reply, false, body.retailer)
        }
        codeId = match.codeId
        // A code that requires an e-mail grants only through the link the e-mail step sends,
        // which records the use and the grant then.
        if ((await codeState(access.db.prisma, codeId))?.requireEmail) {
          return emailStep.begin(request, reply, gate, codeId)
        }
        await recordCodeUse(access.db.prisma, codeId, now)
      }
      await record('granted')
    } catch (error) {
      if (!(error instanceof HttpError)) await record('error').catch(() => {})
      throw error
    }
    request.log.info({ retailer: body.retailer, codeId }, 'access granted')
    const grant = { retailer: body.retailer, codeId }
    const value = await issueGrant(access.db.prisma, access.keys.cookie, grant, now)
    reply.header('set-cookie', grantSetCookie(body.retailer, value, secure(request)))
    return answer(request, reply, true, body.retailer)
  })

  app.post('/access/logout', { preValidation: parse(logoutBody) }, async (request, reply) => {
    const { retailer } = request.body as z.infer<typeof logoutBody>
    const held = sessionIdsIn(access.keys.cookie, request.headers.cookie, retailer)
    if (held.length > 0) {
      const ids = held.map((session) => session.id)
      await endSessions(access.db.prisma, { ids }, 'signed_out', access.now())
      // This instance at once; the others within the grant reader's cache time.
      access.grants.forget()
      request.log.info({ sessions: held.length }, 'signed out')
    }
    const gates = retailer ? [retailer] : [...new Set(held.map((session) => session.retailer))]
    reply.header('cache-control', 'no-store')
    for (const gate of gates) reply.header('set-cookie', clearGrantSetCookie(gate, secure(request)))
    // The docket's Sign out (naming no retailer) lands on a gate it was signed in at, which says
    // so; the proposal's Close (naming circlek) goes home, as the spec's close does.
    const landing = !retailer && gates[0] ? `/${gates[0]}?${SIGNED_OUT_QUERY}` : '/'
    if (isFormPost(request)) return reply.code(303).header('location', landing).send()
    return { success: true }
  })
}

function answer(request: FastifyRequest, reply: FastifyReply, success: boolean, retailer: PartnerSlug) {
  if (!isFormPost(request)) return reply.send({ success })
  return reply
    .code(303)
    .header('location', success ? DOCKET_PATH : gateErrorUrl(retailer, 'invalid'))
    .send()
}

/**
 * The app's error shape plus the spec's `success: false`; a failed form post instead goes back
 * to its gate with the reason in the query, where the gate page shows the notice.
 */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body, headers } = describeError(error)
  // An HttpError is a deliberate answer (busy, limited), logged where it was decided.
  if (status >= 500 && !(error instanceof HttpError))
    request.log.error({ err: error, req: request }, 'request failed')
  if (headers) reply.headers(headers)
  const retryAfter = Number(headers?.['retry-after']) || undefined
  const stepUrl = isFormPost(request) ? emailFormRedirect(request, status, body.error.code, retryAfter) : null
  if (stepUrl) return reply.code(303).header('location', stepUrl).send()
  const gate = formGate(request)
  if (gate) {
    // A gate removed while its page was open: its address, which now answers that it is gone.
    const location = request.server.partners.get(gate)
      ? gateErrorUrl(gate, gateErrorFor(status, request), retryAfter)
      : `/${gate}`
    return reply.code(303).header('location', location).send()
  }
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ success: false, ...withRequestId(body, request) })
}

/**
 * The gate a failed no-JS verify post came from: any name a gate can have, served or not (one
 * removed meanwhile). A name no gate can have has nowhere to go back to.
 */
function formGate(request: FastifyRequest): PartnerSlug | null {
  if (!isFormPost(request) || request.routeOptions.url !== '/api/access/verify') return null
  const retailer = (request.body as { retailer?: unknown } | undefined)?.retailer
  return typeof retailer === 'string' && partnerSlugProblem(retailer) === null ? retailer : null
}

function gateErrorFor(status: number, request: FastifyRequest): GateError {
  if (status === 429) return 'rate_limited'
  if (status === 503) return 'busy'
  if (status === 400) {
    const code = (request.body as { accessCode?: unknown } | undefined)?.accessCode
    return typeof code === 'string' && code.trim() ? 'invalid' : 'empty'
  }
  return 'error'
}
