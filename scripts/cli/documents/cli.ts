// `rm5 documents`: the data room's documents (decision 031). Every argument is checked, and the
// file read, before the database or storage is opened.
import { Command, Option } from 'commander'
import type { PartnerSlug } from '../../../lib/partners.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import type { AudienceRequest } from '../../../server/documents/audience.server.ts'
import { DOCUMENT_ID } from '../../../server/documents/ids.server.ts'
import { titleSchema } from '../../../server/documents/title.server.ts'
import { type CliOutput, linePrinter, stdio } from '../../lib/cli.ts'
import { DATABASE_HELP } from '../../lib/cli-database.ts'
import { cliEnv } from '../../lib/cli-env.ts'
import { CliError } from '../../lib/cli-error.ts'
import { jsonOption, sinceOption, valueParser, zodParser } from '../../lib/cli-options.ts'
import { STORAGE_HELP } from '../../lib/cli-storage.ts'
import { partnerArgument, partnerOf, partnerOption } from '../../lib/partner-args.ts'
import { type Io, resolveId } from '../codes/commands.ts'
import {
  addDocument,
  printDocumentActivity,
  printDocuments,
  removeDocument,
  replaceDocument,
  setDocumentAudience,
} from './commands.ts'
import { readLocalFile, withDocuments } from './open.ts'

const GATES = 'a partner slug (`rm5 partners list`)'

export const retailerArg = partnerArgument

const retailerOption = () => partnerOption()

/** A document id from `list`, checked before anything connects. */
const idArg = valueParser(
  (value) => (DOCUMENT_ID.test(value) ? value : null),
  'Use the 32-character id from `rm5 documents list`.',
)

/** `--codes a,b`: code ids, checked for shape here and against the partner by the store. */
const codesOption = (otherwise = 'default: all of them') =>
  new Option(
    '--codes <id,id>',
    `Only these of the partner's codes see it (ids from \`rm5 codes list\`); ${otherwise}`,
  ).argParser(
    valueParser((value) => {
      const ids = value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
      return ids.length > 0 ? ids : null
    }, 'Give one or more code ids separated by commas, e.g. --codes 3f0c…,9a1d….'),
  )

const DOWNLOAD_HELP = `Without download the document is view-only: its viewers see pictures of its pages, drawn by
the server with the watermark naming them, and the file itself is never sent. This keeps honest
viewers from keeping a copy by habit; it does not stop a determined one, who can still save or
photograph what they see. Every copy they make carries the watermark naming them.`

const VIEW_ONLY = 'View-only: pictures of its pages in the page, never the file'

/**
 * `--download` (described by `allow`) and `--no-download`. Both on one line is a usage error, as
 * any two conflicting options are: commander's `conflicts()` cannot pair a flag with its negation,
 * so the command notes each as it is parsed.
 */
function downloadOptions(command: Command, allow: string): Command {
  command.option('--download', allow).option('--no-download', VIEW_ONLY)
  const given = new Set<string>()
  const note = (flag: string) => () => {
    given.add(flag)
    if (given.size === 2)
      command.error("error: option '--download' cannot be used with option '--no-download'", {
        exitCode: 2,
        code: 'commander.conflictingOption',
      })
  }
  return command.on('option:download', note('download')).on('option:no-download', note('no-download'))
}

/** `--title`: checked as the store checks it, so an empty or overlong title is a usage error. */
const titleOption = () =>
  new Option(
    '--title <text>',
    'The title viewers see (default: the file name without its extension)',
  ).argParser(zodParser(titleSchema))

interface AudienceValues {
  public?: boolean
  codes?: string[]
  download?: boolean
}

/**
 * The options as the store's audience request (audience.server.ts holds the rules). A code id
 * may be whole or any prefix of 8 characters or more that names one code, as `rm5 codes revoke`
 * takes it.
 */
const audienceOf = async (prisma: PrismaClient, values: AudienceValues): Promise<AudienceRequest> => ({
  public: values.public,
  codeIds: values.codes && (await Promise.all(values.codes.map((id) => resolveId(prisma, id)))),
  download: values.download,
})

