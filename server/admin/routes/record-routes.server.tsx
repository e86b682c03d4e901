// The console's Applications and messages page: list with a filter, one record, exports (CSV,
// JSON) and delete behind a confirm step. The queries and the export are the ones `rm5
// applications|contact list|export` run (server/forms/records.server.ts) and delete is the
// personal-data deletion `rm5 … delete` calls, which writes the audit entry.
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { personalData } from '../../forms/personal-data.server.ts'
import {
  exportRecords,
  listRecords,
  type RecordFilter,
  type RecordKind,
  recordFields,
  recordSets,
} from '../../forms/records.server.ts'
import { HttpError } from '../../http/errors.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { RecordPage } from '../views/RecordPage.tsx'
import { RECORD_PAGES, type RecordPath, RecordsPage } from '../views/RecordsPage.tsx'
import { EDIT, READ, routeKit } from './route-kit.server.ts'

const LIST_LIMIT = 100

/** The filter as typed: an address and a date; anything else is ignored rather than refused. */
const filterQuery = z.object({
  email: z.string().trim().max(254).optional().catch(undefined),
  since: z.iso.date().optional().catch(undefined),
  done: z.enum(['deleted', 'gone']).optional().catch(undefined),
})
const idParams = z.object({ id: z.uuid() })

const DONE = {
  deleted: (one: string) => `The ${one} was deleted`,
  // A second Delete (a double click, another admin, the CLI) finds nothing left to delete.
  gone: (one: string) => `The ${one} had been deleted already`,
}

/** A line saying what a record is about, for the list. */
const about = {
  applications: (row: { businessType: string }) => row.businessType,
  messages: (row: { message: string }) =>
    row.message.length > 80 ? `${row.message.slice(0, 79)}…` : row.message,
}

export async function consoleRecordRoutes(app: FastifyInstance) {
  const prisma = app.adminConsole.deps.db.prisma
  const { user, actor } = routeKit(app)
  const read = READ
  const edit = EDIT

  const kinds: { path: RecordPath; kind: RecordKind }[] = [
    { path: 'applications', kind: 'applications' },
    { path: 'messages', kind: 'contact' },
  ]

  for (const { path, kind } of kinds) {
    const set = recordSets[kind]
    const one = RECORD_PAGES.find((entry) => entry.path === path)?.one ?? 'record'
    const filterOf = (request: FastifyRequest) => {
      const query = filterQuery.parse(request.query ?? {})
      const filter: RecordFilter = {
        email: query.email,
        since: query.since ? new Date(`${query.since}T00:00:00Z`) : undefined,
      }
      return { query, filter }
    }
    const findRecord = async (request: FastifyRequest) => {
      const params = idParams.safeParse(request.params)
      return params.success ? await set.table(prisma).findUnique({ where: { id: params.data.id } }) : null
    }
    const recordOf = async (request: FastifyRequest) => {
      const row = await findRecord(request)
      if (!row) throw new HttpError(404, 'not_found', `There is no such ${one}: it may have been deleted.`)
      return row
    }

    app.get(`/${path}`, read, async (request, reply) => {
      const { query, filter } = filterOf(request)
      const { rows, total } = await listRecords(prisma, set, { ...filter, limit: LIST_LIMIT })
      return sendConsolePage(
        reply,
        'Applications and messages',
        <RecordsPage
          user={user(request)}
          path={path}
          rows={rows.map((row) => ({
            id: row.id,
            createdAt: row.createdAt,
            name: set.name(row),
            email: row.email,
            about: about[path](row),
          }))}
          total={total}
          filter={{ email: query.email, since: query.since }}
          done={query.done ? DONE[query.done](one) : undefined}
        />,
      )
    })

    for (const format of ['csv', 'json'] as const) {
      app.get(`/${path}.${format}`, edit, async (request, reply) => {
        const { filter } = filterOf(request)
        const day = app.adminConsole.now().toISOString().slice(0, 10)
        return reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${path}-${day}.${format}"`)
          .send(Readable.from(exportRecords(prisma, set, { ...filter, format })))
      })
    }

    const recordPage = async (request: FastifyRequest, confirm: boolean) => {
      const row = await recordOf(request)
      return (
        <RecordPage
          user={user(request)}
          path={path}
          id={row.id}
          name={set.name(row)}
          fields={recordFields(set, row)}
          confirm={confirm}
        />
      )
    }
    app.get(`/${path}/:id`, read, async (request, reply) =>
      sendConsolePage(reply, `One ${one}`, await recordPage(request, false)),
    )
    app.get(`/${path}/:id/delete`, edit, async (request, reply) =>
      sendConsolePage(reply, `Delete this ${one}?`, await recordPage(request, true)),
    )
    app.post(`/${path}/:id/delete`, edit, async (request, reply) => {
      const row = await findRecord(request)
      if (!row) return reply.redirect(`/admin/${path}?done=gone`, 303)
      await personalData[kind].delete(prisma, actor(request), [row.id])
      return reply.redirect(`/admin/${path}?done=deleted`, 303)
    })
  }
}
