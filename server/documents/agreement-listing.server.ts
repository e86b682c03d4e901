// Agreement versions with who accepted each, as `rm5 agreements list` and the console's
// agreements page show them: one reading, so both name a viewer the same way.
import { viewerIdentity, viewerMark } from '../../lib/documents/viewer-identity.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { listPartners } from '../partners/partner-store.server.ts'
import { listAcceptances } from './acceptances.server.ts'
import { type AgreementListing, listAgreements } from './agreements.server.ts'

export interface AcceptanceListing {
  id: bigint
  codeId: string | null
  email: string | null
  acceptedAt: Date
  /** As the watermark names them: the e-mail or the code's label, the partner's code, or its open docket. */
  viewer: string
}

export interface AgreementVersion extends Omit<AgreementListing, 'acceptances'> {
  acceptances: AcceptanceListing[]
}

/** The partners that have (or had) an agreement, for the page's choice of partner. */
export async function partnersWithAgreements(prisma: Pick<PrismaClient, 'agreement'>): Promise<string[]> {
  const rows = await prisma.agreement.findMany({ select: { retailer: true }, distinct: ['retailer'] })
  return rows.map((row) => row.retailer).sort()
}

/** Every version (by retailer, newest first) with its acceptances (oldest first) and their viewers. */
export async function agreementVersions(
  prisma: PrismaClient,
  retailer?: string,
): Promise<AgreementVersion[]> {
  const agreements = await listAgreements(prisma, retailer)
  const withRows = await Promise.all(
    agreements.map(async (a) => ({ ...a, rows: await listAcceptances(prisma, a.id) })),
  )
  const codeIds = [
    ...new Set(withRows.flatMap((a) => a.rows.map((row) => row.codeId)).filter((id) => id !== null)),
  ]
  const codes = await prisma.accessCode.findMany({
    where: { id: { in: codeIds } },
    select: { id: true, label: true },
  })
  const labels = new Map(codes.map((code) => [code.id, code.label]))
  const partners = new Map(
    (await listPartners(prisma, { includeRemoved: true })).map((p) => [p.slug, p.name]),
  )
  return withRows.map(({ rows, acceptances: _count, ...agreement }) => ({
    ...agreement,
    acceptances: rows.map((row) => ({
      id: row.id,
      codeId: row.codeId,
      email: row.email,
      acceptedAt: row.acceptedAt,
      viewer: viewerMark(
        viewerIdentity({
          codeId: row.codeId,
          email: row.email,
          label: row.codeId ? (labels.get(row.codeId) ?? null) : null,
          partnerName: partners.get(agreement.retailer) ?? agreement.retailer,
        }),
      ),
    })),
  }))
}
