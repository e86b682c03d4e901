// `rm5 partners`: the partners whose gates the site serves (decision 035). Every command calls the
// one service, server/partners/partner-store.server.ts; running servers pick a change up within seconds.
import { Command, InvalidArgumentError, Option } from 'commander'
import { tintContrastProblem } from '../../../lib/partner-contrast.ts'
import { HEX_COLOUR, LOGO_MAX_BYTES, partnerSlugProblem } from '../../../lib/partners.ts'
import { cliActor } from '../../../server/audit/audit.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { PARTNERS_REFRESH_MS } from '../../../server/partners/directory.server.ts'
import type {
  AddPartnerOptions,
  PartnerFields,
  PartnerRow,
} from '../../../server/partners/partner-store.server.ts'
import { type CliOutput, linePrinter, stdio } from '../../lib/cli.ts'
import { DATABASE_HELP, withDatabase } from '../../lib/cli-database.ts'
import { CliError } from '../../lib/cli-error.ts'
import { jsonOption } from '../../lib/cli-options.ts'
import { STORAGE_HELP, withStorage } from '../../lib/cli-storage.ts'
import { printListing, utc } from '../codes/table.ts'
import { readLocalFile } from '../documents/open.ts'

const LIVE_WITHIN = `${Math.ceil(PARTNERS_REFRESH_MS / 1000) + 1} seconds`

/**
 * A colour option; `check` refuses a colour the gate could not be read in (exit 2, with the
 * measured ratio: lib/partner-contrast.ts).
 */
const colourOption = (
  flag: string,
  what: string,
  check: (colour: string) => { message: string } | undefined = () => undefined,
) =>
  new Option(`${flag} <colour>`, what).argParser((value: string) => {
    if (!HEX_COLOUR.test(value)) throw new InvalidArgumentError('Use a colour like #1f6feb.')
    const problem = check(value)
    if (problem) throw new InvalidArgumentError(problem.message.replace(/\.$/, ''))
    return value
  })

/** The options `add` and `set` share (each a field of the partner). */
function themeOptions(command: Command): Command {
  return command
    .addOption(
      colourOption(
        '--tint',
        "The gate's accent colour, read on the dark hero (≥ 3:1 contrast, checked)",
        tintContrastProblem,
      ),
    )
    .addOption(colourOption('--ink', 'Text colour on the tint (default #0b0d10; ≥ 3:1 against it, checked)'))
    .option('--monogram <letters>', 'Up to 3 letters shown in the card (default: the initials of the name)')
    .option('--audience <text>', 'The line above the card\'s title: who the gate is for (default "Partners")')
    .option('--logo <file>', 'A logo (PNG, JPEG, WebP or SVG, up to 512 KiB) shown instead of the monogram')
}

interface ThemeValues {
  name?: string
  tint?: string
  ink?: string
  monogram?: string
  audience?: string
  logo?: string
  json?: boolean
}

const fieldsOf = (values: ThemeValues & { open?: boolean; code?: boolean }): Partial<PartnerFields> =>
  Object.fromEntries(
    Object.entries({
      name: values.name,
      tint: values.tint,
      ink: values.ink,
      monogram: values.monogram,
      audience: values.audience,
      open: values.open ? true : values.code ? false : undefined,
    }).filter(([, value]) => value !== undefined),
  )

type LogoUpload = NonNullable<AddPartnerOptions['logo']>

const load = () => import('../../../server/partners/partner-store.server.ts')

/**
 * The `--logo` file's bytes, read and checked by the service's logo rule before the database is
 * opened: a missing file or one that is not an image is the error, and nothing is changed.
 */
async function readLogo(file: string | undefined): Promise<Buffer | undefined> {
  if (file === undefined) return undefined
  const bytes = await readLocalFile(file, LOGO_MAX_BYTES, '512 KiB for a logo')
  const store = await load()
  try {
    store.partnerLogo(bytes)
  } catch (error) {
    if (error instanceof store.PartnerRejected) throw new CliError(error.message)
    throw error
  }
  return bytes
}

