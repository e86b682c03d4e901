// The data room's documents: files in the private `documents` bucket, metadata in Postgres
// (decision 031). An object's key is `<document id>/<sha256>.<pdf|md>`: written before its row,
// never overwritten (the same bytes give the same key), so an upload that fails half way leaves
// at most an object no row names, and the row never names a missing object. Nothing is deleted:
// `remove` sets removed_at and a replacement adds a version. The one object ever deleted is a
// replacement's own, when the document was removed while it was stored: no version can name it.
import { Readable } from 'node:stream'
import type { PartnerSlug } from '../../lib/partners.ts'
import { type Actor, recordAudit } from '../audit/audit.server.ts'
import type { Prisma, PrismaClient } from '../db/database.server.ts'
import { findPartner } from '../partners/partner-store.server.ts'
import type { Storage } from '../storage/storage.server.ts'
import { type AudienceRequest, documentAudience, type Viewers, visibleTo } from './audience.server.ts'
import { DOCUMENTS_BUCKET } from './bucket.server.ts'
import { cleanFileName, titleFromFileName } from './file-name.server.ts'
import { DOCUMENT_ID, newDocumentId } from './ids.server.ts'
import { type DocumentJobs, documentJobs } from './jobs/document-jobs.server.ts'
import { defaultDocumentLimits } from './limits.server.ts'
import {
  checkTitle,
  DOCUMENT_EXTENSION,
  type DocumentKind,
  DocumentRejected,
  MAX_TITLE_LENGTH,
  type PreparedDocument,
} from './validate.server.ts'

export interface DocumentSummary {
  id: string
  retailer: string
  title: string
  kind: DocumentKind
  version: number
  notify: boolean
  /** Stored knowingly for a gate that takes no code: anyone who opens it reads it. */
  public: boolean
  /** The partner's codes that see it; empty: every code. */
  codeIds: string[]
  /** The file may be saved; false: shown inline only. */
  download: boolean
  createdAt: Date
  updatedAt: Date
  removedAt: Date | null
  size: number
  sha256: string
  pages: number | null
  words: number | null
  fileName: string
  objectKey: string
}

export interface NewDocument {
  retailer: PartnerSlug
  bytes: Uint8Array
  fileName: string
  title?: string
  notify?: boolean
  /** Public, some codes only, no download (audience.server.ts holds the rules). */
  audience?: AudienceRequest
}

/** A byte range, both ends included (as in an HTTP Range header). */
export interface ByteRange {
  start: number
  end: number
}

/** A document that does not exist, was removed, or is not this retailer's: one answer for all. */
export class DocumentNotFound extends Error {
  constructor(id: string) {
    super(`No document ${id}`)
  }
}

const SUMMARY = {
  include: { versions: { orderBy: { version: 'desc' }, take: 1, omit: { html: true } } },
} as const satisfies Prisma.DocumentDefaultArgs

/** A document row as SUMMARY reads it: its newest version included. */
type WithVersion = Prisma.DocumentGetPayload<typeof SUMMARY>

function summary(row: WithVersion): DocumentSummary {
  const current = row.versions.find((v) => v.version === row.currentVersion) ?? row.versions[0]
  if (!current) throw new Error(`document ${row.id} has no version`)
  return {
    id: row.id,
    retailer: row.retailer,
    title: row.title,
    kind: row.kind as DocumentKind,
    version: current.version,
    notify: row.notify,
    public: row.public,
    codeIds: row.codeIds,
    download: row.download,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    removedAt: row.removedAt,
    size: current.size,
    sha256: current.sha256,
    pages: current.pages,
    words: current.words,
    fileName: current.fileName,
    objectKey: current.objectKey,
  }
}

/** What the audit log keeps of a change: the document, its gate and version (no contents). */
function changeRecord(action: string, row: WithVersion) {
  const current = summary(row)
  return {
    action,
    target: row.id,
    details: { retailer: row.retailer, version: current.version, kind: current.kind, size: current.size },
  }
}

/** A version row's file columns: where its bytes are stored, what inspecting them found, its HTML. */
function versionFile(objectKey: string, fileName: string, inspected: PreparedDocument) {
  const { size, sha256, pages, words, html } = inspected
  return { objectKey, fileName, size, sha256, pages, words, html }
}

