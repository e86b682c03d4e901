// Admin CLI for the data room's viewers: `rm5 viewers list` (who is signed in), `rm5 viewers
// revoke --email <address>` (signing one person out everywhere), `rm5 viewers show|delete --email
// <address>` (what is held about a person who read documents, and deleting it on request;
// docs/operations.md).
import { Command } from 'commander'
import { CODE_CACHE_MS } from '../../server/access/grants.server.ts'
import { cliActor } from '../../server/audit/audit.server.ts'
import type { PrismaClient } from '../../server/db/database.server.ts'
import type { ViewerData } from '../../server/documents/viewer-data.server.ts'
import { type CliOutput, linePrinter, stdio } from '../lib/cli.ts'
import { DATABASE_HELP, withDatabase } from '../lib/cli-database.ts'
import { CliError } from '../lib/cli-error.ts'
import { jsonOption } from '../lib/cli-options.ts'
import { confirm } from '../lib/confirm.ts'
import { emailOption } from '../lib/email-option.ts'
import { partnerOption } from '../lib/partner-args.ts'
import { utc } from './codes/table.ts'
import { listSessions, revokeSessions } from './viewers/sessions.ts'

/** The lines describing what is held, one per kind that has any. */
function describe(data: ViewerData): string[] {
  return [
    data.docketViews && `${data.docketViews} row(s) of docket openings (rm5 codes activity)`,
    data.documentViews && `${data.documentViews} row(s) of document views (rm5 documents activity)`,
    ...data.acceptances.map(
      (a) => `agreement acceptance: ${a.retailer} version ${a.version}, ${utc(a.acceptedAt)}`,
    ),
    data.emailLinks && `${data.emailLinks} one-time sign-in link(s)`,
    data.sessions && `${data.sessions} data-room session(s), live or ended`,
    data.notifications && `${data.notifications} document.opened notification(s) naming the address`,
  ].filter((line): line is string => typeof line === 'string')
}

export function viewersCommand(output: CliOutput = stdio): Command {
  const print = linePrinter(output)
  const run = (work: (prisma: PrismaClient) => Promise<void>) => withDatabase(({ prisma }) => work(prisma))
  const load = () => import('../../server/documents/viewer-data.server.ts')

  const viewers = new Command('viewers')
    .description(
      `People signed in to the data room, and what is held about them: who holds a live session now
(list), signing one person out at every partner (revoke), what is held about one (show) and
deleting it on request (delete). People are named by the e-mail address a code's one-time link
proved; viewers of codes that ask for no e-mail are named by the code's label.`,
    )
    .addHelpText(
      'after',
      `
${DATABASE_HELP}

Examples:
  rm5 viewers list --retailer circlek
  rm5 viewers revoke --email dana@circlek.com          # signed out everywhere within seconds
  rm5 viewers show --email dana@circlek.com
  rm5 viewers delete --email dana@circlek.com          # lists, then asks
  rm5 viewers delete --email dana@circlek.com --yes    # no question (scripts)`,
    )

  viewers
    .command('list')
    .summary('Live sessions: who is signed in, to which partner, since when, until when')
    .description(
      `Lists the sessions that open a partner's docket now: partner, viewer (the e-mail a link proved,
else the code's label), code, start and end. Ended, expired and no-longer-admitted sessions are
not shown. Times are UTC.`,
    )
    .addOption(partnerOption('Only this partner (its slug)'))
    .addOption(jsonOption())
    .action((options: { retailer?: string; json?: boolean }) =>
      run((prisma) =>
        listSessions(prisma, print, { retailer: options.retailer, json: options.json ?? false }),
      ),
    )

  viewers
    .command('revoke')
    .summary('Sign one person out at every partner (--email)')
    .description(
      `Ends every live session of the address, at every partner; every server stops honouring them
within ${CODE_CACHE_MS / 1000} seconds. They can sign in again where a code still admits them: to keep them out of
one code, use \`rm5 codes deny <code-id> --email <address>\`, or revoke the code.`,
    )
    .addOption(emailOption().makeOptionMandatory())
    .addOption(jsonOption())
    .action((options: { email: string; json?: boolean }) =>
      run((prisma) => revokeSessions(prisma, print, { email: options.email, json: options.json ?? false })),
    )

  viewers
    .command('show')
    .summary('What is held about a viewer: openings, document views, acceptances, links')
    .addOption(emailOption().makeOptionMandatory())
    .addOption(jsonOption())
    .action((options: { email: string; json?: boolean }) =>
      run(async (prisma) => {
        const { findFormRecords, findViewerData, holdsNothing } = await load()
        const [data, records] = await Promise.all([
          findViewerData(prisma, options.email),
          findFormRecords(prisma, options.email),
        ])
        if (options.json) return print(JSON.stringify({ ...data, formRecords: records }))
        if (holdsNothing(data)) print(`Nothing held about ${options.email} in the data room.`)
        for (const line of describe(data)) print(line)
        // Named too, so a person's request is answered whole: these are deleted with their own commands.
        if (records.applications > 0)
          print(`${records.applications} application(s) from this address (rm5 applications list, delete)`)
        if (records.messages > 0)
          print(`${records.messages} contact message(s) from this address (rm5 contact list, delete)`)
      }),
    )

  viewers
    .command('delete')
    .summary("Delete a viewer's data (--email); asks first unless --yes")
    .description(
      `Deletes, in one transaction, every row that names the address: docket openings, document views,
agreement acceptances, one-time sign-in links, data-room sessions (a live one ends: they are
signed out within ${CODE_CACHE_MS / 1000} seconds) and the document.opened notifications about them. Rows are
deleted, not anonymised (docs/operations.md says why). It lists them and asks first, unless
--yes. The audit log records the deletion (counts only).`,
    )
    .addOption(emailOption())
    .option('--yes', 'Do not ask (for scripts; without a terminal it is required)')
    .addOption(jsonOption('Print the rows deleted per table as JSON'))
    .action((options: { email?: string; yes?: boolean; json?: boolean }) => {
      if (options.email === undefined) throw new CliError('delete needs --email <address>', 2)
      if (!options.yes && !process.stdin.isTTY) {
        throw new CliError('delete asks for confirmation: run it in a terminal, or add --yes', 2)
      }
      const address = options.email
      return run(async (prisma) => {
        const { deleteViewerData, findViewerData, holdsNothing } = await load()
        const found = await findViewerData(prisma, address)
        if (holdsNothing(found)) {
          if (options.json)
            return print(
              JSON.stringify({
                docketViews: 0,
                documentViews: 0,
                emailLinks: 0,
                sessions: 0,
                acceptances: 0,
                notifications: 0,
              }),
            )
          return print(`Nothing held about ${address}.`)
        }
        if (!options.yes) {
          process.stderr.write(`${describe(found).join('\n')}\n`)
          if (!(await confirm(`Delete all of it for ${address}? [y/N] `)))
            throw new CliError('nothing deleted')
        }
        const deleted = await deleteViewerData(prisma, cliActor(), address)
        if (options.json) return print(JSON.stringify(deleted))
        for (const line of describe({ ...found, ...deleted, acceptances: found.acceptances })) {
          print(`Deleted ${line}`)
        }
      })
    })

  return viewers
}

export const command = (output?: CliOutput) => viewersCommand(output)
