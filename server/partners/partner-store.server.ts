// Partners as rows (decision 035): the one service that adds, changes, lists and removes them.
// `rm5 partners` and any other interface call these functions; the running servers read the rows
// through their PartnerDirectory (directory.server.ts), which sees a change within seconds.
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { mediaUrl } from '../../lib/media.ts'
import { partnerContrastProblem } from '../../lib/partner-contrast.ts'
import {
  HEX_COLOUR,
  LOGO_MAX_BYTES,
  type Partner,
  type PartnerSlug,
  partnerSlugProblem,
} from '../../lib/partners.ts'
import { storedLine } from '../../lib/stored-text.ts'
import { type Actor, recordAudit } from '../audit/audit.server.ts'
import type { Prisma, PrismaClient } from '../db/database.server.ts'
import type { Storage } from '../storage/storage.server.ts'

export const PARTNERS_BUCKET = 'partners'

/** A refusal the admin can act on (unknown slug, reserved slug, live codes…): a 4xx / exit 1. */
export class PartnerRejected extends Error {}

/** A removal refused because the partner still holds live codes or documents; each interface says how to force it. */
export class PartnerStillHolds extends PartnerRejected {}

/** Colours the gate could not be read in (a usage error: exit 2), with the measured ratio. */
export class PartnerColoursRejected extends PartnerRejected {}

function checkContrast(colours: { tint: string; ink: string }): void {
  const problem = partnerContrastProblem(colours)
  if (problem) throw new PartnerColoursRejected(problem.message)
}

const text = (max: number) => storedLine(max)

export const partnerFields = z.object({
  name: text(60),
  tint: z.string().regex(HEX_COLOUR, 'a colour like #1f6feb'),
  ink: z.string().regex(HEX_COLOUR, 'a colour like #0b0d10'),
  monogram: text(3),
  audience: text(80),
  open: z.boolean(),
})
export type PartnerFields = z.infer<typeof partnerFields>

/** What `add` fills in when the admin gives only a name. */
export function defaultFields(name: string): Omit<PartnerFields, 'name'> {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return { tint: '#5aa9ff', ink: '#0b0d10', monogram: initials || 'P', audience: 'Partners', open: false }
}

export interface PartnerRow extends Partner {
  createdAt: Date
  updatedAt: Date
  removedAt: Date | null
  position: number
  logoKey: string | null
}

type Row = Awaited<ReturnType<PrismaClient['partner']['findMany']>>[number]

/** What pages and the gate's island see of a partner (no record-keeping fields). */
export function servedPartner(row: Row): Partner {
  return {
    slug: row.slug,
    name: row.name,
    tint: row.tint,
    ink: row.ink,
    monogram: row.monogram,
    audience: row.audience,
    logoUrl: row.logoKey ? mediaUrl(PARTNERS_BUCKET, row.logoKey) : null,
    open: row.open,
  }
}

export function toPartner(row: Row): PartnerRow {
  return {
    ...servedPartner(row),
    logoKey: row.logoKey,
    position: row.position,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    removedAt: row.removedAt,
  }
}

const partnerRows = (prisma: PrismaClient, includeRemoved: boolean) =>
  prisma.partner.findMany({
    where: includeRemoved ? {} : { removedAt: null },
    orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
  })

/** The partners whose gates are served (with --all the removed ones too), in list order. */
export async function listPartners(
  prisma: PrismaClient,
  options: { includeRemoved?: boolean } = {},
): Promise<PartnerRow[]> {
  return (await partnerRows(prisma, options.includeRemoved ?? false)).map(toPartner)
}

/** The served partners as pages see them (the running server's directory). */
export async function servedPartners(prisma: PrismaClient): Promise<Partner[]> {
  return (await partnerRows(prisma, false)).map(servedPartner)
}

/** The partner if its gate is served; undefined for an unknown or removed slug. */
export async function findPartner(prisma: PrismaClient, slug: string): Promise<PartnerRow | undefined> {
  const row = await prisma.partner.findUnique({ where: { slug } })
  return row && !row.removedAt ? toPartner(row) : undefined
}

/** The partner, or a refusal naming the slug (for the CLI's arguments). */
export async function requirePartner(
  prisma: PrismaClient,
  slug: string,
  need: 'any' | 'code' = 'any',
): Promise<PartnerRow> {
  const partner = await findPartner(prisma, slug)
  if (!partner) throw new PartnerRejected(`Unknown partner "${slug}" (see \`rm5 partners list\`).`)
  if (need === 'code' && partner.open) {
    throw new PartnerRejected(`${partner.name}'s gate takes no code (it opens with a button).`)
  }
  return partner
}

