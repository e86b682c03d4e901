// The shared admin CLI for stored form submissions (`rm5 applications`, `rm5 contact`):
// `list` prints a table, `export` streams every row as CSV or JSON. Each script only describes
// its table (see RecordSet).
import { parseArgs } from 'node:util'
import type { PrismaClient } from '../../server/db/database.server.ts'
import type { FoundRecord, PersonTarget } from '../../server/forms/personal-data.server.ts'
import { CliError } from './cli-error.ts'
import { type Cell, csvRecord } from './csv.ts'
import { openOutput } from './output.ts'
import { parseSince } from './since.ts'

export interface Keyed {
  id: string
  createdAt: Date
}

/** What the shared queries pass to a model's findMany / count. */
export interface PageQuery {
  where: { AND: object[] }
  orderBy: { createdAt?: 'asc' | 'desc'; id?: 'asc' | 'desc' }[]
  take: number
}

export interface ExportColumn<Row> {
  /** Header in the CSV and key in the JSON (the field name, so both formats match the schema). */
  key: string
  value(row: Row): Cell
  /** CSV text when it should differ from the JSON value (e.g. dollars with two decimals). */
  csv?(row: Row): Cell
}

export interface ListColumn<Row> {
  header: string
  width: number
  value(row: Row): string
}

export interface RecordSet<Row extends Keyed> {
  /** The command: `rm5 <command> …`. */
  command: string
  /** "applications", "contact messages". */
  plural: string
  description: string
  exportColumns: ExportColumn<Row>[]
  listColumns: ListColumn<Row>[]
  findMany(prisma: PrismaClient, query: PageQuery): Promise<Row[]>
  count(prisma: PrismaClient, query: Pick<PageQuery, 'where'>): Promise<number>
  /** Which personal-data set (server/forms/personal-data.server.ts) holds these records. */
  personalData: 'applications' | 'contact'
}

const EXPORT_BATCH = 500
const DEFAULT_LIST_LIMIT = 50

function help<Row extends Keyed>(set: RecordSet<Row>): string {
  return `Usage: rm5 ${set.command} <command> [options]

${set.description}

Commands:
  list                 Print the newest ${set.plural} as a table (newest first)
  export               Write all ${set.plural} (oldest first) as CSV or JSON
  delete               Delete a person's ${set.plural} (--email) or one (--id), with the
                       notifications about them; asks first unless --yes. Prints what it deleted.

Options:
  --since <date>       Only ${set.plural} received at or after this time: a date (2026-01-31,
                       midnight UTC) or an ISO time with zone (2026-01-31T09:00:00-06:00)
  --limit <n>          list: how many to show (default ${DEFAULT_LIST_LIMIT})
  --format csv|json    export: the format (default csv)
  --out <file>         export: write to this file instead of standard output
  --email <address>    list, export, delete: only this person's (any letter case)
  --id <id>            delete: this one record
  --yes                delete: do not ask (for scripts; without a terminal it is required)
  -h, --help           Show this help

CSV is RFC 4180: UTF-8, a header row, CRLF line ends, fields quoted when they hold a comma, a
quote or a line break. Text cells starting with = + - @, a tab or a carriage return get a leading
' so spreadsheets show them as text instead of running them as formulas (phone numbers such as
+15125550142 included); the JSON export keeps the raw values.

Database: DATABASE_URL if set, else the embedded Postgres in DATA_DIR (default .data), shared
with the running server when \`npm start\` is up.

Examples:
  rm5 ${set.command} list --since 2026-01-01
  rm5 ${set.command} export --format csv --out ${set.command}.csv
  rm5 ${set.command} export --format json --since 2026-03-01 > recent.json
  rm5 ${set.command} export --format json --email dana@example.com    # a person's own data
  rm5 ${set.command} delete --email dana@example.com

Exit status: 0 on success, 1 when the database or the output fails, 2 for a usage error.`
}

interface Options {
  since?: Date
  limit: number
  format: 'csv' | 'json'
  out?: string
  email?: string
  id?: string
  yes: boolean
}

