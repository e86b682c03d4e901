// `rm5 admins add|set|list|remove|link`: the people who may sign in to the console at /admin
// (docs/operations.md, "The admin console"). `link` is how the first admin gets in without mail.
import { Command, InvalidArgumentError, Option } from 'commander'
import { ADMIN_ROLES, type AdminRole } from '../../lib/admin/roles.ts'
import type { Actor } from '../../server/audit/audit.server.ts'
import { publicOrigin } from '../../server/http/public-origin.server.ts'
import { type CliOutput, linePrinter, notePrinter, stdio } from '../lib/cli.ts'
import { DATABASE_HELP, withDatabase } from '../lib/cli-database.ts'
import { cliEnv } from '../lib/cli-env.ts'
import { CliError } from '../lib/cli-error.ts'
import { jsonOption, valueParser } from '../lib/cli-options.ts'
import { printListing, utc } from './codes/table.ts'

/** The service's refusals become one-line CLI errors; anything else stays an error of its own. */
async function service<T>(work: () => Promise<T>): Promise<T> {
  const { AdminError } = await import('../../server/admin/admins.server.ts')
  try {
    return await work()
  } catch (error) {
    if (error instanceof AdminError) throw new CliError(error.message)
    throw error
  }
}

// Commander's own refusal, so the line names the subcommand and its --help; the service then
// applies the admins' rule (lower case, the length limits).
const emailArgument = (value: string) => {
  if (!/^[^@\s]+@[^@\s]+$/.test(value.trim()))
    throw new InvalidArgumentError('Use an e-mail address, such as ops@example.com.')
  return value
}

/** Where a command writes: its own output, and notes beside it. */
interface Io {
  print(line: string): void
  note(line: string): void
}

type AdminsService = typeof import('../../server/admin/admins.server.ts')
type PrismaOf = Parameters<Parameters<typeof withDatabase>[0]>[0]['prisma']

/** A change through the admins service, as the CLI's actor, its refusals one-line errors. */
async function change<T>(work: (admins: AdminsService, prisma: PrismaOf, actor: Actor) => Promise<T>) {
  return withDatabase(async ({ prisma }) => {
    const [admins, { cliActor }] = await Promise.all([
      import('../../server/admin/admins.server.ts'),
      import('../../server/audit/audit.server.ts'),
    ])
    return service(() => work(admins, prisma, cliActor()))
  })
}

async function add({ print }: Io, email: string, values: { role: AdminRole; json?: boolean }) {
  const row = await change((admins, prisma, actor) =>
    admins.addAdmin(prisma, actor, { email, role: values.role }),
  )
  if (values.json) print(JSON.stringify(row))
  else {
    print(`Added ${row.email} as ${row.role}.`)
    print(`Sign-in: /admin/sign-in by e-mail, or a one-time link now: rm5 admins link ${row.email}`)
  }
}

async function set({ print }: Io, email: string, values: { role: AdminRole; json?: boolean }) {
  const row = await change((admins, prisma, actor) =>
    admins.setAdminRole(prisma, actor, { email, role: values.role }),
  )
  if (values.json) print(JSON.stringify(row))
  else if (!row.changed) print(`${row.email} is ${row.role} already: nothing changed.`)
  else print(`${row.email} is now ${row.role}, from their next request on.`)
}

async function list({ print }: Io, values: { json?: boolean }) {
  await withDatabase(async ({ prisma }) => {
    const { listAdmins } = await import('../../server/admin/admins.server.ts')
    printListing(print, await listAdmins(prisma), {
      json: values.json ?? false,
      empty: 'No admins yet. Add the first with `rm5 admins add <email> --role owner`.',
      columns: [
        { header: 'E-MAIL', value: (r) => r.email },
        { header: 'ROLE', value: (r) => r.role },
        { header: 'ADDED', value: (r) => utc(r.createdAt) },
        { header: 'PASSKEYS', value: (r) => String(r.passkeys) },
      ],
    })
  })
}

async function remove({ print }: Io, email: string, values: { json?: boolean }) {
  await change((admins, prisma, actor) => admins.removeAdmin(prisma, actor, email))
  if (values.json) print(JSON.stringify({ removed: email.trim().toLowerCase() }))
  else print(`Removed ${email.trim().toLowerCase()}; their sessions and passkeys are gone.`)
}

async function link({ print, note }: Io, email: string, values: { json?: boolean }) {
  const env = await cliEnv()
  await withDatabase(async ({ prisma }) => {
    const { issueSignInLink } = await import('../../server/admin/sign-in.server.ts')
    const { cliActor } = await import('../../server/audit/audit.server.ts')
    const issued = await service(() => issueSignInLink(prisma, cliActor(), publicOrigin(env), email))
    if (!issued) throw new CliError(`${email.trim().toLowerCase()} is not an admin (see \`rm5 admins list\`)`)
    if (values.json) print(JSON.stringify({ url: issued.url, expiresAt: issued.expiresAt }))
    else {
      print(issued.url)
      note(`Works once, until ${utc(issued.expiresAt)}. Open it in the browser that will sign in.`)
    }
  })
}

const roleOption = () =>
  new Option('--role <role>', `One of ${ADMIN_ROLES.join(', ')}`)
    .makeOptionMandatory()
    .argParser(
      valueParser(
        (value) => ((ADMIN_ROLES as readonly string[]).includes(value) ? value : null),
        `Use one of ${ADMIN_ROLES.join(', ')}.`,
      ),
    )

/** What `add` and `set` take: the admin's address, the role they get, and --json. */
const withRole = (command: Command, who: string, json: string) =>
  command.argument('<email>', who, emailArgument).addOption(roleOption()).addOption(jsonOption(json))

export function command(output: CliOutput = stdio): Command {
  const io: Io = { print: linePrinter(output), note: notePrinter(output) }
  const admins = new Command('admins')
    .description(
      `The people who may sign in to the admin console at /admin, and their role:
  reader  reads every page and export
  editor  also changes codes, documents, agreements, viewers, applications, messages, notifications
  owner   also adds and removes admins`,
    )
    .addHelpText('after', `\n${DATABASE_HELP}`)
  withRole(
    admins.command('add').summary('Add an admin with a role'),
    'Their e-mail address (they sign in with it)',
    'Print the new admin as JSON',
  ).action((email, values) => add(io, email, values))
  withRole(
    admins.command('set').summary("Change an admin's role (the last owner keeps theirs)"),
    'The admin',
    'Print the admin and their role as JSON',
  ).action((email, values) => set(io, email, values))
  admins
    .command('list')
    .summary('List admins: e-mail, role, added, passkeys')
    .addOption(jsonOption())
    .action((values) => list(io, values))
  admins
    .command('remove')
    .summary('Remove an admin (ends their sessions; the audit log keeps their address)')
    .argument('<email>', 'The admin', emailArgument)
    .addOption(jsonOption())
    .action((email, values) => remove(io, email, values))
  admins
    .command('link')
    .summary('Print a one-time sign-in link (15 minutes, works once)')
    .description(
      `Prints a one-time sign-in link for an admin: it works once, within 15 minutes, and needs no mail
server (how the first admin gets in). The link goes to PUBLIC_ORIGIN, which is SITE_URL's origin
unless set, and without SITE_URL where the server listens (HOST, PORT).`,
    )
    .argument('<email>', 'The admin', emailArgument)
    .addOption(jsonOption('Print the link and its expiry as JSON'))
    .action((email, values) => link(io, email, values))
  return admins
}