export interface AddPartnerOptions {
  /** A logo added with the partner: refused, it adds no partner (the same command can be retried). */
  logo?: { storage: Storage; bytes: Buffer }
}

export async function addPartner(
  prisma: PrismaClient,
  actor: Actor,
  slug: PartnerSlug,
  fields: PartnerFields,
  now: Date,
  options: AddPartnerOptions = {},
): Promise<PartnerRow> {
  const problem = partnerSlugProblem(slug)
  if (problem) throw new PartnerRejected(problem)
  const existing = await prisma.partner.findUnique({ where: { slug } })
  if (existing && !existing.removedAt) throw new PartnerRejected(`The partner "${slug}" exists already.`)
  const data = { ...partnerFields.parse(fields), updatedAt: now, removedAt: null }
  checkContrast(data)
  const logo = options.logo && { storage: options.logo.storage, image: partnerLogo(options.logo.bytes) }
  // Stored before the row exists: unreachable storage adds no partner. A row refused after it
  // leaves an object no partner names, harmless (keys are content-addressed).
  const logoKey = logo && (await storeLogo(logo.storage, slug, logo.image))
  const row = await prisma.$transaction(async (tx) => {
    const values = logoKey ? { ...data, logoKey } : data
    // A removed partner's slug comes back as the same row: its old codes and documents stay hidden.
    const saved = existing
      ? await tx.partner.update({ where: { slug }, data: values })
      : await tx.partner.create({ data: { slug, ...values, createdAt: now } })
    await recordAudit(tx, actor, { action: 'partner.add', target: slug, details: { open: data.open } }, now)
    // Audited as `set --logo` audits it, so the record reads the same however the logo came.
    if (logoKey) await recordLogo(tx, actor, slug, logoKey, now)
    return saved
  })
  return toPartner(row)
}

/**
 * Opening the gate would hand these documents, stored for code holders, to anyone: refused unless
 * the admin confirms publishing them (`--publish-private`, the console's second step).
 */
export class PrivateDocumentsOnOpenGate extends PartnerRejected {
  constructor(
    partner: Pick<PartnerRow, 'name' | 'slug'>,
    readonly documents: readonly { id: string; title: string }[],
  ) {
    super(
      `Opening ${partner.name}'s gate would let anyone who opens /${partner.slug} read ` +
        `${documents.length} document(s) shared with code holders only: ` +
        `${documents.map((doc) => `"${doc.title}" (${doc.id})`).join(', ')}. ` +
        'Remove them first, or confirm that opening the gate publishes them.',
    )
  }
}

export interface SetPartnerOptions {
  /** Opening the gate publishes its documents that are not shared openly (audited with their ids). */
  publishPrivate?: boolean
}

export async function setPartner(
  prisma: PrismaClient,
  actor: Actor,
  slug: PartnerSlug,
  changes: Partial<PartnerFields>,
  now: Date,
  options: SetPartnerOptions = {},
): Promise<PartnerRow> {
  const partner = await requirePartner(prisma, slug)
  const data = partnerFields.partial().parse(changes)
  checkContrast({ tint: data.tint ?? partner.tint, ink: data.ink ?? partner.ink })
  const row = await prisma.$transaction(async (tx) => {
    // Read in the transaction that opens the gate, so a document added meanwhile is counted.
    const published = data.open && !partner.open ? await privateDocuments(tx, slug) : []
    if (published.length > 0 && !options.publishPrivate) {
      throw new PrivateDocumentsOnOpenGate(partner, published)
    }
    if (published.length > 0) {
      await tx.document.updateMany({
        where: { id: { in: published.map((doc) => doc.id) } },
        data: { public: true, codeIds: [], updatedAt: now },
      })
    }
    const saved = await tx.partner.update({ where: { slug }, data: { ...data, updatedAt: now } })
    const publishedIds = published.map((doc) => doc.id)
    await recordAudit(
      tx,
      actor,
      {
        action: 'partner.set',
        target: slug,
        details: { fields: Object.keys(data), ...(published.length > 0 ? { published: publishedIds } : {}) },
      },
      now,
    )
    return saved
  })
  return toPartner(row)
}

/** The partner's documents not shared openly (stored for code holders), oldest first. */
const privateDocuments = (tx: Prisma.TransactionClient, slug: PartnerSlug) =>
  tx.document.findMany({
    where: { retailer: slug, removedAt: null, public: false },
    select: { id: true, title: true },
    orderBy: { createdAt: 'asc' },
  })

/** A logo the gate can show: its bytes and their image type. */
export interface PartnerLogo {
  bytes: Buffer
  extension: string
  contentType: string
}

