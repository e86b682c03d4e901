// /admin/codes: the list, "Generate a code", revoking, turning a code's e-mail step on or off, and
// denying or admitting an e-mail on a code: the services `rm5 codes generate|revoke|require-email|
// deny` call (server/access/code-admin.server.ts),
// with the console's admin as the actor. Every post answers 303; a new code reaches the page after
// the redirect in a one-time sealed cookie (http/flash.server.ts), never in the URL, so a reload
// neither repeats the post nor shows the code again; a refused form comes back through its page's
// address (http/form-return.server.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { email } from '../../../lib/forms/fields.ts'
import {
  CodeRuleError,
  createAccessCode,
  denyCodeEmail,
  revokeAccessCodes,
  setCodeEmailRule,
} from '../../access/code-admin.server.ts'
import { listCodes } from '../../access/codes.server.ts'
import { requireEmailRefusal } from '../../access/email-link-mail.server.ts'
import { HttpError } from '../../http/errors.server.ts'
import { sessionOf } from '../console-context.server.ts'
import { type FlashScope, setFlash, takeFlash } from '../http/flash.server.ts'
import { stateOf } from '../http/form-return.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { CodesPage, type GeneratedCode } from '../views/CodesPage.tsx'
import type { FormState } from '../views/ErrorSummary.tsx'
import { type CodeForm, codeForm, emailStepForm, firstIssues, textFields } from './code-form.server.ts'
import { doneMessage, EDIT, READ, routeKit } from './route-kit.server.ts'

const uuid = z.object({ id: z.uuid() })
const NO_SUCH_CODE = 'There is no such code.'
const PAGE = '/admin/codes'
/** The page's three forms, each kept under its name when refused. */
const FORMS = {
  generate: { page: PAGE, form: 'generate' },
  email: { page: PAGE, form: 'email' },
  step: { page: PAGE, form: 'step' },
} as const
const DONE = {
  generated: 'Code generated',
  revoked: 'Code revoked',
  'was-revoked': 'That code was revoked already',
  denied: 'E-mail denied',
  allowed: 'E-mail admitted again',
  'was-denied': 'That address was denied already',
  'was-admitted': 'That address was not denied',
  'email-on': 'E-mail step on',
  'email-off': 'E-mail step off',
} as const
const doneOf = doneMessage(DONE)
const generatedCode = z.object({ id: z.uuid(), code: z.string().max(200), retailer: z.string().max(64) })
const emailForm = z.object({
  code: z.uuid('Choose the code.'),
  email: email(),
  rule: z.enum(['deny', 'allow'], 'Say whether to deny or admit the address.'),
})

export async function codeRoutes(app: FastifyInstance) {
  const { deps } = app.adminConsole
  const prisma = deps.db.prisma
  const now = () => app.adminConsole.now()
  const { user, actor, refuse, returned } = routeKit(app)
  const flashScope = (request: FastifyRequest): FlashScope => ({
    env: deps.env,
    ipKey: deps.ipKey,
    sessionTokenHash: sessionOf(request).tokenHash,
    path: '/admin/codes',
  })

  // The gates a code can open: served partners whose gate is not open (read from app.partners,
  // which follows `rm5 partners` changes).
  const codeGates = () => app.partners.list().filter((partner) => !partner.open)
  const codesPage = async (
    request: FastifyRequest,
    extra: {
      form?: FormState
      emailForm?: FormState
      stepForm?: FormState
      generated?: GeneratedCode
      done?: string
    } = {},
  ) => (
    <CodesPage
      user={user(request)}
      rows={await listCodes(prisma)}
      gates={codeGates()}
      names={(slug) => app.partners.nameOf(slug)}
      now={now()}
      {...extra}
    />
  )

  app.get('/codes', READ, async (request, reply) => {
    const done = doneOf(request)
    const generated = takeFlash(request, reply, flashScope(request), generatedCode)
    const refused = await returned(request, PAGE)
    return sendConsolePage(
      reply,
      'Codes',
      await codesPage(request, {
        generated,
        done: generated ? undefined : done,
        form: stateOf(refused, FORMS.generate.form, true),
        emailForm: stateOf(refused, FORMS.email.form),
        stepForm: stateOf(refused, FORMS.step.form),
      }),
    )
  })

  app.post('/codes', EDIT, async (request, reply) => {
    const form: CodeForm = codeForm(
      request.body,
      now(),
      codeGates().map((gate) => gate.slug),
      {
        mailRefusal: requireEmailRefusal(deps.env),
      },
    )
    if (!form.ok) return refuse(reply, FORMS.generate, form.state)
    try {
      const { created, code } = await createAccessCode(prisma, actor(request), {
        ...form.value,
        replace: false,
      })
      setFlash(reply, flashScope(request), { id: created.id, code, retailer: created.retailer })
      return reply.redirect('/admin/codes?done=generated', 303)
    } catch (error) {
      if (!(error instanceof CodeRuleError)) throw error
      const state = {
        values: form.state.values,
        errors: { expires: error.message.replace(/^--expires/, 'Expiry') },
      }
      return refuse(reply, FORMS.generate, state)
    }
  })

  app.post('/codes/:id/revoke', EDIT, async (request, reply) => {
    const params = uuid.safeParse(request.params)
    if (!params.success) throw new HttpError(404, 'not_found', NO_SUCH_CODE)
    try {
      const revoked = await revokeAccessCodes(prisma, actor(request), { id: params.data.id }, now())
      return reply.redirect(`/admin/codes?done=${revoked.length > 0 ? 'revoked' : 'was-revoked'}`, 303)
    } catch (error) {
      if (error instanceof CodeRuleError) throw new HttpError(404, 'not_found', NO_SUCH_CODE)
      throw error
    }
  })

  // `rm5 codes deny <id> --email <address> [--off]`.
  app.post('/codes/email', EDIT, async (request, reply) => {
    const values = textFields(request.body, ['code', 'email', 'rule'], 254)
    const parsed = emailForm.safeParse(request.body ?? {})
    if (!parsed.success) {
      return refuse(reply, FORMS.email, { values, errors: firstIssues(parsed.error) })
    }
    const lift = parsed.data.rule === 'allow'
    let changed = false
    try {
      const outcome = await denyCodeEmail(
        prisma,
        actor(request),
        parsed.data.code,
        parsed.data.email,
        { lift },
        now(),
      )
      changed = outcome.changed
    } catch (error) {
      if (!(error instanceof CodeRuleError)) throw error
      return refuse(reply, FORMS.email, { values, errors: { code: error.message } })
    }
    const done = changed ? (lift ? 'allowed' : 'denied') : lift ? 'was-admitted' : 'was-denied'
    return reply.redirect(`/admin/codes?done=${done}`, 303)
  })

  // `rm5 codes require-email <id> [--allow-domain …] [--off]`.
  app.post('/codes/require-email', EDIT, async (request, reply) => {
    const form = emailStepForm(request.body, { mailRefusal: requireEmailRefusal(deps.env) })
    if (!form.ok) return refuse(reply, FORMS.step, form.state)
    const { id, ...rule } = form.value
    try {
      await setCodeEmailRule(prisma, actor(request), id, rule, now())
    } catch (error) {
      if (!(error instanceof CodeRuleError)) throw error
      return refuse(reply, FORMS.step, { values: form.state.values, errors: { code: error.message } })
    }
    return reply.redirect(`/admin/codes?done=email-${rule.requireEmail ? 'on' : 'off'}`, 303)
  })
}