export interface DocumentStoreOptions {
  maxBytes: number
  region: string
  /** DOCUMENT_MAX_PAGES (its schema default unless given). */
  maxPages?: number
  /** DOCUMENT_MAX_INFLATED_MB in bytes (its schema default unless given). */
  maxInflatedBytes?: number
  /** Where uploads are inspected; the process's shared pool unless given. */
  jobs?: DocumentJobs
}

/** Why a Markdown document takes no download setting (the CLI's and the console's words). */
export const MARKDOWN_HAS_NO_FILE =
  'A Markdown document is shown in the page and has no file to download: a download setting does not apply to it.'

const removedRefusal = (id: string) =>
  new DocumentRejected(`Document ${id} was removed; add it again instead.`)

export class DocumentStore {
  private readonly bucket: string
  private bucketReady: Promise<void> | undefined

  constructor(
    private readonly prisma: PrismaClient,
    private readonly storage: Storage,
    private readonly options: DocumentStoreOptions,
  ) {
    this.bucket = storage.bucket(DOCUMENTS_BUCKET)
  }

  /** The upload checked off this thread (bounds, active content removed, Markdown rendered). */
  private inspect(bytes: Uint8Array, fileName: string): Promise<PreparedDocument> {
    const jobs = this.options.jobs ?? documentJobs()
    const defaults = defaultDocumentLimits()
    const {
      maxBytes,
      maxPages = defaults.maxPages,
      maxInflatedBytes = defaults.maxInflatedBytes,
    } = this.options
    return jobs.inspect(bytes, fileName, { maxBytes, maxPages, maxInflatedBytes })
  }

  /**
   * Checks and stores a new document; its first version is 1. With an actor (the CLI, the
   * console) the audit log records it in the same transaction; the demo seed passes none.
   */
  async add(input: NewDocument, actor?: Actor): Promise<DocumentSummary> {
    const partner = await findPartner(this.prisma, input.retailer)
    if (!partner) throw new DocumentRejected(`Unknown retailer ${input.retailer}.`)
    const fileName = cleanFileName(input.fileName) || 'document'
    const title = checkTitle(input.title ?? titleFromFileName(input.fileName, MAX_TITLE_LENGTH))
    const audience = await documentAudience(this.prisma, partner, input.audience ?? {})
    const inspected = await this.inspect(input.bytes, fileName)
    const id = newDocumentId()
    const objectKey = await this.put(id, inspected.kind, inspected.sha256, inspected.bytes)
    const row = await this.prisma.$transaction(async (tx) => {
      const created = await tx.document.create({
        data: {
          id,
          retailer: input.retailer,
          title,
          kind: inspected.kind,
          currentVersion: 1,
          notify: input.notify ?? false,
          ...audience,
          versions: {
            create: { version: 1, ...versionFile(objectKey, fileName, inspected) },
          },
        },
        ...SUMMARY,
      })
      if (actor) await recordAudit(tx, actor, changeRecord('document.add', created))
      return created
    })
    return summary(row)
  }

  /** A new version of a document (same kind); the old versions stay stored and listed. */
  async replace(
    id: string,
    bytes: Uint8Array,
    uploadedName: string,
    request: AudienceRequest = {},
    actor?: Actor,
  ): Promise<DocumentSummary> {
    const { existing, audience } = await this.liveWithAudience(id, request)
    const fileName = cleanFileName(uploadedName) || 'document'
    const inspected = await this.inspect(bytes, fileName)
    if (inspected.kind !== existing.kind) {
      throw new DocumentRejected(
        `Document ${id} is ${existing.kind === 'pdf' ? 'a PDF' : 'Markdown'}; replace it with the same kind, or add a new document.`,
      )
    }
    if (inspected.sha256 === existing.sha256) {
      throw new DocumentRejected(
        `${fileName} is the same file as version ${existing.version}: nothing to replace.`,
      )
    }
    const objectKey = await this.put(id, inspected.kind, inspected.sha256, inspected.bytes)
    const row = await this.prisma
      .$transaction(async (tx) => {
        // The increment takes the row's lock: two replacements at once get versions n+1 and n+2.
        const bumped = await tx.document.update({
          where: { id, removedAt: null },
          data: { currentVersion: { increment: 1 }, updatedAt: new Date(), ...audience },
        })
        await tx.documentVersion.create({
          data: {
            documentId: id,
            version: bumped.currentVersion,
            ...versionFile(objectKey, fileName, inspected),
          },
        })
        const replaced = await tx.document.findUniqueOrThrow({ where: { id }, ...SUMMARY })
        if (actor) await recordAudit(tx, actor, changeRecord('document.replace', replaced))
        return replaced
      })
      .catch(async (error: unknown) => {
        throw (await this.removedWhileStoring(id, objectKey).catch(() => undefined)) ?? error
      })
    return summary(row)
  }

