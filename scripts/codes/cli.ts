// The codes CLI's argument handling and help (scripts/codes.ts runs it): checks every argument
// before the database is opened, so help and usage errors answer at once.

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  type CodeRetailer,
  codeRetailers,
  gateRetailers,
  isCodeRetailer,
  isGateRetailer,
} from '../../lib/retailers'
import { CODE_CACHE_MS } from '../../server/access/grants.server.ts'
import type { PrismaClient } from '../../server/db/database.server.ts'
import { CliError } from '../lib/cli-error.ts'
import { parseSince } from '../lib/since.ts'
import { printActivity, setNotify } from './activity.ts'
import { STRENGTH_RULE } from './code-strength.ts'
import { addCode, checkCodeShape, type Io, printAttempts, printCodes, revoke } from './commands.ts'
import { parseExpires } from './expires.ts'

const RETAILERS = codeRetailers.join(', ')

const HELP = {
  main: `Usage: rm5 codes <command> [options]

Manage the access codes of the gates ${codeRetailers.map((r) => `/${r}`).join(', ')}.
Codes are stored as argon2id hashes only: a code is shown once, when it is generated.
/walmart takes no code (its button grants access directly).

Commands:
  generate <retailer>             Add a new random code (120 bits) and print it once
  set <retailer> --code <code>    Add a code you choose (must be hard to guess)
  list [--retailer R]             List codes: id, retailer, label, created, expires, revoked,
                                  last used, uses (never the hash)
  revoke <id> | --retailer R      Revoke one code, or every active code of a retailer
  attempts [--retailer R]         Recent verify attempts (hashed IP, outcome) and totals
  activity [--retailer R]         Who opened the docket and the proposal, per code: first and
                                  last opening, openings, distinct clients, pages
  notify <id> [--off]             Announce a code's first opening each day (access.granted)

Run "rm5 codes <command> --help" for a command's options. Retailers: ${RETAILERS}.
Times are shown in UTC. Add --json to any command for machine-readable output.

Database: DATABASE_URL if set, else the embedded Postgres in DATA_DIR (default .data), shared
with the running server when \`npm start\` is up. A local .env is read as \`npm start\` reads it.

Exit status: 0 on success, 1 when the database or the command fails, 2 for a usage error.`,
  generate: `Usage: rm5 codes generate <retailer> [--label L] [--expires WHEN] [--replace]

Adds a random access code (120 bits, e.g. 7KQ4-M2XD-9H3B-TV6R-PZ8C-A1NE) for the retailer's gate
and prints it once. Retailers: ${RETAILERS}.

Options:
  --label <text>    A note for admins: who the code was given to
  --expires <when>  When the code stops working: a date (2026-03-31: through the end of that day,
                    UTC), an ISO time with zone (2026-03-31T18:00:00-05:00), or 12h, 30d, 8w
  --replace         Revoke the retailer's other active codes in the same step
  --notify          Its first opening each day sends access.granted (docs/operations.md)
  --json            Print the new code as JSON
  -h, --help        Show this help`,
  set: `Usage: rm5 codes set <retailer> --code <code> [--label L] [--expires WHEN] [--replace]

Adds an access code you choose for the retailer's gate. It must be hard to guess:
${STRENGTH_RULE}.
Surrounding spaces are dropped; letters are case-sensitive. Retailers: ${RETAILERS}.
Pass "--code -" to read the code from standard input, so it stays out of your shell history:
  printf '%s' "$CODE" | rm5 codes set circlek --code -

Options:
  --code <code>     The code (or - for standard input)
  --label <text>    A note for admins: who the code was given to
  --expires <when>  When the code stops working: a date (through the end of that day, UTC), an
                    ISO time with zone, or 12h, 30d, 8w
  --replace         Revoke the retailer's other active codes in the same step
  --notify          Its first opening each day sends access.granted (docs/operations.md)
  --json            Print the result as JSON
  -h, --help        Show this help`,
  list: `Usage: rm5 codes list [--retailer R] [--json]

Lists access codes with id, retailer, label, created, expires, revoked, last used and uses.
Hashes are never shown.`,
  revoke: `Usage: rm5 codes revoke <id>
       rm5 codes revoke --retailer <retailer>

Revokes one code (its full id from \`list\`, or the first 8+ characters of it), or every active
code of a retailer. Grants made with a revoked code end within ${CODE_CACHE_MS / 1000} seconds, even in open
browser sessions.`,
  attempts: `Usage: rm5 codes attempts [--retailer R] [--since WHEN] [--limit N] [--json]

Shows the newest verify attempts (time, retailer, outcome, hashed client IP) and totals per
outcome: granted, denied, rate_limited, error. The same hashed IP on many denied attempts is one
source guessing codes.

Options:
  --retailer <r>    Only this gate (${gateRetailers.join(', ')})
  --since <when>    Only attempts at or after this time: 2026-01-31 (midnight UTC) or an ISO time
  --limit <n>       How many to show (default 50)
  --json            Print JSON
  -h, --help        Show this help`,
  activity: `Usage: rm5 codes activity [--retailer R] [--since WHEN] [--json]

Who opened /docket and /circlek/proposal, per code (the walmart gate, which takes no code, as one
row): first and last opening, number of openings, distinct clients (hashed addresses) and pages.
Every code of the chosen gates is listed, also those never used; revoked codes only if used.
Openings are written by the server every few seconds and kept DOCKET_ACTIVITY_RETENTION_DAYS.

Options:
  --retailer <r>    Only this gate (${gateRetailers.join(', ')})
  --since <when>    Only openings at or after this time: 2026-01-31 (midnight UTC) or an ISO time
  --json            Print JSON
  -h, --help        Show this help`,
  notify: `Usage: rm5 codes notify <id> [--off]

Marks a code (its id from \`list\`, or the first 8+ characters) so that its first opening of the
docket or the proposal each day (UTC) sends the access.granted notification through the webhook
and/or e-mail configured (NOTIFY_WEBHOOK_URL, SMTP_URL; docs/operations.md). --off stops it.

Options:
  --off             Stop announcing this code's openings
  --json            Print the result as JSON
  -h, --help        Show this help`,
}

