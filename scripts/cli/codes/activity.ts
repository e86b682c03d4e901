// `rm5 codes activity` and `rm5 codes notify`: who opened the docket and the retailer's documents
// per viewer (the e-mail where the code requires one, else the code), and which codes announce
// their first opening each day (docs/operations.md).

import { duration } from '../../../lib/figures.ts'
import {
  type CodeActivity,
  docketActivity,
  setCodeNotify,
} from '../../../server/access/docket-activity-report.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { refuseUnknownFilter } from '../../lib/partner-args.ts'
import type { Io } from './commands.ts'
import { resolveId } from './commands.ts'
import { printListing, utc } from './table.ts'

export { duration } from '../../../lib/figures.ts'

/** The e-mail where the grant named one; else the code's label (one row for all its holders). */
const viewer = (r: CodeActivity) => r.email ?? (r.codeId ? (r.label ?? '(no label)') : '(gate)')

/** The options of the activity reports (`rm5 codes activity`, `rm5 documents activity`). */
export interface ActivityOptions {
  retailer?: string
  since?: Date
  json: boolean
}

export async function printActivity(prisma: PrismaClient, io: Io, options: ActivityOptions): Promise<void> {
  const rows = await docketActivity(prisma, options)
  await refuseUnknownFilter(prisma, options.retailer, rows.length)
  const scope = `${options.retailer ? ` for ${options.retailer}` : ''}${options.since ? ` since ${utc(options.since)}` : ''}`
  const listed = printListing((line) => io.print(line), rows, {
    json: options.json,
    empty: `No access codes or openings${scope}.`,
    columns: [
      { header: 'CODE', value: (r) => r.codeId?.slice(0, 8) ?? '(gate)' },
      { header: 'RETAILER', value: (r) => r.retailer },
      { header: 'VIEWER', value: viewer },
      { header: 'FIRST SEEN', value: (r) => utc(r.firstSeen, 'never') },
      { header: 'LAST SEEN', value: (r) => utc(r.lastSeen, 'never') },
      { header: 'OPENINGS', value: (r) => String(r.openings) },
      { header: 'CLIENTS', value: (r) => String(r.clients) },
      { header: 'DOCUMENTS', value: (r) => String(r.documents.length) },
      { header: 'TIME', value: (r) => (r.documents.length ? duration(r.documentSeconds) : '-') },
      { header: 'NOTIFY', value: (r) => (r.notify ? 'yes' : '-') },
    ],
  })
  if (!listed) return
  const openings = rows.reduce((sum, row) => sum + row.openings, 0)
  const unused = rows.filter((row) => row.codeId && row.lastSeen === null).length
  io.print('')
  io.print(`${openings} opening(s)${scope}; ${unused} code(s) never used in that time. Times are UTC.`)
  io.print(
    [
      "VIEWER: the e-mail the code's one-time link proved, else the code's label (one row for everyone",
      'holding the code). OPENINGS: /docket and /circlek/proposal. DOCUMENTS, TIME: documents opened',
      'and reading time (per document and page: `rm5 documents activity`; everything: --json).',
      'CLIENTS: distinct hashed addresses.',
    ].join('\n'),
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
