// Admin CLI for the notifications outbox (docs/operations.md): `rm5 notifications list|retry`.
import { Command, Option } from 'commander'
import type { NotificationRow, NotificationState } from '../../server/notifications/admin.server.ts'
import { type CliOutput, linePrinter, stdio } from '../lib/cli.ts'
import { DATABASE_HELP, withDatabase } from '../lib/cli-database.ts'
import { cliEnv } from '../lib/cli-env.ts'
import { CliError } from '../lib/cli-error.ts'
import { jsonOption, limitOption } from '../lib/cli-options.ts'
import { printListing, utc } from './codes/table.ts'

const STATES = ['failed', 'pending', 'delivered'] as const

type Print = (line: string) => void

function printList(
  print: Print,
  rows: NotificationRow[],
  json: boolean,
  stateOf: (row: NotificationRow) => string,
) {
  printListing(print, rows, {
    json,
    asJson: (listed) => listed.map((row) => ({ ...row, state: stateOf(row) })),
    empty: 'No notifications.',
    columns: [
      { header: 'ID', value: (r) => r.id },
      { header: 'EVENT', value: (r) => r.event },
      { header: 'CHANNEL', value: (r) => r.channel },
      { header: 'STATE', value: (r) => stateOf(r) },
      { header: 'ATTEMPTS', value: (r) => String(r.attempts) },
      { header: 'WRITTEN', value: (r) => utc(r.createdAt) },
      { header: 'LAST ERROR', value: (r) => r.lastError ?? '-' },
    ],
  })
}

async function list(
  print: Print,
  values: Partial<Record<NotificationState, boolean>> & { limit: number; json?: boolean },
) {
  const state = STATES.find((name) => values[name])
  await withDatabase(async ({ prisma }) => {
    // Loaded only when run, so that help and usage errors answer at once.
    const admin = await import('../../server/notifications/admin.server.ts')
    const rows = await admin.listNotifications(prisma, { state, limit: values.limit })
    printList(print, rows, values.json ?? false, admin.stateOf)
  })
}

async function retry(print: Print, id: string | undefined, values: { allFailed?: boolean; json?: boolean }) {
  if ((id === undefined) === !values.allFailed) {
    throw new CliError('retry needs either a notification id or --all-failed', 2)
  }
  const giveUpMs = (await cliEnv()).NOTIFY_GIVE_UP_HOURS * 3_600_000
  await withDatabase(async ({ prisma }) => {
    const admin = await import('../../server/notifications/admin.server.ts')
    const { cliActor } = await import('../../server/audit/audit.server.ts')
    let ids: string[]
    try {
      ids = await admin.retryNotifications(
        prisma,
        cliActor(),
        id === undefined ? { allFailed: true } : { id },
        {
          now: new Date(),
          giveUpMs,
        },
      )
    } catch (error) {
      if (error instanceof admin.NotificationNotFound) throw new CliError(error.message)
      throw error
    }
    if (values.json) print(JSON.stringify({ requeuedIds: ids }))
    else if (ids.length === 0) print('No failed notifications.')
    else {
      for (const queued of ids) print(`Queued ${queued} again`)
      print('The running server delivers them within a few seconds (`rm5 notifications list`).')
    }
  })
}

export function command(output: CliOutput = stdio): Command {
  const print: Print = linePrinter(output)
  const notifications = new Command('notifications')
    .description(
      `Notifications of new applications, contact messages and docket openings wait in the outbox until
the webhook or the mail server takes them; the running server retries them for
NOTIFY_GIVE_UP_HOURS (24), then gives up (docs/operations.md).`,
    )
    .addHelpText('after', `\n${DATABASE_HELP}`)
  const listing = notifications
    .command('list')
    .summary('The newest notifications: id, event, channel, state, attempts, written, last error')
  for (const state of STATES) {
    listing.addOption(
      new Option(`--${state}`, `Only the ${state} ones`).conflicts(STATES.filter((other) => other !== state)),
    )
  }
  listing
    .addOption(limitOption('notifications', 50))
    .addOption(jsonOption())
    .action((values) => list(print, values))
  notifications
    .command('retry')
    .summary('Queue a given-up notification again')
    .description(
      `Puts a given-up notification (its id, or 8+ characters of it), or every one, back in the queue
with a new give-up time; the running server delivers it.`,
    )
    .argument('[id]', 'The notification')
    .option('--all-failed', 'Every failed notification')
    .addOption(jsonOption())
    .action((id, values) => retry(print, id, values))
  return notifications
}