/**
 * The logo rule (PNG, JPEG, WebP or SVG by content, up to 512 KiB), for every interface: the CLI
 * checks a file with it before it opens the database, and the functions that store a logo again.
 */
export function partnerLogo(bytes: Buffer): PartnerLogo {
  const type = imageType(bytes)
  if (!type) throw new PartnerRejected('The logo must be a PNG, JPEG, WebP or SVG image.')
  if (bytes.length > LOGO_MAX_BYTES) throw new PartnerRejected('The logo must be 512 KiB or smaller.')
  return { bytes, ...type }
}

/** Puts the logo in the `partners` bucket; its key. */
async function storeLogo(storage: Storage, slug: PartnerSlug, logo: PartnerLogo): Promise<string> {
  const bucket = storage.bucket(PARTNERS_BUCKET)
  if (!(await storage.client.bucketExists(bucket))) await storage.client.makeBucket(bucket)
  // Content-addressed: a new logo is a new URL, so no cache anywhere shows the old one.
  const key = `${slug}/${createHash('sha256').update(logo.bytes).digest('hex').slice(0, 16)}.${logo.extension}`
  await storage.client.putObject(bucket, key, logo.bytes, logo.bytes.length, {
    'Content-Type': logo.contentType,
  })
  return key
}

const recordLogo = (tx: Prisma.TransactionClient, actor: Actor, slug: PartnerSlug, key: string, now: Date) =>
  recordAudit(tx, actor, { action: 'partner.logo', target: slug, details: { key } }, now)

/** Stores a logo (PNG, JPEG, WebP or SVG) in the `partners` bucket and names it on the partner. */
export async function setPartnerLogo(
  prisma: PrismaClient,
  actor: Actor,
  storage: Storage,
  slug: PartnerSlug,
  bytes: Buffer,
  now: Date,
): Promise<PartnerRow> {
  await requirePartner(prisma, slug)
  const key = await storeLogo(storage, slug, partnerLogo(bytes))
  const row = await prisma.$transaction(async (tx) => {
    const saved = await tx.partner.update({ where: { slug }, data: { logoKey: key, updatedAt: now } })
    await recordLogo(tx, actor, slug, key, now)
    return saved
  })
  return toPartner(row)
}

function imageType(bytes: Buffer): { extension: string; contentType: string } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { extension: 'png', contentType: 'image/png' }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { extension: 'jpg', contentType: 'image/jpeg' }
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { extension: 'webp', contentType: 'image/webp' }
  }
  const head = bytes.subarray(0, 512).toString('utf8').trimStart()
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(head)) {
    return { extension: 'svg', contentType: 'image/svg+xml' }
  }
  return null
}

export interface PartnerHoldings {
  liveCodes: number
  documents: number
}

/** What still belongs to the partner: active codes and documents not removed. */
export async function partnerHoldings(
  prisma: PrismaClient,
  slug: PartnerSlug,
  now: Date,
): Promise<PartnerHoldings> {
  const [liveCodes, documents] = await Promise.all([
    prisma.accessCode.count({
      where: { retailer: slug, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    }),
    prisma.document.count({ where: { retailer: slug, removedAt: null } }),
  ])
  return { liveCodes, documents }
}

/**
 * Takes the partner's gate off the site. Refused while it has live codes or documents unless
 * `force`, which revokes the codes and hides the documents in the same transaction. Nothing is deleted.
 */
export async function removePartner(
  prisma: PrismaClient,
  actor: Actor,
  slug: PartnerSlug,
  options: { force: boolean },
  now: Date,
): Promise<PartnerHoldings> {
  await requirePartner(prisma, slug)
  const holdings = await partnerHoldings(prisma, slug, now)
  if (!options.force && (holdings.liveCodes > 0 || holdings.documents > 0)) {
    throw new PartnerStillHolds(
      `"${slug}" still has ${holdings.liveCodes} live code(s) and ${holdings.documents} document(s).`,
    )
  }
  await prisma.$transaction(async (tx) => {
    await tx.accessCode.updateMany({ where: { retailer: slug, revokedAt: null }, data: { revokedAt: now } })
    await tx.document.updateMany({ where: { retailer: slug, removedAt: null }, data: { removedAt: now } })
    await tx.partner.update({ where: { slug }, data: { removedAt: now, updatedAt: now } })
    await recordAudit(tx, actor, { action: 'partner.remove', target: slug, details: { ...holdings } }, now)
  })
  return holdings
}

/** The partner's display name for a record (removed partners too); the slug when there is no row. */
export async function partnerName(prisma: PrismaClient, slug: PartnerSlug): Promise<string> {
  const row = await prisma.partner.findUnique({ where: { slug }, select: { name: true } })
  return row?.name ?? slug
}