function parseOptions(args: string[]): { command?: string; help: boolean; options: Options } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      since: { type: 'string' },
      limit: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      email: { type: 'string' },
      id: { type: 'string' },
      yes: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, extra] = positionals
  if (extra !== undefined) throw new CliError(`unexpected argument "${extra}"`, 2)
  const options: Options = { limit: DEFAULT_LIST_LIMIT, format: 'csv', yes: values.yes ?? false }
  if (values.email !== undefined) {
    if (!values.email.includes('@'))
      throw new CliError(`--email "${values.email}" is not an e-mail address`, 2)
    options.email = values.email.trim()
  }
  if (values.id !== undefined) {
    if (command !== 'delete') throw new CliError('--id belongs to delete', 2)
    options.id = values.id.trim()
  }
  if (values.yes && command !== 'delete') throw new CliError('--yes belongs to delete', 2)
  if (command === 'delete') {
    if ((options.email === undefined) === (options.id === undefined)) {
      throw new CliError('delete needs either --email <address> or --id <id>', 2)
    }
    for (const name of ['since', 'limit', 'format', 'out'] as const) {
      if (values[name] !== undefined) throw new CliError(`--${name} does not apply to delete`, 2)
    }
  }
  if (values.since !== undefined) {
    const since = parseSince(values.since)
    if (!since) {
      throw new CliError(`--since "${values.since}" is not a date: use 2026-01-31 or 2026-01-31T09:00:00Z`, 2)
    }
    options.since = since
  }
  if (values.limit !== undefined) {
    const limit = Number(values.limit)
    if (!Number.isInteger(limit) || limit < 1) throw new CliError('--limit must be a whole number above 0', 2)
    options.limit = limit
  }
  if (values.format !== undefined) {
    if (values.format !== 'csv' && values.format !== 'json') {
      throw new CliError(`--format must be csv or json, not "${values.format}"`, 2)
    }
    options.format = values.format
  }
  if (values.out !== undefined) {
    if (values.out.trim() === '') throw new CliError('--out needs a file name', 2)
    options.out = values.out
  }
  if (command === 'list' && (values.format !== undefined || values.out !== undefined)) {
    throw new CliError('--format and --out belong to export', 2)
  }
  if (command === 'export' && values.limit !== undefined) throw new CliError('--limit belongs to list', 2)
  return { command, help: values.help ?? false, options }
}

const sinceFilter = (since?: Date): object[] => (since ? [{ createdAt: { gte: since } }] : [])
const emailFilter = (email?: string): object[] =>
  email ? [{ email: { equals: email, mode: 'insensitive' } }] : []

async function list<Row extends Keyed>(set: RecordSet<Row>, prisma: PrismaClient, options: Options) {
  const where = { AND: [...sinceFilter(options.since), ...emailFilter(options.email)] }
  const [rows, total] = await Promise.all([
    set.findMany(prisma, { where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: options.limit }),
    set.count(prisma, { where }),
  ])
  const scope = options.since ? ` since ${options.since.toISOString()}` : ''
  if (rows.length === 0) {
    console.log(`No ${set.plural}${scope}.`)
    return
  }
  const cell = (text: string, width: number) => {
    const flat = text.replace(/\s+/g, ' ')
    return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat.padEnd(width)
  }
  const line = (cells: string[]) => cells.join('  ').trimEnd()
  console.log(line(set.listColumns.map((c) => cell(c.header, c.width))))
  for (const row of rows) console.log(line(set.listColumns.map((c) => cell(c.value(row), c.width))))
  const shown = rows.length < total ? `Showing the newest ${rows.length} of ${total}` : `${total}`
  console.log(
    `\n${shown} ${set.plural}${scope}.${rows.length < total ? ' Use --limit or export for more.' : ''}`,
  )
}

