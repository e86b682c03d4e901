// Who a document is for, and whether it may be saved (issue 35, points 2 and 3): the rules the
// CLI and the admin console share. A partner whose gate takes no code lets anyone in, so its
// documents are stored only knowingly public; a document can be limited to some of its partner's
// codes (none named: every code); a document without download is served inline only.
import { openGateWarning } from '../../lib/documents/audience.ts'
import type { Partner } from '../../lib/partners.ts'
import type { Prisma, PrismaClient } from '../db/database.server.ts'
import { DocumentRejected } from './rejected.server.ts'

/** What an admin asks for; an absent field keeps the document's current value (or the default). */
export interface AudienceRequest {
  /** The admin knows the gate takes no code: anyone who opens it reads the document. */
  public?: boolean
  /** Only these codes of the partner see it (ids from `rm5 codes list`); empty or absent: all. */
  codeIds?: readonly string[]
  /** The file may be saved; false: inline only. */
  download?: boolean
}

export interface Audience {
  public: boolean
  codeIds: string[]
  download: boolean
}

export const DEFAULT_AUDIENCE: Audience = { public: false, codeIds: [], download: true }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The audience a document of this partner gets: the request checked against the partner's gate
 * and its codes, over what the document has now (a new document: the defaults).
 */
export async function documentAudience(
  prisma: PrismaClient,
  partner: Pick<Partner, 'slug' | 'name' | 'open'>,
  request: AudienceRequest,
  current: Audience = DEFAULT_AUDIENCE,
): Promise<Audience> {
  const audience: Audience = {
    public: request.public ?? current.public,
    codeIds: request.codeIds ? [...new Set(request.codeIds)] : current.codeIds,
    download: request.download ?? current.download,
  }
  if (partner.open && !audience.public) {
    throw new DocumentRejected(`${openGateWarning(partner)} Add --public to share it openly.`)
  }
  if (!partner.open && audience.public) {
    throw new DocumentRejected(
      `${partner.name}'s gate takes a code: --public is only for a partner whose gate takes none.`,
    )
  }
  if (audience.codeIds.length > 0) await checkCodes(prisma, partner, audience.codeIds)
  return audience
}

async function checkCodes(
  prisma: PrismaClient,
  partner: Pick<Partner, 'slug' | 'name' | 'open'>,
  codeIds: readonly string[],
): Promise<void> {
  if (partner.open) {
    throw new DocumentRejected(`${partner.name}'s gate takes no code: a document cannot be limited to codes.`)
  }
  const malformed = codeIds.find((id) => !UUID.test(id))
  if (malformed) throw new DocumentRejected(`${malformed} is not a code id (see \`rm5 codes list\`).`)
  const found = await prisma.accessCode.findMany({
    where: { id: { in: [...codeIds] }, retailer: partner.slug, revokedAt: null },
    select: { id: true },
  })
  const known = new Set(found.map((code) => code.id))
  const unknown = codeIds.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw new DocumentRejected(
      `Not a live code of ${partner.name}: ${unknown.join(', ')} (see \`rm5 codes list --retailer ${partner.slug}\`).`,
    )
  }
}

/** Whom a request's grants name: their partners and the codes behind them (none for an open gate). */
export interface Viewers {
  retailers: readonly string[]
  codeIds: readonly string[]
}

/** The partners and codes of a request's verified grants. */
export const viewersOf = (grants: readonly { retailer: string; codeId: string | null }[]): Viewers => ({
  retailers: [...new Set(grants.map((grant) => grant.retailer))],
  codeIds: [...new Set(grants.flatMap((grant) => (grant.codeId ? [grant.codeId] : [])))],
})

/**
 * The documents these viewers may see, as one query condition (so a document of another
 * partner, one limited to other codes and a missing one cost the same single query). A document's
 * codes are always its own partner's, so any of the viewers' codes among them lets them in.
 */
export function visibleTo(viewers: Viewers): Prisma.DocumentWhereInput {
  return {
    removedAt: null,
    retailer: { in: [...viewers.retailers] },
    OR: [
      { codeIds: { isEmpty: true } },
      ...(viewers.codeIds.length > 0 ? [{ codeIds: { hasSome: [...viewers.codeIds] } }] : []),
    ],
  }
}
