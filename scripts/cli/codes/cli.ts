// `rm5 codes`: its commands, options and help. Every argument is checked before the database is
// opened, so help and usage errors answer at once.
import { text } from 'node:stream/consumers'
import { Command, Option } from 'commander'
import { parseExpires } from '../../../lib/code-expiry.ts'
import type { PartnerSlug } from '../../../lib/partners.ts'
import { CODE_CACHE_MS } from '../../../server/access/grants.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { type CliOutput, linePrinter, stdio } from '../../lib/cli.ts'
import { DATABASE_HELP, withDatabase } from '../../lib/cli-database.ts'
import { CliError } from '../../lib/cli-error.ts'
import { jsonOption, limitOption, sinceOption, valueParser } from '../../lib/cli-options.ts'
import { emailOption } from '../../lib/email-option.ts'
import { partnerArgument, partnerOption } from '../../lib/partner-args.ts'
import { printActivity, setNotify } from './activity.ts'
import { allowDomainOption } from './allow-domains.ts'
import { STRENGTH_RULE } from './code-strength.ts'
import { addCode, checkCodeShape, type Io, printAttempts, printCodes, revoke } from './commands.ts'
import { denyEmail } from './deny.ts'
import { checkMailConfigured, setRequireEmail } from './require-email.ts'

const RETAILERS = 'a partner whose gate takes a code (`rm5 partners list`)'
const codeRetailer = partnerArgument
const gateOption = () => partnerOption('Only this partner (its slug)')

const EXPIRES_HINT = 'Use 2026-03-31, 2026-03-31T18:00:00Z or 30d.'

/** The options `generate` and `set` share. */
function addOptions(command: Command): Command {
  return command
    .option('--label <text>', 'A note for admins: who the code was given to')
    .addOption(
      new Option(
        '--expires <when>',
        'When the code stops working: a date (2026-03-31: through the end of that day, UTC), an ISO time with zone (2026-03-31T18:00:00-05:00), or 12h, 30d, 8w',
      ).argParser(valueParser((value) => parseExpires(value, new Date()), EXPIRES_HINT)),
    )
    .option('--replace', "Revoke the retailer's other active codes in the same step")
    .option('--notify', 'Its first opening each day sends access.granted (docs/operations.md)')
    .option(
      '--require-email',
      'The gate also asks for a work e-mail and sends a one-time link; the viewer is then named (needs SMTP)',
    )
    .addOption(allowDomainOption())
}

interface AddValues {
  label?: string
  expires?: Date
  replace?: boolean
  notify?: boolean
  requireEmail?: boolean
  allowDomain?: string[]
  json?: boolean
}

/** --allow-domain narrows --require-email; alone it would silently do nothing. */
async function checkEmailOptions(values: { requireEmail?: boolean; allowDomain?: string[] }) {
  if (values.allowDomain && !values.requireEmail) {
    throw new CliError('--allow-domain needs --require-email (the domains whose addresses get a link)', 2)
  }
  if (values.requireEmail) await checkMailConfigured()
}

const addValues = (values: AddValues) => ({
  requireEmail: values.requireEmail ?? false,
  allowDomains: values.allowDomain ?? [],
  label: values.label?.trim() || undefined,
  expiresAt: values.expires,
  replace: values.replace ?? false,
  notify: values.notify ?? false,
  json: values.json ?? false,
})

async function readCode(value: string): Promise<string> {
  if (value !== '-') return value
  // Read asynchronously: a blocking read would hold off Ctrl-C while it waits at a terminal.
  // The line break `echo` or a here-string adds is dropped.
  return (await text(process.stdin)).replace(/\r?\n$/, '')
}