type Command = Exclude<keyof typeof HELP, 'main'>
const isCommand = (value: string | undefined): value is Command =>
  value !== undefined && value !== 'main' && value in HELP

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      code: { type: 'string' },
      label: { type: 'string' },
      expires: { type: 'string' },
      replace: { type: 'boolean' },
      retailer: { type: 'string' },
      since: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      notify: { type: 'boolean' },
      off: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
}

type Values = ReturnType<typeof parse>['values']

/** Options each command accepts; anything else is a usage error rather than silently ignored. */
const allowed: Record<Command, (keyof Values)[]> = {
  generate: ['label', 'expires', 'replace', 'notify', 'json'],
  set: ['code', 'label', 'expires', 'replace', 'notify', 'json'],
  list: ['retailer', 'json'],
  revoke: ['retailer', 'json'],
  attempts: ['retailer', 'since', 'limit', 'json'],
  activity: ['retailer', 'since', 'json'],
  notify: ['off', 'json'],
}

function codeRetailer(value: string | undefined, command: Command): CodeRetailer {
  if (!value) throw new CliError(`${command} needs a retailer: ${RETAILERS}`, 2)
  if (value === 'walmart') {
    throw new CliError(
      '/walmart takes no code: its button grants access directly, so there is nothing to set',
      2,
    )
  }
  if (!isCodeRetailer(value)) throw new CliError(`unknown retailer "${value}": use one of ${RETAILERS}`, 2)
  return value
}

function anyRetailer(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  if (!isGateRetailer(value)) {
    throw new CliError(`unknown retailer "${value}": use one of ${gateRetailers.join(', ')}`, 2)
  }
  return value
}

function readCode(value: string | undefined): string {
  if (value === undefined)
    throw new CliError('set needs --code <code> (or use `generate` for a random one)', 2)
  if (value !== '-') return value
  // Standard input, minus the line break `echo` or a here-string adds.
  return readFileSync(0, 'utf8').replace(/\r?\n$/, '')
}

function sinceOption(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined
  const since = parseSince(value)
  if (!since) throw new CliError(`--since "${value}" is not a date: use 2026-01-31`, 2)
  return since
}

function expiresOption(value: string | undefined, now: Date): Date | undefined {
  if (value === undefined) return undefined
  const date = parseExpires(value, now)
  if (!date) {
    throw new CliError(`--expires "${value}" is not a time: use 2026-03-31, 2026-03-31T18:00:00Z or 30d`, 2)
  }
  return date
}

