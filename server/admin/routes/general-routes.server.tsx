// The console's pages and their form posts. Each handler reads or calls the same service the CLI
// uses; the permission each needs is declared on the route and checked in console.server.tsx.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { listAudit } from '../../audit/audit.server.ts'
import { csvRecord } from '../../csv/csv.server.ts'
import { HttpError } from '../../http/errors.server.ts'
import {
  listNotifications,
  NotificationNotFound,
  retryNotifications,
  stateOf,
} from '../../notifications/admin.server.ts'
import { configuredChannels } from '../../notifications/channels.server.ts'
import { AdminError, addAdmin, listAdmins, removeAdmin, setAdminRole } from '../admins.server.ts'
import { auditTargetNames } from '../audit-targets.server.ts'
import { stateOf as returnedState } from '../http/form-return.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { overview } from '../overview.server.ts'
import { AdminsPage } from '../views/AdminsPage.tsx'
import { AuditPage } from '../views/AuditPage.tsx'
import { NotificationsPage } from '../views/NotificationsPage.tsx'
import { OverviewPage } from '../views/OverviewPage.tsx'
import { EDIT, OWNER, READ, routeKit } from './route-kit.server.ts'

const uuid = z.object({ id: z.uuid() })
const stateQuery = z.object({ state: z.enum(['pending', 'delivered', 'failed']).optional() }).catch({})
const auditQuery = z
  .object({
    actor: z.string().max(254).optional(),
    action: z.string().max(64).optional(),
    since: z.iso.date().optional().or(z.literal('')),
  })
  .catch({})
const adminForm = z.object({ email: z.string().max(254), role: z.string().max(16) })
const ADMIN_DONE = { added: 'Admin added', removed: 'Admin removed', role: 'Role changed' } as const
/** The admins page's forms share one refusal, kept under this name. */
const ADMINS = { page: '/admin/admins', form: 'admins' } as const

export async function consolePageRoutes(app: FastifyInstance) {
  const { deps } = app.adminConsole
  const prisma = deps.db.prisma
  const { user, actor, refuse, returned } = routeKit(app)
  const read = READ
  const edit = EDIT
  const owner = OWNER

  app.get('/', read, async (request, reply) =>
    sendConsolePage(
      reply,
      'Overview',
      <OverviewPage
        user={user(request)}
        data={await overview(prisma, app.adminConsole.now())}
        nameOf={(slug) => app.partners.nameOf(slug)}
      />,
    ),
  )

  app.get('/notifications', read, async (request, reply) => {
    const { state } = stateQuery.parse(request.query)
    const rows = (await listNotifications(prisma, { state, limit: 100 })).map((row) => ({
      ...row,
      state: stateOf(row),
    }))
    const retried = Number((request.query as { retried?: string }).retried)
    return sendConsolePage(
      reply,
      'Notifications',
      <NotificationsPage
        user={user(request)}
        channels={configuredChannels(deps.env)}
        rows={rows}
        state={state}
        retried={Number.isInteger(retried) ? retried : undefined}
      />,
    )
  })
  app.post('/notifications/:id/retry', edit, async (request, reply) => {
    const params = uuid.safeParse(request.params)
    if (!params.success) throw new HttpError(404, 'not_found', 'There is no such notification.')
    // One no longer failed (retried by a double click, another admin or the CLI) or gone: none is
    // queued, and the page says so.
    const ids = await retryNotifications(
      prisma,
      actor(request),
      { id: params.data.id },
      {
        now: app.adminConsole.now(),
        giveUpMs: deps.env.NOTIFY_GIVE_UP_HOURS * 3_600_000,
      },
    ).catch((error: unknown) => {
      if (error instanceof NotificationNotFound) return []
      throw error
    })
    return reply.redirect(`/admin/notifications?retried=${ids.length}`, 303)
  })

  const auditRows = (request: FastifyRequest, limit: number) => {
    const filter = auditQuery.parse(request.query)
    const since = filter.since ? new Date(`${filter.since}T00:00:00Z`) : undefined
    return { filter, rows: listAudit(prisma, { actor: filter.actor, action: filter.action, since, limit }) }
  }
  app.get('/audit', read, async (request, reply) => {
    const { filter, rows } = auditRows(request, 200)
    return sendConsolePage(
      reply,
      'Audit log',
      <AuditPage
        user={user(request)}
        rows={await rows}
        targets={await auditTargetNames(prisma, await rows, (slug) => app.partners.nameOf(slug))}
        filter={filter}
      />,
    )
  })
  app.get('/audit.csv', read, async (request, reply) => {
    const rows = await auditRows(request, 10_000).rows
    const body =
      csvRecord(['at', 'actor', 'action', 'target', 'details', 'client_hash']) +
      rows
        .map((row) =>
          csvRecord([
            row.at.toISOString(),
            row.actor,
            row.action,
            row.target,
            row.details ? JSON.stringify(row.details) : null,
            row.clientHash,
          ]),
        )
        .join('')
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .send(body)
  })

  const adminsPage = async (
    request: FastifyRequest,
    extra: Partial<Parameters<typeof AdminsPage>[0]> = {},
  ) => <AdminsPage user={user(request)} rows={await listAdmins(prisma)} {...extra} />
  app.get('/admins', owner, async (request, reply) => {
    const done = (request.query as { done?: unknown }).done
    const message = ADMIN_DONE[done as keyof typeof ADMIN_DONE]
    const refused = returnedState(await returned(request, ADMINS.page), ADMINS.form, true)
    const error = refused?.errors.email ?? refused?.message
    // A new admin's first sign-in: a link by e-mail, or, where this server sends none, one made on it.
    const firstSignIn = done === 'added' ? (deps.mailer ? 'mail' : 'cli') : undefined
    return sendConsolePage(
      reply,
      'Admins',
      await adminsPage(request, { done: message, firstSignIn, error, values: refused?.values }),
    )
  })
  /** An owner's change to the admins: done, then the page saying so; or the page with the refusal. */
  const adminChange = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: keyof typeof ADMIN_DONE,
    work: () => Promise<unknown>,
  ) =>
    Promise.resolve()
      .then(work)
      .then(
        () => reply.redirect(`/admin/admins?done=${done}`, 303),
        async (error) => {
          if (!(error instanceof AdminError)) throw error
          const typed = done === 'added' ? adminForm.partial().safeParse(request.body).data : undefined
          const values = {
            ...(typed?.email === undefined ? {} : { email: typed.email }),
            ...(typed?.role === undefined ? {} : { role: typed.role }),
          }
          return refuse(reply, ADMINS, { values, errors: { email: error.message } })
        },
      )
  const formOf = <T,>(schema: z.ZodType<T>, request: FastifyRequest, refusal: string): T => {
    const form = schema.safeParse(request.body)
    if (!form.success) throw new AdminError(refusal)
    return form.data
  }
  app.post('/admins', owner, (request, reply) =>
    adminChange(request, reply, 'added', () =>
      addAdmin(prisma, actor(request), formOf(adminForm, request, 'Enter an e-mail address and a role.')),
    ),
  )
  // `rm5 admins set <email> --role <role>`.
  app.post('/admins/role', owner, (request, reply) =>
    adminChange(request, reply, 'role', () =>
      setAdminRole(prisma, actor(request), formOf(adminForm, request, 'Name the admin and the role.')),
    ),
  )
  app.post('/admins/remove', owner, (request, reply) =>
    adminChange(request, reply, 'removed', () =>
      removeAdmin(
        prisma,
        actor(request),
        formOf(adminForm.pick({ email: true }), request, 'Name the admin to remove.').email,
      ),
    ),
  )
}
