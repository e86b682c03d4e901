// The console's Viewers page: the live sessions (searched by e-mail), ending one session or all of
// a person's, and a person's data with its deletion behind a confirm step. The same services as
// `rm5 viewers list|revoke|show|delete` (server/access/viewers.server.ts,
// server/documents/viewer-data.server.ts), which write the audit entries.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { email } from '../../../lib/forms/fields.ts'
import { listLiveSessions, revokeSession, revokeViewer } from '../../access/viewers.server.ts'
import {
  deleteViewerData,
  findFormRecords,
  findViewerData,
  holdsNothing,
} from '../../documents/viewer-data.server.ts'
import { stateOf } from '../http/form-return.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import type { FormState } from '../views/ErrorSummary.tsx'
import { type Person, ViewerDeletePage, ViewersPage } from '../views/ViewersPage.tsx'
import { EDIT, READ, routeKit } from './route-kit.server.ts'

const searchQuery = z
  .object({
    email: z.string().trim().max(254).optional().catch(undefined),
    done: z.enum(['revoked', 'session', 'gone', 'deleted', 'nothing']).optional().catch(undefined),
    ended: z.coerce.number().int().min(0).optional().catch(undefined),
  })
  .catch({})
/** A person named by a form: the address as `rm5 viewers --email` takes it. */
const personForm = z.object({ email: email() })
const sessionParams = z.object({ id: z.uuid() })
/** The person form, kept under its name when refused. */
const PERSON = { page: '/admin/viewers', form: 'person' } as const

/** A whole address: the search then shows the person too. */
const wholeAddress = (value: string | undefined) => {
  const parsed = value ? email().safeParse(value) : undefined
  return parsed?.success ? parsed.data : undefined
}

const DONE = {
  revoked: (ended: number) => `Signed out: ${ended} session(s) ended`,
  session: () => 'Session ended',
  gone: () => 'That session had ended already',
  deleted: () => 'Their data was deleted',
  nothing: () => 'Nothing was held in the data room, so nothing was deleted',
}

export async function viewerRoutes(app: FastifyInstance) {
  const prisma = app.adminConsole.deps.db.prisma
  const { user, actor, refuse, returned } = routeKit(app)

  /** The person an address names: their data-room rows and what the forms hold from them. */
  const personAt = async (email: string): Promise<Person> => {
    const [data, records] = await Promise.all([findViewerData(prisma, email), findFormRecords(prisma, email)])
    return { email, data, records }
  }

  async function viewersPage(
    request: FastifyRequest,
    search: string,
    extra: { form?: FormState; done?: string } = {},
  ) {
    const address = wholeAddress(search)
    const now = app.adminConsole.now()
    return (
      <ViewersPage
        user={user(request)}
        search={search}
        sessions={await listLiveSessions(prisma, { email: search || undefined }, now)}
        person={address ? await personAt(address) : undefined}
        {...extra}
      />
    )
  }

  /** The person a post names, or the page again with the address refused. */
  const personOf = (request: FastifyRequest) => {
    const parsed = personForm.safeParse(request.body ?? {})
    if (parsed.success) return { email: parsed.data.email }
    const given = (request.body as { email?: unknown } | undefined)?.email
    const values = { email: typeof given === 'string' ? given.slice(0, 254) : '' }
    return {
      form: { values, errors: { email: parsed.error.issues[0]?.message ?? 'Enter an e-mail address.' } },
    }
  }
  const withPerson = (done: 'revoked' | 'deleted' | 'nothing', email: string, ended?: number) =>
    `/admin/viewers?${new URLSearchParams({ email, done, ...(ended === undefined ? {} : { ended: String(ended) }) })}`

  app.get('/viewers', READ, async (request, reply) => {
    const query = searchQuery.parse(request.query ?? {})
    const done = query.done ? DONE[query.done](query.ended ?? 0) : undefined
    const form = stateOf(await returned(request, PERSON.page), PERSON.form, true)
    return sendConsolePage(reply, 'Viewers', await viewersPage(request, query.email ?? '', { done, form }))
  })

  app.get('/viewers/delete', EDIT, async (request, reply) => {
    const address = wholeAddress(searchQuery.parse(request.query ?? {}).email)
    if (!address) {
      const form = { values: {}, errors: { email: 'Name the person by their whole e-mail address.' } }
      return sendConsolePage(reply, 'Viewers', await viewersPage(request, '', { form }), 400)
    }
    const person = await personAt(address)
    return sendConsolePage(
      reply,
      `Delete ${address}'s data?`,
      <ViewerDeletePage user={user(request)} person={person} />,
    )
  })

  app.post('/viewers/revoke', EDIT, async (request, reply) => {
    const person = personOf(request)
    if (person.form) return refuse(reply, PERSON, person.form)
    const ended = await revokeViewer(prisma, actor(request), person.email, app.adminConsole.now())
    return reply.redirect(withPerson('revoked', person.email, ended), 303)
  })

  app.post('/viewers/delete', EDIT, async (request, reply) => {
    const person = personOf(request)
    if (person.form) return refuse(reply, PERSON, person.form)
    // A second press, or an address with nothing held: no deletion recorded, and the page says so.
    if (holdsNothing(await findViewerData(prisma, person.email)))
      return reply.redirect(withPerson('nothing', person.email), 303)
    await deleteViewerData(prisma, actor(request), person.email, app.adminConsole.now())
    return reply.redirect(withPerson('deleted', person.email), 303)
  })

  app.post('/viewers/sessions/:id/revoke', EDIT, async (request, reply) => {
    const params = sessionParams.safeParse(request.params)
    const ended = params.success
      ? await revokeSession(prisma, actor(request), params.data.id, app.adminConsole.now())
      : 0
    return reply.redirect(`/admin/viewers?done=${ended > 0 ? 'session' : 'gone'}`, 303)
  })
}
