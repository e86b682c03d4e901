// What each `rm5 documents` command does, given the open store. Output goes through `print`
// (one line per call), as in the codes CLI.
import { basename } from 'node:path'
import { extent } from '../../../lib/documents/extent.ts'
import { viewerLabel } from '../../../lib/documents/viewer-label.ts'
import { duration, formatBytes } from '../../../lib/figures.ts'
import type { Partner } from '../../../lib/partners.ts'
import { cliActor } from '../../../server/audit/audit.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import type { AudienceRequest } from '../../../server/documents/audience.server.ts'
import type { DocumentStore, DocumentSummary } from '../../../server/documents/document-store.server.ts'
import { documentTitles } from '../../../server/documents/document-titles.server.ts'
import { documentActivity } from '../../../server/documents/engagement-report.server.ts'
import { refuseUnknownFilter } from '../../lib/partner-args.ts'
import type { ActivityOptions } from '../codes/activity.ts'
import type { Io } from '../codes/commands.ts'
import { printListing, table, utc } from '../codes/table.ts'

function printDocument(io: Io, heading: string, doc: DocumentSummary): void {
  io.print(heading)
  io.print(`  id:       ${doc.id}`)
  io.print(`  title:    ${doc.title}`)
  io.print(`  kind:     ${doc.kind === 'pdf' ? 'PDF' : 'Markdown'}, ${extent(doc)}, ${formatBytes(doc.size)}`)
  io.print(`  version:  ${doc.version}`)
  io.print(`  sha256:   ${doc.sha256}`)
  if (doc.notify) io.print('  notify:   its first opening by each viewer sends document.opened')
  io.print(
    `  for:      ${doc.public ? 'anyone who opens the gate (shared openly)' : doc.codeIds.length > 0 ? `codes ${doc.codeIds.join(', ')}` : 'every code of the partner'}`,
  )
  if (doc.kind === 'markdown') io.print('  download: no file to download (Markdown is shown in the page)')
  else if (!doc.download) io.print('  download: no (shown in the page only)')
}

export async function addDocument(
  store: DocumentStore,
  io: Io,
  options: {
    partner: Pick<Partner, 'slug' | 'name'>
    /** The file's path (its name is the default title) and its bytes, read by `readLocalFile`. */
    file: string
    bytes: Buffer
    title?: string
    notify: boolean
    audience: AudienceRequest
    json: boolean
  },
): Promise<void> {
  const { partner, bytes } = options
  const doc = await store.add(
    {
      retailer: partner.slug,
      bytes,
      fileName: basename(options.file),
      title: options.title,
      notify: options.notify,
      audience: options.audience,
    },
    cliActor(),
  )
  if (options.json) return io.print(JSON.stringify(doc))
  printDocument(io, `Added a document for ${partner.name} (/${partner.slug}).`, doc)
}

export async function replaceDocument(
  store: DocumentStore,
  io: Io,
  options: { id: string; file: string; bytes: Buffer; audience: AudienceRequest; json: boolean },
): Promise<void> {
  const doc = await store.replace(
    options.id,
    options.bytes,
    basename(options.file),
    options.audience,
    cliActor(),
  )
  if (options.json) return io.print(JSON.stringify(doc))
  printDocument(
    io,
    `Replaced the document; version ${doc.version - 1} and older stay stored for the record.`,
    doc,
  )
}

/** Whom a document is for and whether it may be saved, changed without a new version. */
export async function setDocumentAudience(
  store: DocumentStore,
  io: Io,
  options: { id: string; audience: AudienceRequest; json: boolean },
): Promise<void> {
  const doc = await store.setAudience(options.id, options.audience, cliActor(), io.now())
  if (options.json) return io.print(JSON.stringify(doc))
  printDocument(io, `Changed the settings of "${doc.title}"; its file and version are unchanged.`, doc)
}

export async function removeDocument(store: DocumentStore, io: Io, options: { id: string; json: boolean }) {
  const doc = await store.remove(options.id, io.now(), cliActor())
  if (options.json) return io.print(JSON.stringify(doc))
  io.print(`Removed "${doc.title}" (${doc.id}) at ${utc(doc.removedAt)}: viewers no longer see it.`)
  io.print('Its versions stay stored for the record (`rm5 documents list --all`).')
}

export async function printDocuments(
  store: DocumentStore,
  prisma: PrismaClient,
  io: Io,
  options: { retailer?: string; all: boolean; json: boolean },
): Promise<void> {
  const docs = await store.list({ retailer: options.retailer, includeRemoved: options.all })
  await refuseUnknownFilter(prisma, options.retailer, docs.length)
  const listed = printListing((line) => io.print(line), docs, {
    json: options.json,
    empty: options.retailer
      ? `No documents for ${options.retailer}.`
      : 'No documents yet. Add one with `rm5 documents add <retailer> <file>`.',
    columns: [
      { header: 'ID', value: (d) => d.id },
      { header: 'RETAILER', value: (d) => d.retailer },
      { header: 'TITLE', value: (d) => d.title },
      { header: 'KIND', value: (d) => (d.kind === 'pdf' ? 'PDF' : 'Markdown') },
      { header: 'EXTENT', value: extent },
      { header: 'SIZE', value: (d) => formatBytes(d.size) },
      { header: 'VERSION', value: (d) => String(d.version) },
      { header: 'UPDATED', value: (d) => utc(d.updatedAt) },
      { header: 'NOTIFY', value: (d) => (d.notify ? 'yes' : '-') },
      ...(options.all ? [{ header: 'REMOVED', value: (d: DocumentSummary) => utc(d.removedAt) }] : []),
    ],
  })
  if (!listed) return
  io.print('')
  io.print(`${docs.length} document(s). Times are UTC.`)
}

export async function printDocumentActivity(
  prisma: PrismaClient,
  io: Io,
  options: ActivityOptions,
): Promise<void> {
  const rows = await documentActivity(prisma, options)
  await refuseUnknownFilter(prisma, options.retailer, rows.length)
  if (options.json) return io.print(JSON.stringify(rows))
  if (rows.length === 0) {
    io.print(`No document views${options.retailer ? ` for ${options.retailer}` : ''}.`)
    return
  }
  const titles = await documentTitles(
    prisma,
    rows.map((r) => r.documentId),
  )
  io.print(
    table(
      [
        {
          header: 'VIEWER',
          value: (r) => viewerLabel(r),
        },
        { header: 'RETAILER', value: (r) => r.retailer },
        { header: 'DOCUMENT', value: (r) => titles.get(r.documentId)?.title ?? r.documentId },
        { header: 'OPENS', value: (r) => String(r.opens) },
        { header: 'DOWNLOADS', value: (r) => String(r.downloads) },
        { header: 'TIME', value: (r) => duration(r.seconds) },
        { header: 'FIRST', value: (r) => utc(r.firstAt) },
        { header: 'LAST', value: (r) => utc(r.lastAt) },
        {
          header: 'PDF PAGES (page:time)',
          value: (r) => r.pages.map((p) => `${p.page}:${duration(p.seconds)}`).join(' ') || '-',
        },
      ],
      rows,
    ),
  )
  io.print('')
  io.print(
    'One row per viewer and document: the e-mail where the code requires one, else the code (its label).',
  )
  io.print(
    'OPENS counts views of the page; DOWNLOADS the file saved with Download. TIME is the reading time reported,',
  )
  io.print(
    'never more than the time since the page was served; a PDF page shown without time reads 0s (--json: shows per page).',
  )
  io.print('Views are written by the server every few seconds. Times are UTC.')
}