/** Checks the arguments, then returns the work to do once the database is open. */
function plan(
  command: Command,
  positionals: string[],
  values: Values,
): (prisma: PrismaClient, io: Io) => Promise<void> {
  for (const key of Object.keys(values) as (keyof Values)[]) {
    if (key !== 'help' && values[key] !== undefined && !allowed[command].includes(key)) {
      throw new CliError(`--${key} does not apply to ${command}`, 2)
    }
  }
  const [first, extra] = positionals
  const json = values.json ?? false
  const now = new Date()
  switch (command) {
    case 'generate':
    case 'set': {
      if (extra !== undefined) throw new CliError(`unexpected argument "${extra}"`, 2)
      const retailer = codeRetailer(first, command)
      const code = command === 'set' ? checkCodeShape(readCode(values.code)) : undefined
      const options = {
        retailer,
        code,
        label: values.label?.trim() || undefined,
        expiresAt: expiresOption(values.expires, now),
        replace: values.replace ?? false,
        notify: values.notify ?? false,
        json,
      }
      return (prisma, io) => addCode(prisma, io, options)
    }
    case 'list': {
      if (first !== undefined) throw new CliError(`unexpected argument "${first}"`, 2)
      const retailer = anyRetailer(values.retailer)
      return (prisma, io) => printCodes(prisma, io, { retailer, json })
    }
    case 'revoke': {
      if (extra !== undefined) throw new CliError(`unexpected argument "${extra}"`, 2)
      if ((first === undefined) === (values.retailer === undefined)) {
        throw new CliError('revoke needs either a code id or --retailer <retailer>', 2)
      }
      const target =
        first !== undefined ? { id: first } : { retailer: codeRetailer(values.retailer, command) }
      return (prisma, io) => revoke(prisma, io, target, json)
    }
    case 'attempts': {
      if (first !== undefined) throw new CliError(`unexpected argument "${first}"`, 2)
      const since = sinceOption(values.since)
      const limit = values.limit === undefined ? 50 : Number(values.limit)
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
        throw new CliError('--limit must be a whole number from 1 to 10000', 2)
      }
      const retailer = anyRetailer(values.retailer)
      return (prisma, io) => printAttempts(prisma, io, { retailer, since, limit, json })
    }
    case 'activity': {
      if (first !== undefined) throw new CliError(`unexpected argument "${first}"`, 2)
      const since = sinceOption(values.since)
      const retailer = anyRetailer(values.retailer)
      return (prisma, io) => printActivity(prisma, io, { retailer, since, json })
    }
    case 'notify': {
      if (extra !== undefined) throw new CliError(`unexpected argument "${extra}"`, 2)
      if (first === undefined) throw new CliError('notify needs a code id (see `rm5 codes list`)', 2)
      const notify = !(values.off ?? false)
      return (prisma, io) => setNotify(prisma, io, { id: first, notify, json })
    }
  }
}

export interface CliOutput {
  out(line: string): void
  err(line: string): void
}

const stdio: CliOutput = {
  out: (line) => console.log(line),
  err: (line) => process.stderr.write(`${line}\n`),
}

/** Runs `rm5 codes <args>`; resolves to the exit status (0 ok, 1 failed, 2 usage). */
export async function runCodesCli(args: string[], output: CliOutput = stdio): Promise<number> {
  try {
    return await main(args, output)
  } catch (error) {
    const usage =
      (error instanceof CliError && error.exitCode === 2) ||
      Boolean((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
    output.err(`codes: ${error instanceof Error ? error.message : String(error)}`)
    if (usage) output.err('Run "rm5 codes --help" for usage.')
    return error instanceof CliError ? error.exitCode : usage ? 2 : 1
  }
}

async function main(args: string[], output: CliOutput): Promise<number> {
  const { values, positionals } = parse(args)
  const [command, ...rest] = positionals
  if (!command || command === 'help') {
    output.out(HELP.main)
    return values.help || command === 'help' ? 0 : 2
  }
  if (!isCommand(command)) throw new CliError(`unknown command "${command}"`, 2)
  if (values.help) {
    output.out(HELP[command])
    return 0
  }
  const work = plan(command, rest, values)
  // The same .env `npm start` reads, so both use the same DATA_DIR / DATABASE_URL.
  const dotenv = join(process.cwd(), '.env')
  if (existsSync(dotenv)) process.loadEnvFile(dotenv)
  // Loaded only now: Prisma takes a while to import, and help or a usage error answers at once.
  const { withDatabase } = await import('../lib/cli-database.ts')
  const io: Io = { print: (line = '') => output.out(line), now: () => new Date() }
  await withDatabase(({ prisma }) => work(prisma, io))
  return 0
}
