// Acceptances of a retailer's agreement (decision 031): who accepted which version, when, and
// whether the viewer in front of us is one of them. An acceptance binds the person who accepted,
// as far as the site can tell people apart:
// - a proved e-mail names the person: the acceptance follows them to any later session of the
//   same code, as their name follows them on the watermark;
// - without one (a gate that takes no code, a code that asks for no e-mail) nothing tells one
//   holder from another but the session they accepted in: the acceptance holds for that session
//   only, and a new session accepts again. Binding to the code instead would let one holder accept
//   for everyone who holds it, or one visitor of an open gate for every later visitor.
import type { Prisma, PrismaClient } from '../db/database.server.ts'

/** Who accepts: the grant's code (null at an open gate), the e-mail it proved, and its session. */
export interface Viewer {
  codeId: string | null
  email: string | null
  /** access_sessions.id of the grant (the session the cookie names). */
  sessionId: string
}

/** The acceptances that are this viewer's own, by the rule above. */
function acceptedBy(viewer: Viewer): Prisma.AgreementAcceptanceWhereInput {
  if (viewer.email !== null) return { codeId: viewer.codeId, email: viewer.email }
  return { codeId: viewer.codeId, email: null, sessionId: viewer.sessionId }
}

/** The acceptances of one agreement version, oldest first. */
export function listAcceptances(prisma: PrismaClient, agreementId: bigint) {
  return prisma.agreementAcceptance.findMany({ where: { agreementId }, orderBy: { acceptedAt: 'asc' } })
}

export async function hasAccepted(
  prisma: PrismaClient,
  agreementId: bigint,
  viewer: Viewer,
): Promise<boolean> {
  const found = await prisma.agreementAcceptance.findFirst({
    where: { agreementId, ...acceptedBy(viewer) },
    select: { id: true },
  })
  return found !== null
}

/**
 * Records an acceptance once per viewer and version (a repeated form post adds nothing). The
 * session is kept with every acceptance, an e-mail's too: the record of the visit that accepted.
 */
export async function recordAcceptance(
  prisma: PrismaClient,
  agreementId: bigint,
  viewer: Viewer,
  ipHash: string,
  at = new Date(),
): Promise<void> {
  if (await hasAccepted(prisma, agreementId, viewer)) return
  await prisma.agreementAcceptance.create({
    data: {
      agreementId,
      codeId: viewer.codeId,
      email: viewer.email,
      sessionId: viewer.sessionId,
      ipHash,
      acceptedAt: at,
    },
  })
}
