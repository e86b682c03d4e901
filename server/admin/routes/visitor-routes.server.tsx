// The console's Visitors page and its CSV files (decision 065), for every role: the same report
// `rm5 analytics` prints.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { chosenPeriod } from '../../analytics/period.server.ts'
import { analyticsReport, recentActivity } from '../../analytics/report.server.ts'
import { TABLE_NAMES, TABLES, tableCsv } from '../../analytics/tables.server.ts'
import { HttpError } from '../../http/errors.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { VisitorsPage } from '../views/VisitorsPage.tsx'
import { READ, routeKit } from './route-kit.server.ts'

const tableQuery = z.object({ table: z.enum(TABLE_NAMES) })

export async function visitorRoutes(app: FastifyInstance) {
  const { deps } = app.adminConsole
  const prisma = deps.db.prisma
  const { user } = routeKit(app)

  app.get('/visitors', READ, async (request, reply) => {
    const now = app.adminConsole.now()
    const choice = chosenPeriod(request.query, now)
    const [report, recent] = await Promise.all([
      analyticsReport(prisma, choice.period),
      recentActivity(prisma, now),
    ])
    return sendConsolePage(
      reply,
      'Visitors',
      <VisitorsPage
        user={user(request)}
        choice={choice}
        report={report}
        recent={recent}
        enabled={deps.env.ANALYTICS}
      />,
    )
  })

  app.get('/visitors.csv', READ, async (request, reply) => {
    const params = tableQuery.safeParse(request.query)
    if (!params.success) throw new HttpError(400, 'unknown_table', `Name a table: ${TABLE_NAMES.join(', ')}.`)
    const { period } = chosenPeriod(request.query, app.adminConsole.now())
    const report = await analyticsReport(prisma, period)
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="visitors-${params.data.table}-${period.since}-${period.until}.csv"`,
      )
      .send(tableCsv(TABLES[params.data.table](report)))
  })
}
