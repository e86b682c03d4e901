// The shared admin CLI for stored form submissions (`rm5 applications`, `rm5 contact`):
// `list` prints a table, `export` streams every row as CSV or JSON, `delete` removes a person's.
// Each script only names its set (server/forms/records.server.ts), whose kind is the command, and
// its table (CliRecordSet).
import { Command, Option } from 'commander'
import { z } from 'zod'
import { email } from '../../lib/forms/fields.ts'
import { utcMinute } from '../../lib/utc-day.ts'
import type { PrismaClient } from '../../server/db/database.server.ts'
import type { FoundRecord, PersonTarget } from '../../server/forms/personal-data.server.ts'
import { exportRecords, type Keyed, listRecords, type RecordSet } from '../../server/forms/records.server.ts'
import { type CliOutput, linePrinter, stdio } from './cli.ts'
import { DATABASE_HELP, withDatabase } from './cli-database.ts'
import { CliError } from './cli-error.ts'
import { limitOption, sinceOption, valueParser, zodParser } from './cli-options.ts'
import { confirm } from './confirm.ts'
import { checkOutFile } from './out-file.ts'
import { openOutput } from './output.ts'

export interface ListColumn<Row> {
  header: string
  width: number
  value(row: Row): string
}

/** A set of the server's (server/forms/records.server.ts) as the CLI shows it. */
export interface CliRecordSet<Row extends Keyed> {
  description: string
  /** The record's own columns; every list starts with when it was received. */
  listColumns: ListColumn<Row>[]
  records: RecordSet<Row>
}

const receivedColumn: ListColumn<Keyed> = {
  header: 'Received (UTC)',
  width: 16,
  value: (r) => utcMinute(r.createdAt),
}

interface ListOptions {
  since?: Date
  limit: number
  email?: string
}

interface ExportOptions {
  since?: Date
  format: 'csv' | 'json'
  out?: string
  email?: string
}

interface DeleteOptions {
  email?: string
  id?: string
  yes?: boolean
}

async function list<Row extends Keyed>(
  cli: CliRecordSet<Row>,
  prisma: PrismaClient,
  options: ListOptions,
  output: CliOutput,
) {
  const set = cli.records
  const print = linePrinter(output)
  const { rows, total } = await listRecords(prisma, set, options)
  const scope = options.since ? ` since ${options.since.toISOString()}` : ''
  if (rows.length === 0) {
    print(`No ${set.plural}${scope}.`)
    return
  }
  const cell = (text: string, width: number) => {
    const flat = text.replace(/\s+/g, ' ')
    return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat.padEnd(width)
  }
  const line = (cells: string[]) => cells.join('  ').trimEnd()
  const columns = [receivedColumn, ...cli.listColumns]
  print(line(columns.map((c) => cell(c.header, c.width))))
  for (const row of rows) print(line(columns.map((c) => cell(c.value(row), c.width))))
  const shown = rows.length < total ? `Showing the newest ${rows.length} of ${total}` : `${total}`
  print(`\n${shown} ${set.plural}${scope}.${rows.length < total ? ' Use --limit or export for more.' : ''}`)
}

async function exportRows<Row extends Keyed>(
  set: RecordSet<Row>,
  prisma: PrismaClient,
  options: ExportOptions,
) {
  const output = openOutput(options.out)
  let written = 0
  try {
    const onBatch = (count: number) => {
      written = count
      if (options.out && process.stderr.isTTY && count > 0)
        process.stderr.write(`\r${count} ${set.plural} exported…`)
    }
    for await (const chunk of exportRecords(prisma, set, { ...options, onBatch })) await output.write(chunk)
    await output.commit()
  } catch (error) {
    await output.abort()
    throw error
  }
  if (options.out) process.stderr.write(`\rExported ${written} ${set.plural} to ${options.out}.\n`)
}

