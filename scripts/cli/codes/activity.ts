// `rm5 codes activity` and `rm5 codes notify`: who opened the docket per code, and which codes
// announce their first opening each day (docs/operations.md).
import { docketActivity, setCodeNotify } from '../../../server/access/docket-activity-report.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import type { Io } from './commands.ts'
import { resolveId } from './commands.ts'
import { table, utc } from './table.ts'

export async function printActivity(
  prisma: PrismaClient,
  io: Io,
  options: { retailer?: string; since?: Date; json: boolean },
): Promise<void> {
  const rows = await docketActivity(prisma, options)
  if (options.json) {
    io.print(JSON.stringify(rows))
    return
  }
  const scope = `${options.retailer ? ` for ${options.retailer}` : ''}${options.since ? ` since ${utc(options.since)}` : ''}`
  if (rows.length === 0) {
    io.print(`No access codes or openings${scope}.`)
    return
  }
  io.print(
    table(
      [
        { header: 'CODE', value: (r) => r.codeId?.slice(0, 8) ?? '(gate)' },
        { header: 'RETAILER', value: (r) => r.retailer },
        { header: 'LABEL', value: (r) => r.label ?? '-' },
        { header: 'FIRST OPENED', value: (r) => utc(r.firstOpened, 'never') },
        { header: 'LAST OPENED', value: (r) => utc(r.lastOpened, 'never') },
        { header: 'OPENINGS', value: (r) => String(r.openings) },
        { header: 'CLIENTS', value: (r) => String(r.clients) },
        { header: 'PAGES', value: (r) => r.pages.join(' ') || '-' },
        { header: 'NOTIFY', value: (r) => (r.notify ? 'yes' : '-') },
      ],
      rows,
    ),
  )
  const openings = rows.reduce((sum, row) => sum + row.openings, 0)
  const unused = rows.filter((row) => row.codeId && row.openings === 0).length
  io.print('')
  io.print(
    `${openings} opening(s)${scope}; ${unused} code(s) never used in that time. Clients are distinct ` +
      'hashed addresses. Times are UTC.',
  )
}

export async function setNotify(
  prisma: PrismaClient,
  io: Io,
  options: { id: string; notify: boolean; json: boolean },
): Promise<void> {
  const id = await resolveId(prisma, options.id)
  await setCodeNotify(prisma, [id], options.notify)
  if (options.json) {
    io.print(JSON.stringify({ id, notify: options.notify }))
    return
  }
  io.print(
    options.notify
      ? `Code ${id} now sends access.granted on its first opening each day (UTC), when a webhook or e-mail is configured.`
      : `Code ${id} no longer sends access.granted.`,
  )
}
