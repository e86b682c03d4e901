// The stored form submissions as the admin reads them (`rm5 applications`, `rm5 contact` and the
// console's Applications and messages page): the columns of each set, the newest first with a
// filter, one record, and every record as CSV or JSON. One definition for both interfaces, so an
// export from the console and from the CLI are the same bytes.

import { type Cell, csvRecord } from '../csv/csv.server.ts'
import type { PrismaClient } from '../db/database.server.ts'
import type { ContactMessage, RetailerApplication } from '../db/generated/client.ts'

export interface Keyed {
  id: string
  createdAt: Date
}

/** What the shared queries pass to a table's findMany / count. */
export interface PageQuery {
  where: { AND: object[] }
  orderBy: { createdAt?: 'asc' | 'desc'; id?: 'asc' | 'desc' }[]
  take: number
}

export interface ExportColumn<Row> {
  /** Header in the CSV and key in the JSON (the field name, so both formats match the schema). */
  key: string
  /** How the console labels the field when it shows one record. */
  label: string
  value(row: Row): Cell
  /** CSV text when it should differ from the JSON value (e.g. dollars with two decimals). */
  csv?(row: Row): Cell
  /** What the console shows when not the CSV text: a time, which the console writes its own way. */
  shown?(row: Row): Cell | Date
}

/** The fields of a row that a column can show as stored. */
type CellField<Row> = { [Key in keyof Row & string]: Row[Key] extends Cell ? Key : never }[keyof Row & string]

/** A column that shows a field as stored, under the field's name. */
function field<Row>(key: CellField<Row>, label: string): ExportColumn<Row> {
  return { key, label, value: (row) => row[key] as Cell }
}

/** A set's name, and its CLI command: `rm5 applications`, `rm5 contact`. */
export type RecordKind = 'applications' | 'contact'

export interface RecordSet<Row extends Keyed> {
  kind: RecordKind
  /** "applications", "contact messages". */
  plural: string
  /** The record's own columns; every export starts with `id` and `createdAt`. */
  exportColumns: ExportColumn<Row>[]
  /** Who or what one record is about (a company, a sender), as a list names it. */
  name(row: Row): string
  /** The set's table (its Prisma model), read by the shared queries. */
  table(prisma: PrismaClient): RecordTable<Row>
}

/** The part of a Prisma model the shared queries use. */
export interface RecordTable<Row> {
  findMany(query: PageQuery): Promise<Row[]>
  findUnique(query: { where: { id: string } }): Promise<Row | null>
  count(query: Pick<PageQuery, 'where'>): Promise<number>
}

export const applications: RecordSet<RetailerApplication> = {
  kind: 'applications',
  plural: 'applications',
  exportColumns: [
    field('companyName', 'Company'),
    field('businessType', 'Business type'),
    field('numberOfLocations', 'Locations'),
    field('contactName', 'Contact'),
    field('email', 'E-mail'),
    field('phone', 'Phone'),
    {
      key: 'averageOrderValue',
      label: 'Average order value (USD)',
      value: (r) => (r.averageOrderValue === null ? null : r.averageOrderValue.toNumber()),
      csv: (r) => r.averageOrderValue?.toFixed(2),
    },
    field('monthlyOrderVolume', 'Monthly orders'),
    field('currentDeliveryMethod', 'Delivery today'),
    field('additionalInfo', 'Anything else'),
  ],
  name: (r) => r.companyName,
  table: (prisma) => prisma.retailerApplication,
}

export const contactMessages: RecordSet<ContactMessage> = {
  kind: 'contact',
  plural: 'contact messages',
  exportColumns: [
    field('name', 'Name'),
    field('email', 'E-mail'),
    field('company', 'Company'),
    field('message', 'Message'),
  ],
  name: (r) => r.name,
  table: (prisma) => prisma.contactMessage,
}

// biome-ignore lint/suspicious/noExplicitAny: each set is typed by its own row
export const recordSets: Record<RecordKind, RecordSet<any>> = { applications, contact: contactMessages }

export interface RecordFilter {
  since?: Date
  email?: string
}

const keyedColumns: ExportColumn<Keyed>[] = [
  field('id', 'Id'),
  { key: 'createdAt', label: 'Received', value: (r) => r.createdAt.toISOString(), shown: (r) => r.createdAt },
]

const filterOf = (filter: RecordFilter): object[] => [
  ...(filter.since ? [{ createdAt: { gte: filter.since } }] : []),
  ...(filter.email ? [{ email: { equals: filter.email.trim(), mode: 'insensitive' } }] : []),
]

/** The newest `limit` records matching the filter, and how many match in all. */
export async function listRecords<Row extends Keyed>(
  prisma: PrismaClient,
  set: RecordSet<Row>,
  filter: RecordFilter & { limit: number },
): Promise<{ rows: Row[]; total: number }> {
  const where = { AND: filterOf(filter) }
  const table = set.table(prisma)
  const [rows, total] = await Promise.all([
    table.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: filter.limit }),
    table.count({ where }),
  ])
  return { rows, total }
}

const EXPORT_BATCH = 500

/**
 * Every matching record, oldest first, as CSV (RFC 4180, server/csv/csv.server.ts) or a JSON array, in
 * chunks: keyset pagination on (createdAt, id) keeps memory constant however many rows there are.
 */
export async function* exportRecords<Row extends Keyed>(
  prisma: PrismaClient,
  set: RecordSet<Row>,
  options: RecordFilter & {
    format: 'csv' | 'json'
    /** Told the count written so far after each batch (the CLI's progress line). */
    onBatch?: (written: number) => void
  },
): AsyncGenerator<string> {
  const columns = [...(keyedColumns as ExportColumn<Row>[]), ...set.exportColumns]
  yield options.format === 'csv' ? csvRecord(columns.map((c) => c.key)) : '['
  let written = 0
  let after: Keyed | undefined
  for (;;) {
    const page = after
      ? [
          {
            OR: [
              { createdAt: { gt: after.createdAt } },
              { createdAt: after.createdAt, id: { gt: after.id } },
            ],
          },
        ]
      : []
    const rows = await set.table(prisma).findMany({
      where: { AND: [...filterOf(options), ...page] },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: EXPORT_BATCH,
    })
    let chunk = ''
    for (const row of rows) {
      if (options.format === 'csv') chunk += csvRecord(columns.map((c) => (c.csv ?? c.value)(row)))
      else {
        const record = Object.fromEntries(columns.map((c) => [c.key, c.value(row) ?? null]))
        chunk += `${written === 0 ? '\n' : ',\n'}  ${JSON.stringify(record)}`
      }
      written++
    }
    if (chunk) yield chunk
    options.onBatch?.(written)
    if (rows.length < EXPORT_BATCH) break
    after = rows.at(-1)
  }
  if (options.format === 'json') yield written === 0 ? ']\n' : '\n]\n'
}

/** The fields of one record as the console shows them: label and text, received first. */
export function recordFields<Row extends Keyed>(set: RecordSet<Row>, row: Row) {
  return [...(keyedColumns as ExportColumn<Row>[]), ...set.exportColumns].map((column) => ({
    key: column.key,
    label: column.label,
    value: (column.shown ?? column.csv ?? column.value)(row),
  }))
}