export function codesCommand(output: CliOutput = stdio): Command {
  const io: Io = { print: linePrinter(output), now: () => new Date() }
  const run = (work: (prisma: PrismaClient) => Promise<void>) => withDatabase(({ prisma }) => work(prisma))

  const codes = new Command('codes')
    .description(
      `Manage the access codes of the partners' gates (/circlek, /kroger, …; \`rm5 partners list\`).
Codes are stored as argon2id hashes only: a code is shown once, when it is generated.
An open gate (such as /walmart) takes no code: its button grants access directly.`,
    )
    .addHelpText(
      'after',
      `
Run "rm5 codes <command> --help" for a command's options.
Retailers: ${RETAILERS}. Times are shown in UTC.
Add --json to any command for machine-readable output.

${DATABASE_HELP}`,
    )

  addOptions(
    codes
      .command('generate')
      .summary('Add a new random code (120 bits) and print it once')
      .description(
        `Adds a random access code (120 bits, e.g. 7KQ4-M2XD-9H3B-TV6R-PZ8C-A1NE) for the retailer's gate
and prints it once.`,
      )
      .argument('<retailer>', `The gate: ${RETAILERS}`, codeRetailer),
  )
    .addOption(jsonOption('Print the new code as JSON'))
    .action(async (retailer: PartnerSlug, values: AddValues) => {
      await checkEmailOptions(values)
      return run((prisma) => addCode(prisma, io, { retailer, ...addValues(values) }))
    })

  addOptions(
    codes
      .command('set')
      .summary('Add a code you choose (it must be hard to guess)')
      .description(
        `Adds an access code you choose for the retailer's gate. It must be hard to guess:
${STRENGTH_RULE}.
Surrounding spaces are dropped; letters are case-sensitive. (A generated code opens its gate
however it is typed: in lower case, with spaces or without dashes.)
Pass "--code -" to read the code from standard input, so it stays out of your shell history:
  printf '%s' "$CODE" | rm5 codes set circlek --code -
For a random code, use \`rm5 codes generate\`.`,
      )
      .argument('<retailer>', `The gate: ${RETAILERS}`, codeRetailer)
      .requiredOption('--code <code>', 'The code (or - for standard input)'),
  )
    .addOption(jsonOption('Print the result as JSON'))
    .action(async (retailer: PartnerSlug, values: AddValues & { code: string }) => {
      await checkEmailOptions(values)
      const code = checkCodeShape(await readCode(values.code))
      return run((prisma) => addCode(prisma, io, { retailer, code, ...addValues(values) }))
    })

  codes
    .command('list')
    .summary('List codes: id, label, created, expires, revoked, last used, uses, e-mail')
    .description(
      'Lists access codes with id, retailer, label, created, expires, revoked, last used, uses and whether\nan e-mail is required (E-MAIL: no, any domain, or the allowed domains). Hashes are never shown.',
    )
    .addOption(gateOption())
    .addOption(jsonOption())
    .action((values: { retailer?: string; json?: boolean }) =>
      run((prisma) => printCodes(prisma, io, { retailer: values.retailer, json: values.json ?? false })),
    )

  codes
    .command('revoke')
    .summary('Revoke one code, or every active code of a retailer')
    .description(
      `Revokes one code (its full id from \`list\`, or the first 8+ characters of it), or every active
code of a retailer. Grants made with a revoked code end within ${CODE_CACHE_MS / 1000} seconds, even in open
browser sessions.`,
    )
    .argument('[id]', 'The code to revoke')
    .addOption(
      new Option('--retailer <retailer>', 'Revoke every active code of this gate instead').argParser(
        codeRetailer,
      ),
    )
    .addOption(jsonOption())
    .action((id: string | undefined, values: { retailer?: PartnerSlug; json?: boolean }) => {
      if ((id === undefined) === (values.retailer === undefined)) {
        throw new CliError('revoke needs either a code id or --retailer <retailer>', 2)
      }
      const target = id !== undefined ? { id } : { retailer: values.retailer as PartnerSlug }
      return run((prisma) => revoke(prisma, io, target, values.json ?? false))
    })

  codes
    .command('attempts')
    .summary('Recent verify attempts (hashed IP, outcome) and totals')
    .description(
      `Shows the newest verify attempts (time, retailer, outcome, hashed client IP) and totals per
outcome: granted, denied, rate_limited, error. The same hashed IP on many denied attempts is one
source guessing codes.`,
    )
    .addOption(gateOption())
    .addOption(sinceOption('attempts'))
    .addOption(limitOption('attempts', 50))
    .addOption(jsonOption())
    .action((values: { retailer?: string; since?: Date; limit: number; json?: boolean }) =>
      run((prisma) => printAttempts(prisma, io, { ...values, json: values.json ?? false })),
    )

  codes
    .command('activity')
    .summary('Who opened the docket and the proposal, per viewer')
    .description(
      `Who opened /docket and /circlek/proposal, per viewer: the e-mail a one-time link proved where the
code requires one, else the code (the walmart gate, which takes no code, as one row): first and
last opening, number of openings, distinct clients (hashed addresses), and the documents read with
their reading time (--json gives every page and document).
Every code of the chosen gates is listed, also those never used; revoked codes only if used.
Openings are written by the server every few seconds and kept DOCKET_ACTIVITY_RETENTION_DAYS.`,
    )
    .addOption(gateOption())
    .addOption(sinceOption('openings'))
    .addOption(jsonOption())
    .action((values: { retailer?: string; since?: Date; json?: boolean }) =>
      run((prisma) => printActivity(prisma, io, { ...values, json: values.json ?? false })),
    )

  codes
    .command('notify')
    .summary("Announce a code's first opening each day (access.granted)")
    .description(
      `Marks a code (its id from \`list\`, or the first 8+ characters) so that its first opening of the
docket or the proposal each day (UTC) sends the access.granted notification through the webhook
and/or e-mail configured (NOTIFY_WEBHOOK_URL, NOTIFY_EMAIL_TO; docs/operations.md).`,
    )
    .argument('<id>', 'The code (see `rm5 codes list`)')
    .option('--off', "Stop announcing this code's openings")
    .addOption(jsonOption('Print the result as JSON'))
    .action((id: string, values: { off?: boolean; json?: boolean }) =>
      run((prisma) => setNotify(prisma, io, { id, notify: !values.off, json: values.json ?? false })),
    )

  codes
    .command('require-email')
    .summary('Ask for a work e-mail (and send a one-time link) with a code, or stop asking')
    .description(
      `Makes a code (its id from \`list\`, or the first 8+ characters) ask for a work e-mail on the gate:
after the right code, the visitor gets a one-time link (15 minutes, works once) by e-mail, and the
link opens the docket under that address. With --allow-domain only addresses at those domains get
a link; the gate answers the same for every address. Sending links needs SMTP_URL and
NOTIFY_EMAIL_FROM (docs/operations.md). Giving the command again replaces the domains.
Sessions the code opened without an e-mail end within ${CODE_CACHE_MS / 1000} seconds.`,
    )
    .argument('<id>', 'The code (see `rm5 codes list`)')
    .addOption(allowDomainOption())
    .option('--off', 'Stop asking: the code alone opens the docket again')
    .addOption(jsonOption('Print the result as JSON'))
    .action(async (id: string, values: { allowDomain?: string[]; off?: boolean; json?: boolean }) => {
      if (values.off && values.allowDomain) {
        throw new CliError('--off and --allow-domain do not go together', 2)
      }
      if (!values.off) await checkMailConfigured()
      return run((prisma) =>
        setRequireEmail(prisma, io, {
          id,
          requireEmail: !values.off,
          allowDomains: values.allowDomain ?? [],
          json: values.json ?? false,
        }),
      )
    })

  codes
    .command('deny')
    .summary('Stop a code admitting one person (--email); their sessions from it end')
    .description(
      `Stops a code (its id from \`list\`, or the first 8+ characters) admitting one address: no
one-time link is sent to it any more, a link already sent no longer opens, and the person's
sessions from this code end within ${CODE_CACHE_MS / 1000} seconds on every server. The code keeps working for
everyone else. --off admits the address again (ended sessions stay ended). To end one person's
sessions at every partner, use \`rm5 viewers revoke --email\`.`,
    )
    .argument('<id>', 'The code (see `rm5 codes list`)')
    .addOption(emailOption().makeOptionMandatory())
    .option('--off', 'Admit the address again')
    .addOption(jsonOption('Print the result as JSON'))
    .action((id: string, values: { email: string; off?: boolean; json?: boolean }) =>
      run((prisma) =>
        denyEmail(prisma, io, {
          id,
          email: values.email,
          lift: values.off ?? false,
          json: values.json ?? false,
        }),
      ),
    )

  return codes
}
