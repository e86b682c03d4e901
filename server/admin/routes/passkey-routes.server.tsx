// /admin/passkeys: the signed-in admin's own passkeys (decision 046). Every role manages its own;
// registering is two JSON calls from /admin/assets/passkey.js (options, then the browser's
// answer), removing is a plain form post.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Actor } from '../../audit/audit.server.ts'
import { HttpError } from '../../http/errors.server.ts'
import { consoleUser, sessionOf } from '../console-context.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import {
  listPasskeys,
  PasskeyError,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
} from '../passkeys.server.ts'
import { PasskeysPage } from '../views/PasskeysPage.tsx'
import { doneMessage } from './route-kit.server.ts'

const DONE = { added: 'Passkey added', removed: 'Passkey removed' } as const
const doneOf = doneMessage(DONE)
const removeForm = z.object({ id: z.string().min(1).max(1024) })
const registerBody = z.object({ response: z.unknown() })

export async function passkeyRoutes(app: FastifyInstance) {
  const { deps } = app.adminConsole
  const prisma = deps.db.prisma
  const rp = relyingParty(deps.env)
  const own = { config: { permission: 'read' as const } }
  const ownApi = { config: { permission: 'read' as const, api: true } }
  const actor = (request: FastifyRequest): Actor => ({
    label: sessionOf(request).email,
    clientHash: app.adminConsole.clientHash(request),
  })
  const needRp = () => {
    if (!rp) throw new HttpError(404, 'not_found', 'This console does not offer passkeys.')
    return rp
  }

  app.get('/passkeys', own, async (request, reply) => {
    const session = sessionOf(request)
    return sendConsolePage(
      reply,
      'Passkeys',
      <PasskeysPage
        user={consoleUser(app, session)}
        rows={await listPasskeys(prisma, session.adminId)}
        available={rp?.origin}
        done={doneOf(request)}
      />,
      200,
      { passkeys: rp !== null },
    )
  })

  app.post('/passkeys/options', ownApi, async (request) =>
    registrationOptions(prisma, needRp(), sessionOf(request), app.adminConsole.now()),
  )

  app.post('/passkeys', ownApi, async (request) => {
    const body = registerBody.safeParse(request.body)
    try {
      if (!body.success) throw new PasskeyError('Send the passkey the browser made.')
      await registerPasskey(
        prisma,
        needRp(),
        actor(request),
        sessionOf(request).adminId,
        body.data.response,
        app.adminConsole.now(),
      )
    } catch (error) {
      if (error instanceof PasskeyError) throw new HttpError(400, 'passkey_refused', error.message)
      throw error
    }
    return { location: '/admin/passkeys?done=added' }
  })

  app.post('/passkeys/remove', own, async (request, reply) => {
    const form = removeForm.safeParse(request.body)
    const removed =
      form.success &&
      (await removePasskey(
        prisma,
        actor(request),
        sessionOf(request).adminId,
        form.data.id,
        app.adminConsole.now(),
      ))
    if (!removed) throw new HttpError(404, 'not_found', 'You have no such passkey.')
    return reply.redirect('/admin/passkeys?done=removed', 303)
  })
}