export function documentsCommand(output: CliOutput = stdio): Command {
  const io: Io = { print: linePrinter(output), now: () => new Date() }
  const maxBytes = async () => (await cliEnv()).DOCUMENT_MAX_BYTES

  const documents = new Command('documents')
    .description(
      `The data room: each retailer's own documents (PDF or Markdown), shown on /docket to the
holders of that retailer's grants. Files are checked before anything is stored (size up to
DOCUMENT_MAX_BYTES, type by content: a PDF must parse and not be encrypted; Markdown must be
UTF-8 text), kept in the private "documents" bucket, and never deleted: \`remove\` hides a
document, \`replace\` adds a version and keeps the old ones.`,
    )
    .addHelpText('after', `\nRetailers: ${GATES}. Times are UTC.\n\n${DATABASE_HELP}\n${STORAGE_HELP}`)

  documents
    .command('add')
    .summary('Add a PDF or Markdown file for a retailer')
    .description(
      `Checks the file and stores it as a new document of the retailer; prints its id.
The type comes from the content, not the name: a program renamed .pdf is refused.`,
    )
    .argument('<retailer>', `The gate whose grants see it: ${GATES}`, retailerArg)
    .argument('<file>', 'The PDF or Markdown (.md) file')
    .addOption(titleOption())
    .option('--notify', "Each viewer's first opening sends document.opened (docs/operations.md)")
    .option(
      '--public',
      'For a partner whose gate takes no code (e.g. walmart): anyone who opens the gate reads it; required there',
    )
    .addOption(codesOption())
    .option('--no-download', VIEW_ONLY)
    .addOption(jsonOption('Print the new document as JSON'))
    .addHelpText(
      'after',
      `\n${DOWNLOAD_HELP}\n\nExample: rm5 documents add pizzahut ./proposal.pdf --title "Partnership proposal" --notify`,
    )
    .action(
      async (
        retailer: PartnerSlug,
        file: string,
        values: AudienceValues & { title?: string; notify?: boolean; json?: boolean },
      ) => {
        // Read before anything is opened: a missing file is the error, whatever the database.
        const bytes = await readLocalFile(file, await maxBytes())
        await withDocuments(async (store, prisma) =>
          addDocument(store, io, {
            partner: await partnerOf(prisma, retailer),
            file,
            bytes,
            title: values.title,
            notify: values.notify ?? false,
            audience: await audienceOf(prisma, values),
            json: values.json ?? false,
          }),
        )
      },
    )

  documents
    .command('list')
    .summary('List documents: id, retailer, title, kind, pages or reading time, version')
    .description('Lists the documents viewers can see, newest first; --all adds the removed ones.')
    .addOption(retailerOption())
    .option('--all', 'Also the removed documents')
    .addOption(jsonOption())
    .action((values: { retailer?: string; all?: boolean; json?: boolean }) =>
      withDocuments((store, prisma) =>
        printDocuments(store, prisma, io, {
          retailer: values.retailer,
          all: values.all ?? false,
          json: values.json ?? false,
        }),
      ),
    )

  downloadOptions(
    documents
      .command('replace')
      .summary('Store a new version of a document (the old ones are kept)')
      .description(
        `Checks the file and stores it as the document's next version: viewers see it from now on, under
the same address. It must be of the same kind (PDF for a PDF, Markdown for Markdown). Earlier
versions stay stored for the record.`,
      )
      .argument('<id>', 'The document (see `rm5 documents list`)', idArg)
      .argument('<file>', 'The new file')
      .addOption(codesOption('default: unchanged')),
    'Let viewers save the file again',
  )
    .addOption(jsonOption('Print the document as JSON'))
    .addHelpText(
      'after',
      `\nWithout --codes or --download/--no-download, the document keeps whom it is for and whether it\nmay be saved.\n\n${DOWNLOAD_HELP}`,
    )
    .action(async (id: string, file: string, values: AudienceValues & { json?: boolean }) => {
      const bytes = await readLocalFile(file, await maxBytes())
      await withDocuments(async (store, prisma) =>
        replaceDocument(store, io, {
          id,
          file,
          bytes,
          audience: await audienceOf(prisma, values),
          json: values.json ?? false,
        }),
      )
    })

  downloadOptions(
    documents
      .command('set')
      .summary('Change whom a document is for and whether it may be saved (no new file)')
      .description(
        `Changes a document's settings without a new version, as the console's settings form does: the
codes of its partner that see it, and whether viewers may save the file.`,
      )
      .argument('<id>', 'The document (see `rm5 documents list`)', idArg)
      .addOption(codesOption('default: unchanged'))
      .option('--all-codes', 'Every code of its partner sees it again'),
    'Let viewers save the file',
  )
    .addOption(jsonOption('Print the document as JSON'))
    .addHelpText(
      'after',
      `
${DOWNLOAD_HELP}`,
    )
    .action(async (id: string, values: AudienceValues & { allCodes?: boolean; json?: boolean }) => {
      if (values.codes && values.allCodes) {
        throw new CliError('Give --codes or --all-codes, not both.', 2)
      }
      if (!values.codes && !values.allCodes && values.download === undefined) {
        throw new CliError('Say what to change: --codes, --all-codes, --download or --no-download.', 2)
      }
      await withDocuments(async (store, prisma) =>
        setDocumentAudience(store, io, {
          id,
          audience: values.allCodes
            ? { codeIds: [], download: values.download }
            : await audienceOf(prisma, values),
          json: values.json ?? false,
        }),
      )
    })

  documents
    .command('remove')
    .summary('Hide a document from viewers (its versions are kept)')
    .description(
      `Removes a document from the data room: viewers get the same answer as for a document that never
existed. Nothing is deleted: its versions stay stored, and \`list --all\` still shows it.`,
    )
    .argument('<id>', 'The document (see `rm5 documents list`)', idArg)
    .addOption(jsonOption('Print the document as JSON'))
    .action((id: string, values: { json?: boolean }) =>
      withDocuments((store) => removeDocument(store, io, { id, json: values.json ?? false })),
    )

  documents
    .command('activity')
    .summary('Who read which document: openings, time spent, time per PDF page')
    .description(
      `Per viewer (the e-mail where the code asks for one, else the code) and document: openings, first
and last time, time spent, and for PDFs the time per page. Views are written by the server every
few seconds.`,
    )
    .addOption(retailerOption())
    .addOption(sinceOption('views'))
    .addOption(jsonOption())
    .action((values: { retailer?: string; since?: Date; json?: boolean }) =>
      withDocuments((_store, prisma) =>
        printDocumentActivity(prisma, io, { ...values, json: values.json ?? false }),
      ),
    )

  return documents
}
