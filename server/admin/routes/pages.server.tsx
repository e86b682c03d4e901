// The console's pages and their form posts. Each handler reads or calls the same service the CLI
// uses; the permission each needs is declared on the route and checked in console.server.tsx.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AdminsPage } from '../../../components/admin/AdminsPage.tsx'
import { AgreementsPage } from '../../../components/admin/AgreementsPage.tsx'
import { AuditPage } from '../../../components/admin/AuditPage.tsx'
import { CodesPage } from '../../../components/admin/CodesPage.tsx'
import { NotificationsPage } from '../../../components/admin/NotificationsPage.tsx'
import { OverviewPage } from '../../../components/admin/OverviewPage.tsx'
import { csvRecord } from '../../../scripts/lib/csv.ts'
import { CodeRuleError, createAccessCode, revokeAccessCodes } from '../../access/code-admin.server.ts'
import { listCodes } from '../../access/codes.server.ts'
import { agreementVersions } from '../../documents/agreement-listing.server.ts'
import { HttpError } from '../../http/errors.server.ts'
import { listNotifications, retryNotifications, stateOf } from '../../notifications/admin.server.ts'
import { AdminError, addAdmin, listAdmins, removeAdmin } from '../admins.server.ts'
import { listAudit } from '../audit.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { overview } from '../overview.server.ts'
import { type CodeForm, codeForm } from './code-form.server.ts'
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
const agreementsQuery = z.object({ retailer: z.string().max(64).optional() }).catch({})
const adminForm = z.object({ email: z.string().max(254), role: z.string().max(16) })

export async function consolePageRoutes(app: FastifyInstance) {
  const { deps } = app.adminConsole
  const prisma = deps.db.prisma
  const { user, actor } = routeKit(app)
  const read = READ
  const edit = EDIT
  const owner = OWNER

  app.get('/', read, async (request, reply) =>
    sendConsolePage(
      reply,
      'Overview',
      <OverviewPage user={user(request)} data={await overview(prisma, app.adminConsole.now())} />,
    ),
  )

  // The gates a code can open: served partners whose gate is not open (read from app.partners,
  // which follows `rm5 partners` changes).
  const codeGates = () => app.partners.list().filter((partner) => !partner.open)
  const codesPage = async (request: FastifyRequest, extra: Partial<Parameters<typeof CodesPage>[0]> = {}) => (
    <CodesPage
      user={user(request)}
      rows={await listCodes(prisma)}
      gates={codeGates()}
      names={(slug) => app.partners.nameOf(slug)}
      now={app.adminConsole.now()}
      {...extra}
    />
  )
  app.get('/codes', read, async (request, reply) => {
    const revoked = (request.query as { revoked?: unknown }).revoked === '1' ? 'yes' : undefined
    return sendConsolePage(reply, 'Codes', await codesPage(request, { revoked }))
  })
  app.post('/codes', edit, async (request, reply) => {
    const form: CodeForm = codeForm(
      request.body,
      app.adminConsole.now(),
      codeGates().map((gate) => gate.slug),
    )
    if (!form.ok) return sendConsolePage(reply, 'Codes', await codesPage(request, { form: form.state }), 400)
    try {
      const { created, code } = await createAccessCode(prisma, actor(request), {
        ...form.value,
        replace: false,
      })
      // Answered with the page itself, never a redirect: the code must not travel in a URL.
      return sendConsolePage(
        reply,
        'Codes',
        await codesPage(request, {
          generated: { id: created.id, code: code as string, retailer: created.retailer },
        }),
      )
    } catch (error) {
      if (!(error instanceof CodeRuleError)) throw error
      const state = {
        values: form.state.values,
        errors: { expires: error.message.replace(/^--expires/, 'Expiry') },
      }
      return sendConsolePage(reply, 'Codes', await codesPage(request, { form: state }), 400)
    }
  })
  app.post('/codes/:id/revoke', edit, async (request, reply) => {
    const { id } = uuid.parse(request.params)
    await revokeAccessCodes(prisma, actor(request), { id }, app.adminConsole.now())
    return reply.redirect('/admin/codes?revoked=1', 303)
  })

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
        rows={rows}
        state={state}
        retried={Number.isInteger(retried) ? retried : undefined}
      />,
    )
  })
  app.post('/notifications/:id/retry', edit, async (request, reply) => {
    const { id } = uuid.parse(request.params)
    const ids = await retryNotifications(
      prisma,
      actor(request),
      { id },
      {
        now: app.adminConsole.now(),
        giveUpMs: deps.env.NOTIFY_GIVE_UP_HOURS * 3_600_000,
      },
    ).catch((error: Error) => {
      throw new HttpError(404, 'not_found', error.message)
    })
    return reply.redirect(`/admin/notifications?retried=${ids.length}`, 303)
  })

  // The versions and acceptances `rm5 agreements list` prints, from the same reading.
  app.get('/agreements', read, async (request, reply) => {
    const retailer = agreementsQuery.parse(request.query).retailer || undefined
    const [versions, all] = await Promise.all([
      agreementVersions(prisma, retailer),
      retailer
        ? prisma.agreement.findMany({ select: { retailer: true }, distinct: ['retailer'] })
        : undefined,
    ])
    const slugs = [...new Set((all ?? versions).map((row) => row.retailer))].sort()
    return sendConsolePage(
      reply,
      'Agreements',
      <AgreementsPage
        user={user(request)}
        versions={versions}
        retailer={retailer}
        gates={slugs.map((slug) => ({ slug, name: app.partners.nameOf(slug) }))}
        names={(slug) => app.partners.nameOf(slug)}
      />,
    )
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
      <AuditPage user={user(request)} rows={await rows} filter={filter} />,
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
    const message = done === 'added' ? 'Admin added' : done === 'removed' ? 'Admin removed' : undefined
    return sendConsolePage(reply, 'Admins', await adminsPage(request, { done: message }))
  })
  app.post('/admins', owner, async (request, reply) => {
    const form = adminForm.safeParse(request.body)
    try {
      if (!form.success) throw new AdminError('Enter an e-mail address and a role.')
      await addAdmin(prisma, actor(request), form.data)
    } catch (error) {
      if (!(error instanceof AdminError)) throw error
      const values = form.success ? form.data : undefined
      return sendConsolePage(
        reply,
        'Admins',
        await adminsPage(request, { error: error.message, values }),
        400,
      )
    }
    return reply.redirect('/admin/admins?done=added', 303)
  })
  app.post('/admins/remove', owner, async (request, reply) => {
    const form = adminForm.pick({ email: true }).safeParse(request.body)
    try {
      if (!form.success) throw new AdminError('Name the admin to remove.')
      await removeAdmin(prisma, actor(request), form.data.email)
    } catch (error) {
      if (!(error instanceof AdminError)) throw error
      return sendConsolePage(
        reply,
        'Admins',
        await adminsPage(request, { error: error.message }),
        error.status,
      )
    }
    return reply.redirect('/admin/admins?done=removed', 303)
  })
}
