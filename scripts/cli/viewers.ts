// Admin CLI for the data room's viewers: `rm5 viewers show|delete --email <address>` (what is held
// about a person who read documents, and deleting it on request; docs/operations.md).
import { Command, Option } from 'commander'
import { email } from '../../lib/forms/fields.ts'
import type { PrismaClient } from '../../server/db/database.server.ts'
import type { ViewerData } from '../../server/documents/viewer-data.server.ts'
import { type CliOutput, stdio } from '../lib/cli.ts'
import { DATABASE_HELP, withDatabase } from '../lib/cli-database.ts'
import { CliError } from '../lib/cli-error.ts'
import { jsonOption, zodParser } from '../lib/cli-options.ts'
import { confirm } from '../lib/confirm.ts'
import { utc } from './codes/table.ts'
import { runIfEntry } from './rm5-program.ts'

const emailOption = () =>
  new Option('--email <address>', "The viewer's address (any letter case)").argParser(
    zodParser(email(), 'Use an e-mail address.'),
  )

/** The lines describing what is held, one per kind that has any. */
function describe(data: ViewerData): string[] {
  return [
    data.docketViews && `${data.docketViews} row(s) of docket openings (rm5 codes activity)`,
    data.documentViews && `${data.documentViews} row(s) of document views (rm5 documents activity)`,
    ...data.acceptances.map(
      (a) => `agreement acceptance: ${a.retailer} version ${a.version}, ${utc(a.acceptedAt)}`,
    ),
    data.emailLinks && `${data.emailLinks} one-time sign-in link(s)`,
    data.notifications && `${data.notifications} document.opened notification(s) naming the address`,
  ].filter((line): line is string => typeof line === 'string')
}

const isEmpty = (data: ViewerData) => describe(data).length === 0

export function viewersCommand(output: CliOutput = stdio): Command {
  const print = (line = '') => output.out(`${line}\n`)
  const run = (work: (prisma: PrismaClient) => Promise<void>) => withDatabase(({ prisma }) => work(prisma))
  const load = () => import('../../server/documents/viewer-data.server.ts')

  const viewers = new Command('viewers')
    .description(
      `People who read the data room's documents, by the e-mail address a code's one-time link proved:
what is held about one (show) and deleting it on request (delete). Viewers of codes that ask for no
e-mail are not told apart; nothing names them.`,
    )
    .addHelpText(
      'after',
      `
${DATABASE_HELP}

Examples:
  rm5 viewers show --email dana@circlek.com
  rm5 viewers delete --email dana@circlek.com          # lists, then asks
  rm5 viewers delete --email dana@circlek.com --yes    # no question (scripts)`,
    )

  viewers
    .command('show')
    .summary('What is held about a viewer: openings, document views, acceptances, links')
    .addOption(emailOption().makeOptionMandatory())
    .addOption(jsonOption())
    .action((options: { email: string; json?: boolean }) =>
      run(async (prisma) => {
        const data = await (await load()).findViewerData(prisma, options.email)
        if (options.json) return print(JSON.stringify(data))
        if (isEmpty(data)) return print(`Nothing held about ${options.email}.`)
        for (const line of describe(data)) print(line)
      }),
    )

  viewers
    .command('delete')
    .summary("Delete a viewer's data (--email); asks first unless --yes")
    .description(
      `Deletes, in one transaction, every row that names the address: docket openings, document views,
agreement acceptances, one-time sign-in links and the document.opened notifications about them.
Rows are deleted, not anonymised (docs/operations.md says why). It lists them and asks first,
unless --yes. It does not end the viewer's grant: revoke the code if they must stop reading.`,
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
        const { deleteViewerData, findViewerData } = await load()
        const found = await findViewerData(prisma, address)
        if (isEmpty(found)) {
          if (options.json)
            return print(
              JSON.stringify({
                docketViews: 0,
                documentViews: 0,
                emailLinks: 0,
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
        const deleted = await deleteViewerData(prisma, address)
        if (options.json) return print(JSON.stringify(deleted))
        for (const line of describe({ ...found, ...deleted, acceptances: found.acceptances })) {
          print(`Deleted ${line}`)
        }
      })
    })

  return viewers
}

export const command = () => viewersCommand()

runIfEntry(import.meta.url, command)