async function exportRows<Row extends Keyed>(set: RecordSet<Row>, prisma: PrismaClient, options: Options) {
  const output = openOutput(options.out)
  let written = 0
  try {
    const columns = set.exportColumns
    if (options.format === 'csv') await output.write(csvRecord(columns.map((c) => c.key)))
    else await output.write('[')
    // Keyset pagination on (createdAt, id): constant memory and a stable order however many rows.
    let after: Keyed | undefined
    for (;;) {
      const where = {
        AND: [
          ...sinceFilter(options.since),
          ...emailFilter(options.email),
          ...(after
            ? [
                {
                  OR: [
                    { createdAt: { gt: after.createdAt } },
                    { createdAt: after.createdAt, id: { gt: after.id } },
                  ],
                },
              ]
            : []),
        ],
      }
      const rows = await set.findMany(prisma, {
        where,
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: EXPORT_BATCH,
      })
      let chunk = ''
      for (const row of rows) {
        if (options.format === 'csv') {
          chunk += csvRecord(columns.map((c) => (c.csv ?? c.value)(row)))
        } else {
          const record = Object.fromEntries(columns.map((c) => [c.key, c.value(row) ?? null]))
          chunk += `${written === 0 ? '\n' : ',\n'}  ${JSON.stringify(record)}`
        }
        written++
      }
      if (chunk) await output.write(chunk)
      if (options.out && process.stderr.isTTY && rows.length === EXPORT_BATCH) {
        process.stderr.write(`\r${written} ${set.plural} exported…`)
      }
      if (rows.length < EXPORT_BATCH) break
      after = rows.at(-1)
    }
    if (options.format === 'json') await output.write(written === 0 ? ']\n' : '\n]\n')
    await output.commit()
  } catch (error) {
    await output.abort()
    throw error
  }
  if (options.out) process.stderr.write(`\rExported ${written} ${set.plural} to ${options.out}.\n`)
}

async function deleteRecords<Row extends Keyed>(set: RecordSet<Row>, prisma: PrismaClient, options: Options) {
  const { InvalidTarget, personalData } = await import('../../server/forms/personal-data.server.ts')
  const records = personalData[set.personalData]
  const target: PersonTarget = options.email ? { email: options.email } : { id: options.id as string }
  let found: FoundRecord[]
  try {
    found = await records.find(prisma, target)
  } catch (error) {
    if (error instanceof InvalidTarget) throw new CliError(error.message, 2)
    throw error
  }
  const describe = (row: FoundRecord) => `${row.id}  ${utcMinute(row.createdAt)}  ${row.name} <${row.email}>`
  if (found.length === 0) {
    console.log(`No ${set.plural} ${options.email ? `from ${options.email}` : `with id ${options.id}`}.`)
    return
  }
  if (!options.yes) {
    process.stderr.write(`${found.map(describe).join('\n')}\n`)
    if (!(await confirm(`Delete ${found.length === 1 ? 'this one' : `these ${found.length}`}? [y/N] `))) {
      throw new CliError('nothing deleted')
    }
  }
  const deleted = await records.delete(
    prisma,
    found.map((row) => row.id),
  )
  for (const row of found) console.log(`Deleted ${describe(row)}`)
  process.stderr.write(`Deleted ${deleted} ${set.plural} and the notifications about them.\n`)
}

const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')}Z`

async function confirm(question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises')
  const prompt = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim())
  } finally {
    prompt.close()
  }
}

/** Runs the CLI for `set` with `args` (process.argv minus node and script); resolves to the exit code. */
export async function runRecordsCli<Row extends Keyed>(set: RecordSet<Row>, args: string[]): Promise<number> {
  try {
    const { command, help: wantsHelp, options } = parseOptions(args)
    if (wantsHelp) {
      console.log(help(set))
      return 0
    }
    if (command !== 'list' && command !== 'export' && command !== 'delete') {
      throw new CliError(
        command ? `unknown command "${command}"` : 'missing command: list, export or delete',
        2,
      )
    }
    if (command === 'delete' && !options.yes && !process.stdin.isTTY) {
      throw new CliError('delete asks for confirmation: run it in a terminal, or add --yes', 2)
    }
    // Loaded only now: Prisma and the database layer take a while to import, and --help or a
    // usage error should answer at once.
    const { withDatabase } = await import('./cli-database.ts')
    await withDatabase(({ prisma }) =>
      command === 'list'
        ? list(set, prisma, options)
        : command === 'export'
          ? exportRows(set, prisma, options)
          : deleteRecords(set, prisma, options),
    )
    return 0
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`${set.command}: ${error.message}\n`)
      if (error.exitCode === 2) process.stderr.write(`Run "rm5 ${set.command} --help" for usage.\n`)
      return error.exitCode
    }
    if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${set.command}: ${error.message}\nRun "rm5 ${set.command} --help" for usage.\n`)
      return 2
    }
    process.stderr.write(`${set.command}: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}

/** Runs the CLI as a script: sets the exit code, lets pending output flush. */
export function main<Row extends Keyed>(set: RecordSet<Row>): void {
  runRecordsCli(set, process.argv.slice(2)).then((code) => {
    process.exitCode = code
  })
}