export function partnersCommand(output: CliOutput = stdio): Command {
  const print = linePrinter(output)
  const now = () => new Date()

  /** Runs a store call, turning its refusals into one-line errors (exit 1; unreadable colours: 2). */
  async function withStore<T>(
    work: (store: Awaited<ReturnType<typeof load>>, prisma: PrismaClient) => Promise<T>,
  ) {
    const store = await load()
    return withDatabase(async ({ prisma }) => {
      try {
        return await work(store, prisma)
      } catch (error) {
        if (error instanceof store.PartnerColoursRejected) throw new CliError(error.message, 2)
        if (error instanceof store.PartnerStillHolds)
          throw new CliError(
            `${error.message} Revoke and remove them first, or give --force to revoke and hide them with the partner.`,
          )
        if (error instanceof store.PartnerRejected) throw new CliError(error.message)
        if (error instanceof Error && error.name === 'ZodError')
          throw new CliError(`Invalid value: ${error.message}`)
        throw error
      }
    })
  }

  /**
   * Runs `work` with the logo and the storage it goes to, opened before anything is changed: with
   * storage unreachable, neither the partner nor its logo changes.
   */
  const withLogo = <T>(bytes: Buffer | undefined, work: (logo?: LogoUpload) => Promise<T>) =>
    bytes ? withStorage((storage) => work({ storage, bytes })) : work()

  function report(partner: PartnerRow, verb: string, json: boolean | undefined) {
    if (json) return print(JSON.stringify(partner))
    print(
      `${verb} ${partner.name} at /${partner.slug}: ${partner.open ? 'opens with a button, no code' : 'takes a code'}.`,
    )
    print(`The gate is live on every running server within ${LIVE_WITHIN}; no restart needed.`)
  }

  const partners = new Command('partners')
    .description(
      `The partners whose gates the site serves: /<slug> shows the partner's gate, and its codes and
documents are its own (no other partner's grant sees them). Added and changed here, live on every
running server within ${LIVE_WITHIN}, without a build or a restart.`,
    )
    .addHelpText(
      'after',
      `
Slugs: 2–32 lowercase letters, digits or inner hyphens, not a path the site serves or reserves
(api, media, docket, admin, apply, …).

${DATABASE_HELP}
${STORAGE_HELP} (only for --logo)

Examples:
  rm5 partners add kroger --name Kroger --tint '#1f6feb' --monogram KR --audience Grocery
  rm5 partners set kroger --logo ./kroger.svg
  rm5 partners remove kroger --force`,
    )

  themeOptions(
    partners
      .command('add')
      .summary('Add a partner and its gate /<slug>')
      // Its shape is checked before anything connects: a usage error, like a bad colour.
      .argument('<slug>', "The gate's path: /<slug>", (value: string) => {
        const problem = partnerSlugProblem(value)
        if (problem) throw new InvalidArgumentError(problem)
        return value
      })
      .requiredOption('--name <name>', 'The name the gate shows (e.g. "Kroger")')
      .option('--open', 'The gate opens with a button and takes no code (anyone with the address gets in)'),
  )
    .addOption(jsonOption('Print the partner as JSON'))
    .action(async (slug: string, values: ThemeValues & { name: string; open?: boolean }) => {
      const logo = await readLogo(values.logo)
      await withStore(async (store, prisma) => {
        const fields = { ...store.defaultFields(values.name), ...fieldsOf(values) } as PartnerFields
        // With its logo in one step: a logo refused (or not stored) adds no partner.
        const added = await withLogo(logo, (upload) =>
          store.addPartner(prisma, cliActor(), slug, fields, now(), { logo: upload }),
        )
        report(added, 'Added', values.json)
      })
    })

  partners
    .command('list')
    .summary('List the partners: slug, name, gate, theme')
    .option('--all', 'Also the removed ones')
    .addOption(jsonOption())
    .action((values: { all?: boolean; json?: boolean }) =>
      withStore(async (store, prisma) => {
        const rows = await store.listPartners(prisma, { includeRemoved: values.all ?? false })
        printListing(print, rows, {
          json: values.json ?? false,
          empty: 'No partners.',
          columns: [
            { header: 'SLUG', value: (row) => row.slug },
            { header: 'NAME', value: (row) => row.name },
            { header: 'GATE', value: (row) => (row.open ? 'open' : 'code') },
            { header: 'TINT', value: (row) => row.tint },
            { header: 'MONOGRAM', value: (row) => (row.logoKey ? 'logo' : row.monogram) },
            { header: 'AUDIENCE', value: (row) => row.audience },
            { header: 'REMOVED', value: (row) => utc(row.removedAt) },
          ],
        })
      }),
    )

  themeOptions(
    partners
      .command('set')
      .summary("Change a partner's name, theme, logo or whether its gate takes a code")
      .argument('<slug>', 'The partner')
      .option('--name <name>', 'The name the gate shows')
      .option('--open', 'The gate opens with a button, no code')
      .option(
        '--publish-private',
        'With --open: also publish the documents shared with code holders only (refused without it)',
      )
      .option('--code', 'The gate takes a code again'),
  )
    .addOption(jsonOption('Print the partner as JSON'))
    .action(
      async (
        slug: string,
        values: ThemeValues & { open?: boolean; code?: boolean; publishPrivate?: boolean },
      ) => {
        if (values.open && values.code) throw new CliError('--open and --code do not go together', 2)
        if (values.publishPrivate && !values.open) throw new CliError('--publish-private goes with --open', 2)
        const changes = fieldsOf(values)
        if (Object.keys(changes).length === 0 && !values.logo)
          throw new CliError('Nothing to change: give an option.', 2)
        const logo = await readLogo(values.logo)
        await withStore(async (store, prisma) => {
          const options = { publishPrivate: values.publishPrivate ?? false }
          const changed = await withLogo(logo, async (upload) => {
            const saved = await store
              .setPartner(prisma, cliActor(), slug, changes, now(), options)
              .catch((error: unknown) => {
                // A usage matter: the same command with the flag, or without those documents, works.
                if (error instanceof store.PrivateDocumentsOnOpenGate)
                  throw new CliError(`${error.message} (--publish-private)`, 2)
                throw error
              })
            return upload
              ? store.setPartnerLogo(prisma, cliActor(), upload.storage, slug, upload.bytes, now())
              : saved
          })
          report(changed, 'Changed', values.json)
        })
      },
    )

  partners
    .command('remove')
    .summary("Take a partner's gate off the site (nothing is deleted)")
    .description(
      `Takes /<slug> off the site. Refused while the partner has live codes or documents, unless
--force, which revokes its codes and hides its documents in the same step. Nothing is deleted: the
records stay, and \`partners add\` with the same slug brings the gate back (without them).`,
    )
    .argument('<slug>', 'The partner')
    .option('--force', 'Also revoke its live codes and hide its documents')
    .addOption(jsonOption())
    .action((slug: string, values: { force?: boolean; json?: boolean }) =>
      withStore(async (store, prisma) => {
        const held = await store.removePartner(
          prisma,
          cliActor(),
          slug,
          { force: values.force ?? false },
          now(),
        )
        if (values.json) return print(JSON.stringify({ slug, removed: true, ...held }))
        print(`Removed /${slug}: its gate answers 404 on every running server within ${LIVE_WITHIN}.`)
        if (held.liveCodes || held.documents) {
          print(`Revoked ${held.liveCodes} code(s) and hid ${held.documents} document(s).`)
        }
      }),
    )

  return partners
}