async function deleteRecords<Row extends Keyed>(
  set: RecordSet<Row>,
  prisma: PrismaClient,
  options: DeleteOptions,
  output: CliOutput,
) {
  const [{ personalData }, { cliActor }] = await Promise.all([
    import('../../server/forms/personal-data.server.ts'),
    import('../../server/audit/audit.server.ts'),
  ])
  const records = personalData[set.kind]
  const target: PersonTarget = options.email ? { email: options.email } : { id: options.id as string }
  const found = await records.find(prisma, target)
  const describe = (row: FoundRecord) => `${row.id}  ${utcMinute(row.createdAt)}Z  ${row.name} <${row.email}>`
  if (found.length === 0) {
    output.out(`No ${set.plural} ${options.email ? `from ${options.email}` : `with id ${options.id}`}.\n`)
    return
  }
  if (!options.yes) {
    output.err(`${found.map(describe).join('\n')}\n`)
    if (!(await confirm(`Delete ${found.length === 1 ? 'this one' : `these ${found.length}`}? [y/N] `))) {
      throw new CliError('nothing deleted')
    }
  }
  const deleted = await records.delete(
    prisma,
    cliActor(),
    found.map((row) => row.id),
  )
  for (const row of found) output.out(`Deleted ${describe(row)}\n`)
  output.err(`Deleted ${deleted} ${set.plural} and the notifications about them.\n`)
}

export function recordsCommand<Row extends Keyed>(
  cli: CliRecordSet<Row>,
  output: CliOutput = stdio,
): Command {
  const set = cli.records
  const command = new Command(set.kind).description(cli.description).addHelpText(
    'after',
    `
CSV is RFC 4180: UTF-8, a header row, CRLF line ends, fields quoted when they hold a comma, a
quote or a line break. Text cells starting with = + - @, a tab or a carriage return get a leading
' so spreadsheets show them as text instead of running them as formulas (phone numbers such as
+15125550142 included); the JSON export keeps the raw values.

${DATABASE_HELP}

Examples:
  rm5 ${set.kind} list --since 2026-01-01
  rm5 ${set.kind} export --format csv --out ${set.kind}.csv
  rm5 ${set.kind} export --format json --since 2026-03-01 > recent.json
  rm5 ${set.kind} export --format json --email dana@example.com    # a person's own data
  rm5 ${set.kind} delete --email dana@example.com`,
  )
  const run = (work: (prisma: PrismaClient) => Promise<void>) => withDatabase(({ prisma }) => work(prisma))
  const emailOption = () =>
    new Option('--email <address>', `Only this person's ${set.plural} (any letter case)`).argParser(
      zodParser(email(), 'Use an e-mail address.'),
    )

  command
    .command('list')
    .summary(`Print the newest ${set.plural} as a table (newest first)`)
    .addOption(sinceOption(set.plural))
    .addOption(limitOption(set.plural, 50))
    .addOption(emailOption())
    .action((options: ListOptions) => run((prisma) => list(cli, prisma, options, output)))

  command
    .command('export')
    .summary(`Write all ${set.plural} (oldest first) as CSV or JSON`)
    .addOption(new Option('--format <format>', 'The format').choices(['csv', 'json']).default('csv'))
    .addOption(
      new Option('--out <file>', 'Write to this file (atomically) instead of standard output').argParser(
        valueParser((file) => (file.trim() === '' ? null : file), 'Give a file name.'),
      ),
    )
    .addOption(sinceOption(set.plural))
    .addOption(emailOption())
    .action((options: ExportOptions) => {
      // Before the database opens (an embedded one takes seconds); openOutput checks again as it writes.
      if (options.out) checkOutFile(options.out)
      return run((prisma) => exportRows(set, prisma, options))
    })

  command
    .command('delete')
    .summary(`Delete a person's ${set.plural} (--email) or one (--id); asks first unless --yes`)
    .description(
      `Deletes a person's ${set.plural} (--email) or one (--id), with the notifications about them, and
prints what it deleted. It lists them and asks first, unless --yes. What the data room holds about
a viewer (openings, document views, acceptances) goes with \`rm5 viewers delete --email\`.`,
    )
    .addOption(emailOption().conflicts('id'))
    .addOption(
      new Option('--id <id>', 'This one record').argParser(
        zodParser(z.guid(), 'Use a record id (a UUID, as `export` shows it).'),
      ),
    )
    .option('--yes', 'Do not ask (for scripts; without a terminal it is required)')
    .action((options: DeleteOptions) => {
      if (options.email === undefined && options.id === undefined) {
        throw new CliError('delete needs either --email <address> or --id <id>', 2)
      }
      if (!options.yes && !process.stdin.isTTY) {
        throw new CliError('delete asks for confirmation: run it in a terminal, or add --yes', 2)
      }
      return run((prisma) => deleteRecords(set, prisma, options, output))
    })

  return command
}
