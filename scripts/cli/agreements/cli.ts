// `rm5 agreements`: the agreement a retailer's viewers accept before their first document
// (decision 031).
import { Command, Option } from 'commander'
import type { PartnerSlug } from '../../../lib/partners.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { type CliOutput, linePrinter, stdio } from '../../lib/cli.ts'
import { DATABASE_HELP, withDatabase } from '../../lib/cli-database.ts'
import { jsonOption } from '../../lib/cli-options.ts'
import type { Io } from '../codes/commands.ts'
import { retailerArg } from '../documents/cli.ts'
import { clearRetailerAgreement, printAgreements, readAgreement, setRetailerAgreement } from './commands.ts'

const GATES = 'a partner slug (`rm5 partners list`)'

export function agreementsCommand(output: CliOutput = stdio): Command {
  const io: Io = { print: linePrinter(output), now: () => new Date() }
  const run = (work: (prisma: PrismaClient) => Promise<void>) => withDatabase(({ prisma }) => work(prisma))

  const agreements = new Command('agreements')
    .description(
      `The agreement (e.g. a non-disclosure agreement, in Markdown) that a retailer's viewers read and
accept before the first document of that retailer's data room. Each acceptance is stored with the
viewer (e-mail or code), the time and the agreement's version; a new version asks everyone again.`,
    )
    .addHelpText('after', `\nRetailers: ${GATES}. Times are UTC.\n\n${DATABASE_HELP}`)

  agreements
    .command('set')
    .summary("Set a retailer's agreement from a Markdown file (a new version)")
    .description(
      `Stores the file's text as the retailer's agreement. A text different from the current one becomes
its next version, and every viewer accepts it again; the same text changes nothing.`,
    )
    .argument('<retailer>', `The gate: ${GATES}`, retailerArg)
    .argument('<file.md>', 'The agreement, as Markdown (UTF-8 text, up to 100 KB)')
    .addOption(jsonOption('Print the result as JSON'))
    .addHelpText('after', '\nExample: rm5 agreements set circlek ./nda.md')
    .action(async (retailer: PartnerSlug, file: string, values: { json?: boolean }) => {
      const body = await readAgreement(file)
      await run((prisma) => setRetailerAgreement(prisma, io, { retailer, body, json: values.json ?? false }))
    })

  agreements
    .command('clear')
    .summary("End a retailer's agreement (acceptances stay listed)")
    .description('Viewers of the retailer open documents without an agreement from now on.')
    .argument('<retailer>', `The gate: ${GATES}`, retailerArg)
    .addOption(jsonOption('Print the result as JSON'))
    .action((retailer: PartnerSlug, values: { json?: boolean }) =>
      run((prisma) => clearRetailerAgreement(prisma, io, { retailer, json: values.json ?? false })),
    )

  agreements
    .command('list')
    .summary('List agreement versions and who accepted them')
    .description('Lists every agreement version (set, cleared, acceptances) and every acceptance.')
    .addOption(new Option('--retailer <retailer>', `Only this gate (${GATES})`).argParser(retailerArg))
    .addOption(jsonOption())
    .action((values: { retailer?: string; json?: boolean }) =>
      run((prisma) => printAgreements(prisma, io, { retailer: values.retailer, json: values.json ?? false })),
    )

  return agreements
}
