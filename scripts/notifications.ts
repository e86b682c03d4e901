// Admin CLI for the notifications outbox (docs/operations.md): `rm5 notifications list|retry`.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { NotificationRow, NotificationState } from '../server/notifications/admin.server.ts'
import { table, utc } from './codes/table.ts'
import { CliError } from './lib/cli-error.ts'

const HELP = `Usage: rm5 notifications <command> [options]

Notifications of new applications, contact messages and docket openings wait in the outbox until
the webhook or the mail server takes them; the running server retries them for
NOTIFY_GIVE_UP_HOURS (24), then gives up (docs/operations.md).

Commands:
  list [--failed | --pending | --delivered] [--limit N]
                       The newest notifications: id, event, channel, state, attempts, written,
                       last error (default: all states, 50)
  retry <id> | --all-failed
                       Put a given-up notification (its id, or 8+ characters of it) back in the
                       queue with a new give-up time; the running server delivers it

Options:
  --json               Print JSON
  -h, --help           Show this help

Database: DATABASE_URL if set, else the embedded Postgres in DATA_DIR (default .data), shared
with the running server when \`npm start\` is up.

Exit status: 0 on success, 1 when the database or the command fails, 2 for a usage error.`

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      failed: { type: 'boolean' },
      pending: { type: 'boolean' },
      delivered: { type: 'boolean' },
      'all-failed': { type: 'boolean' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, target, extra] = positionals
  if (values.help) return { help: true as const }
  if (command !== 'list' && command !== 'retry') {
    throw new CliError(command ? `unknown command "${command}"` : 'missing command: list or retry', 2)
  }
  const states = (['failed', 'pending', 'delivered'] as const).filter((state) => values[state])
  if (command === 'list') {
    if (target !== undefined) throw new CliError(`unexpected argument "${target}"`, 2)
    if (values['all-failed']) throw new CliError('--all-failed belongs to retry', 2)
    if (states.length > 1) throw new CliError('choose one of --failed, --pending, --delivered', 2)
    const limit = values.limit === undefined ? 50 : Number(values.limit)
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
      throw new CliError('--limit must be a whole number from 1 to 10000', 2)
    }
    return {
      command: 'list' as const,
      state: states[0] as NotificationState | undefined,
      limit,
      json: values.json ?? false,
    }
  }
  if (states.length || values.limit !== undefined) throw new CliError('retry takes an id or --all-failed', 2)
  if (extra !== undefined) throw new CliError(`unexpected argument "${extra}"`, 2)
  if ((target === undefined) === !values['all-failed']) {
    throw new CliError('retry needs either a notification id or --all-failed', 2)
  }
  return { command: 'retry' as const, target, json: values.json ?? false }
}

function printList(rows: NotificationRow[], json: boolean, stateOf: (row: NotificationRow) => string) {
  if (json) {
    console.log(JSON.stringify(rows.map((row) => ({ ...row, state: stateOf(row) }))))
    return
  }
  if (rows.length === 0) {
    console.log('No notifications.')
    return
  }
  console.log(
    table(
      [
        { header: 'ID', value: (r) => r.id },
        { header: 'EVENT', value: (r) => r.event },
        { header: 'CHANNEL', value: (r) => r.channel },
        { header: 'STATE', value: (r) => stateOf(r) },
        { header: 'ATTEMPTS', value: (r) => String(r.attempts) },
        { header: 'WRITTEN', value: (r) => utc(r.createdAt) },
        { header: 'LAST ERROR', value: (r) => r.lastError ?? '-' },
      ],
      rows,
    ),
  )
}

async function main(args: string[]): Promise<number> {
  const parsed = parse(args)
  if ('help' in parsed) {
    console.log(HELP)
    return 0
  }
  const dotenv = join(process.cwd(), '.env')
  if (existsSync(dotenv)) process.loadEnvFile(dotenv)
  // Loaded only now: Prisma takes a while to import, and help or a usage error answers at once.
  const [{ withDatabase }, admin, { parseEnv }] = await Promise.all([
    import('./lib/cli-database.ts'),
    import('../server/notifications/admin.server.ts'),
    import('../server/env.server.ts'),
  ])
  await withDatabase(async ({ prisma }) => {
    if (parsed.command === 'list') {
      printList(await admin.listNotifications(prisma, parsed), parsed.json, admin.stateOf)
      return
    }
    const giveUpMs = parseEnv().NOTIFY_GIVE_UP_HOURS * 3_600_000
    let ids: string[]
    try {
      ids = await admin.retryNotifications(
        prisma,
        parsed.target === undefined ? { allFailed: true } : { id: parsed.target },
        { now: new Date(), giveUpMs },
      )
    } catch (error) {
      if (error instanceof admin.NotificationNotFound) throw new CliError(error.message)
      throw error
    }
    if (parsed.json) console.log(JSON.stringify({ requeuedIds: ids }))
    else if (ids.length === 0) console.log('No failed notifications.')
    else {
      for (const id of ids) console.log(`Queued ${id} again`)
      console.log('The running server delivers them within a few seconds (`rm5 notifications list`).')
    }
  })
  return 0
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error) => {
    const usage =
      (error instanceof CliError && error.exitCode === 2) ||
      Boolean((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
    process.stderr.write(`notifications: ${error instanceof Error ? error.message : String(error)}\n`)
    if (usage) process.stderr.write('Run "rm5 notifications --help" for usage.\n')
    process.exitCode = error instanceof CliError ? error.exitCode : usage ? 2 : 1
  },
)
