// `rm5 codes activity`: who opened the guarded pages and the retailer's documents, per viewer: the
// e-mail where the code requires one (its grants name it), else the code. Every code of the chosen
// gates is listed (revoked ones only if they were used), so a code never used shows as such.
// Document figures come from document_views (decision 031) for the same viewer.
import { Prisma, type PrismaClient } from '../db/database.server.ts'

export interface DocumentOpened {
  documentId: string
  /** The document's title now (null if it no longer exists). */
  title: string | null
  opens: number
  /** Reading time reported for it, all pages together. */
  seconds: number
  firstAt: Date
  lastAt: Date
}

export interface CodeActivity {
  /** Null for the walmart gate, which takes no code. */
  codeId: string | null
  retailer: string
  label: string | null
  /** The viewer's e-mail (codes that require one); null: everyone holding the code, as one row. */
  email: string | null
  requireEmail: boolean
  notify: boolean
  /** First and last opening of /docket or /circlek/proposal. */
  firstOpened: Date | null
  lastOpened: Date | null
  openings: number
  /** Distinct hashed client addresses. */
  clients: number
  pages: string[]
  /** Documents this viewer opened, most recently read first. */
  documents: DocumentOpened[]
  /** Reading time over every document. */
  documentSeconds: number
  /** First and last time seen at all: pages or documents. */
  firstSeen: Date | null
  lastSeen: Date | null
}

/** Whom a row counts for: a code (or a gate without one) and, where the code requires it, an e-mail. */
interface Viewer {
  codeId: string | null
  retailer: string
  email: string | null
}

interface Grouped extends Viewer {
  firstOpened: Date
  lastOpened: Date
  openings: number
  clients: number
  pages: string[]
}

interface DocumentGroup extends Viewer, DocumentOpened {}

const viewerKey = (row: Viewer) => `${row.codeId ?? `gate:${row.retailer}`}\0${row.email ?? ''}`

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b))
const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b))

export async function docketActivity(
  prisma: PrismaClient,
  filter: { retailer?: string; since?: Date },
): Promise<CodeActivity[]> {
  const where = (at: Prisma.Sql, retailer: Prisma.Sql) => {
    const conditions = [
      filter.retailer ? Prisma.sql`${retailer} = ${filter.retailer}` : undefined,
      filter.since ? Prisma.sql`${at} >= ${filter.since}` : undefined,
    ].filter((condition) => condition !== undefined)
    return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty
  }
  const [grouped, documents, codes] = await Promise.all([
    prisma.$queryRaw<Grouped[]>`
      SELECT code_id::text AS "codeId", retailer, email, min(created_at) AS "firstOpened",
             max(last_at) AS "lastOpened", sum(count)::int AS openings,
             count(DISTINCT ip_hash)::int AS clients, array_agg(DISTINCT page ORDER BY page) AS pages
      FROM docket_views ${where(Prisma.sql`created_at`, Prisma.sql`retailer`)}
      GROUP BY code_id, retailer, email`,
    prisma.$queryRaw<DocumentGroup[]>`
      SELECT v.code_id::text AS "codeId", v.retailer, v.email, v.document_id AS "documentId",
             d.title, sum(v.opens) FILTER (WHERE v.page = 0)::int AS opens,
             sum(v.seconds)::int AS seconds, min(v.first_at) AS "firstAt", max(v.last_at) AS "lastAt"
      FROM document_views v LEFT JOIN documents d ON d.id = v.document_id
      ${where(Prisma.sql`v.first_at`, Prisma.sql`v.retailer`)}
      GROUP BY v.code_id, v.retailer, v.email, v.document_id, d.title
      ORDER BY max(v.last_at) DESC`,
    prisma.accessCode.findMany({
      where: filter.retailer ? { retailer: filter.retailer } : {},
      select: { id: true, retailer: true, label: true, notify: true, revokedAt: true, requireEmail: true },
    }),
  ])
  const viewers = new Map<string, Grouped | DocumentGroup>()
  for (const row of grouped) viewers.set(viewerKey(row), row)
  const read = new Map<string, DocumentGroup[]>()
  for (const row of documents) {
    const key = viewerKey(row)
    read.set(key, [...(read.get(key) ?? []), row])
    // A viewer who opened a document but no page (a link followed straight to it) is one too.
    if (!viewers.has(key)) viewers.set(key, row)
  }
  const codeById = new Map(codes.map((code) => [code.id, code]))
  const rows: CodeActivity[] = []
  const used = new Set<string>()
  for (const [key, seen] of viewers) {
    const code = seen.codeId ? codeById.get(seen.codeId) : undefined
    if (seen.codeId) used.add(seen.codeId)
    const opened = 'openings' in seen ? seen : undefined
    const docs = (read.get(key) ?? []).map(({ documentId, title, opens, seconds, firstAt, lastAt }) => ({
      documentId,
      title,
      opens: opens ?? 0,
      seconds: seconds ?? 0,
      firstAt,
      lastAt,
    }))
    const firstOpened = opened?.firstOpened ?? null
    const lastOpened = opened?.lastOpened ?? null
    rows.push({
      codeId: seen.codeId,
      retailer: seen.retailer,
      label: code?.label ?? null,
      email: seen.email,
      requireEmail: code?.requireEmail ?? false,
      notify: code?.notify ?? false,
      firstOpened,
      lastOpened,
      openings: opened?.openings ?? 0,
      clients: opened?.clients ?? 0,
      pages: opened?.pages ?? [],
      documents: docs,
      documentSeconds: docs.reduce((sum, doc) => sum + doc.seconds, 0),
      firstSeen: docs.reduce<Date | null>((at, doc) => earliest(at, doc.firstAt), firstOpened),
      lastSeen: docs.reduce<Date | null>((at, doc) => latest(at, doc.lastAt), lastOpened),
    })
  }
  // Codes nobody used in that time; revoked ones are left out.
  for (const code of codes) {
    if (used.has(code.id) || code.revokedAt) continue
    rows.push({
      codeId: code.id,
      retailer: code.retailer,
      label: code.label,
      email: null,
      requireEmail: code.requireEmail,
      notify: code.notify,
      firstOpened: null,
      lastOpened: null,
      openings: 0,
      clients: 0,
      pages: [],
      documents: [],
      documentSeconds: 0,
      firstSeen: null,
      lastSeen: null,
    })
  }
  // Most recently seen first; never-seen codes last, by gate.
  return rows.sort(
    (a, b) =>
      (b.lastSeen?.getTime() ?? 0) - (a.lastSeen?.getTime() ?? 0) ||
      a.retailer.localeCompare(b.retailer) ||
      (a.label ?? '').localeCompare(b.label ?? '') ||
      (a.email ?? '').localeCompare(b.email ?? ''),
  )
}

/** Marks codes so their first opening of a day sends access.granted (or stops it). */
export async function setCodeNotify(prisma: PrismaClient, ids: string[], notify: boolean): Promise<number> {
  const { count } = await prisma.accessCode.updateMany({ where: { id: { in: ids } }, data: { notify } })
  return count
}