  /**
   * After a replacement's write failed: if the document was removed meanwhile (another admin, the
   * CLI), the object just stored is deleted unless a version names it already (an earlier
   * version's bytes), and the refusal is the one a removed document gets. A removed document
   * never takes a version again, so nothing can come to name the object later. Undefined while
   * the document is live: the write failed for another reason, and the object is left as any
   * upload that fails half way.
   */
  private async removedWhileStoring(id: string, objectKey: string): Promise<Error | undefined> {
    const row = await this.prisma.document.findUnique({ where: { id }, select: { removedAt: true } })
    if (row && !row.removedAt) return undefined
    const named = await this.prisma.documentVersion.count({ where: { documentId: id, objectKey } })
    // Storage down at this moment leaves the object as an upload that fails half way does; the
    // admin is still told what happened to the document.
    if (named === 0) await this.storage.client.removeObject(this.bucket, objectKey).catch(() => {})
    return row ? removedRefusal(id) : new DocumentNotFound(id)
  }

  /** A document that is not removed, and the audience a request gives it (replace, setAudience). */
  private async liveWithAudience(id: string, request: AudienceRequest) {
    const existing = await this.find(id, { includeRemoved: true })
    if (!existing) throw new DocumentNotFound(id)
    if (existing.removedAt) throw removedRefusal(id)
    // A Markdown document is shown in the page, never as a file: a download setting would change
    // nothing a viewer sees, so asking for one is refused rather than stored.
    if (existing.kind === 'markdown' && request.download !== undefined)
      throw new DocumentRejected(MARKDOWN_HAS_NO_FILE)
    const partner = await findPartner(this.prisma, existing.retailer)
    if (!partner) throw new DocumentRejected(`Unknown retailer ${existing.retailer}.`)
    const audience = await documentAudience(this.prisma, partner, request, existing)
    return { existing, audience }
  }

  /**
   * Changes whom a document is for and whether it may be saved, without a new version (the
   * console's settings form; `rm5 documents replace` sets them with a new file).
   */
  async setAudience(
    id: string,
    request: AudienceRequest,
    actor?: Actor,
    now = new Date(),
  ): Promise<DocumentSummary> {
    const { existing, audience } = await this.liveWithAudience(id, request)
    const row = await this.prisma.$transaction(async (tx) => {
      const changed = await tx.document.update({
        where: { id, removedAt: null },
        data: { ...audience, updatedAt: now },
        ...SUMMARY,
      })
      if (actor) {
        await recordAudit(
          tx,
          actor,
          { action: 'document.audience', target: id, details: { retailer: existing.retailer, ...audience } },
          now,
        )
      }
      return changed
    })
    return summary(row)
  }

  /** Soft removal: viewers no longer see it; its versions stay for the record. */
  async remove(id: string, now = new Date(), actor?: Actor): Promise<DocumentSummary> {
    const existing = await this.find(id, { includeRemoved: true })
    if (!existing) throw new DocumentNotFound(id)
    if (existing.removedAt) return existing
    const row = await this.prisma.$transaction(async (tx) => {
      const removed = await tx.document.update({
        where: { id },
        data: { removedAt: now, updatedAt: now },
        ...SUMMARY,
      })
      if (actor) await recordAudit(tx, actor, changeRecord('document.remove', removed), now)
      return removed
    })
    return summary(row)
  }

  /** Whether the data room has ever held a document (a removed one still counts). */
  async everHeldOne(): Promise<boolean> {
    return (await this.prisma.document.count()) > 0
  }

  /** Documents, newest first; removed ones only when asked. */
  async list(options: { retailer?: string; includeRemoved?: boolean } = {}): Promise<DocumentSummary[]> {
    const rows = await this.prisma.document.findMany({
      where: {
        ...(options.retailer ? { retailer: options.retailer } : {}),
        ...(options.includeRemoved ? {} : { removedAt: null }),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      ...SUMMARY,
    })
    return rows.map(summary)
  }

  /**
   * The document by id; undefined when it does not exist or was removed, or (with `retailer`)
   * belongs to another retailer, so a page answers all of these the same way.
   */
  async find(
    id: string,
    options: { retailer?: string; includeRemoved?: boolean } = {},
  ): Promise<DocumentSummary | undefined> {
    if (!DOCUMENT_ID.test(id)) return undefined
    const row = await this.prisma.document.findUnique({ where: { id }, ...SUMMARY })
    if (!row) return undefined
    if (row.removedAt && !options.includeRemoved) return undefined
    if (options.retailer !== undefined && row.retailer !== options.retailer) return undefined
    return summary(row)
  }

  /**
   * A live document these viewers may see (their partners', not limited to other codes), in one
   * query whatever the answer: a missing id, another retailer's document and one limited to other
   * codes cost the same, so timing tells them apart no more than the answer.
   */
  async findFor(id: string, viewers: Viewers): Promise<DocumentSummary | undefined> {
    if (!DOCUMENT_ID.test(id) || viewers.retailers.length === 0) return undefined
    const row = await this.prisma.document.findFirst({ where: { id, ...visibleTo(viewers) }, ...SUMMARY })
    return row ? summary(row) : undefined
  }

  /** The live documents these viewers may see, newest first. */
  async listFor(viewers: Viewers): Promise<DocumentSummary[]> {
    if (viewers.retailers.length === 0) return []
    const rows = await this.prisma.document.findMany({
      where: visibleTo(viewers),
      orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
      ...SUMMARY,
    })
    return rows.map(summary)
  }

  /** Every version of a document, newest first (the record `replace` keeps). */
  versions(id: string) {
    return this.prisma.documentVersion.findMany({
      where: { documentId: id },
      orderBy: { version: 'desc' },
      omit: { html: true },
    })
  }

  /**
   * A Markdown version's HTML, kept since it was stored; a version stored before HTML was kept is
   * rendered once in the pool and kept from then on.
   */
  async html(document: Pick<DocumentSummary, 'id' | 'version' | 'objectKey' | 'size'>): Promise<string> {
    const where = { documentId_version: { documentId: document.id, version: document.version } }
    const row = await this.prisma.documentVersion.findUnique({ where, select: { html: true } })
    if (row?.html != null) return row.html
    const jobs = this.options.jobs ?? documentJobs()
    const { html } = await jobs.render((await this.readBytes(document)).toString('utf8'))
    await this.prisma.documentVersion.update({ where, data: { html } })
    return html
  }

  /** The stored bytes of a document's current version, or of a range of them. */
  async read(document: Pick<DocumentSummary, 'objectKey' | 'size'>, range?: ByteRange): Promise<Readable> {
    if (!range) return this.storage.client.getObject(this.bucket, document.objectKey)
    if (
      !Number.isSafeInteger(range.start) ||
      !Number.isSafeInteger(range.end) ||
      range.start < 0 ||
      range.end < range.start ||
      range.end >= document.size
    ) {
      throw new RangeError(`bytes ${range.start}-${range.end} are outside 0-${document.size - 1}`)
    }
    return this.storage.client.getPartialObject(
      this.bucket,
      document.objectKey,
      range.start,
      range.end - range.start + 1,
    )
  }

  /** The whole current version in memory (to stamp a watermark or render Markdown). */
  async readBytes(document: Pick<DocumentSummary, 'objectKey' | 'size'>): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const chunk of await this.read(document)) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  private async put(id: string, kind: DocumentKind, sha256: string, bytes: Uint8Array): Promise<string> {
    await this.ensureBucket()
    const key = `${id}/${sha256}.${DOCUMENT_EXTENSION[kind]}`
    const type = kind === 'pdf' ? 'application/pdf' : 'text/markdown; charset=utf-8'
    await this.storage.client.putObject(this.bucket, key, Readable.from([Buffer.from(bytes)]), bytes.length, {
      'Content-Type': type,
    })
    return key
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (await this.storage.client.bucketExists(this.bucket)) return
      try {
        await this.storage.client.makeBucket(this.bucket, this.options.region)
      } catch (error) {
        // Another process (the server's seed and a CLI) may have just created it.
        const code = (error as { code?: string }).code
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error
      }
    })().catch((error) => {
      this.bucketReady = undefined
      throw error
    })
    return this.bucketReady
  }
}
