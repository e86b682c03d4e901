// A retailer's agreement (decision 031): Markdown an admin sets with `rm5 agreements set`, that
// a viewer accepts before the retailer's first document. Each `set` of a different text adds a
// version, and an acceptance names the version it accepted, so a new version asks again. `clear`
// ends the requirement (the rows stay, with what was accepted under them). Who has accepted a
// version: acceptances.server.ts.
import { createHash } from 'node:crypto'
import { MAX_AGREEMENT_BYTES } from '../../lib/documents/agreement-size.ts'
import { type Actor, recordAudit } from '../audit/audit.server.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { fileKindOf, utf8Text } from './validate.server.ts'

export class AgreementRejected extends Error {}

export interface AgreementRow {
  id: bigint
  retailer: string
  version: number
  body: string
  sha256: string
  createdAt: Date
  clearedAt: Date | null
}

export function checkAgreementText(bytes: Uint8Array, fileName: string): string {
  if (bytes.length > MAX_AGREEMENT_BYTES) {
    throw new AgreementRejected(
      `${fileName} is larger than ${MAX_AGREEMENT_BYTES} bytes: an agreement is text.`,
    )
  }
  // A PDF can be valid UTF-8 too: viewers would be asked to accept its source.
  const kind = fileKindOf(bytes)
  if (kind) throw new AgreementRejected(`${fileName} is ${kind}, not Markdown: an agreement is text.`)
  const text = utf8Text(bytes)
  if (text === undefined) throw new AgreementRejected(`${fileName} is not UTF-8 text (Markdown).`)
  if (text.trim() === '') throw new AgreementRejected(`${fileName} holds no text.`)
  return text
}

/** The agreement a retailer's viewers must accept now, or undefined (none set, or cleared). */
export async function currentAgreement(
  prisma: PrismaClient,
  retailer: string,
): Promise<AgreementRow | undefined> {
  const latest = await prisma.agreement.findFirst({ where: { retailer }, orderBy: { version: 'desc' } })
  return latest && !latest.clearedAt ? latest : undefined
}

/**
 * Sets the retailer's agreement; the same text as the current one changes nothing (`created`
 * false). A concurrent `set` for the same retailer loses on the unique version and is retried.
 */
export async function setAgreement(
  prisma: PrismaClient,
  actor: Actor,
  retailer: string,
  body: string,
): Promise<{ agreement: AgreementRow; created: boolean }> {
  const sha256 = createHash('sha256').update(body).digest('hex')
  for (let attempt = 0; ; attempt++) {
    const latest = await prisma.agreement.findFirst({ where: { retailer }, orderBy: { version: 'desc' } })
    if (latest && !latest.clearedAt && latest.sha256 === sha256) return { agreement: latest, created: false }
    try {
      const agreement = await prisma.$transaction(async (tx) => {
        const created = await tx.agreement.create({
          data: { retailer, version: (latest?.version ?? 0) + 1, body, sha256 },
        })
        await recordAudit(tx, actor, {
          action: 'agreement.set',
          target: retailer,
          details: { version: created.version, sha256 },
        })
        return created
      })
      return { agreement, created: true }
    } catch (error) {
      if ((error as { code?: string }).code !== 'P2002' || attempt >= 3) throw error
    }
  }
}

/** Clears the retailer's current agreement; undefined when none was in force. */
export async function clearAgreement(
  prisma: PrismaClient,
  actor: Actor,
  retailer: string,
  now = new Date(),
): Promise<AgreementRow | undefined> {
  const current = await currentAgreement(prisma, retailer)
  if (!current) return undefined
  return prisma.$transaction(async (tx) => {
    const cleared = await tx.agreement.update({ where: { id: current.id }, data: { clearedAt: now } })
    await recordAudit(
      tx,
      actor,
      { action: 'agreement.clear', target: retailer, details: { version: cleared.version } },
      now,
    )
    return cleared
  })
}

export interface AgreementListing extends AgreementRow {
  acceptances: number
}

/** Every version of every agreement, by retailer then newest version first, with acceptance counts. */
export async function listAgreements(prisma: PrismaClient, retailer?: string): Promise<AgreementListing[]> {
  const rows = await prisma.agreement.findMany({
    where: retailer ? { retailer } : {},
    orderBy: [{ retailer: 'asc' }, { version: 'desc' }],
    include: { _count: { select: { acceptances: true } } },
  })
  return rows.map(({ _count, ...row }) => ({ ...row, acceptances: _count.acceptances }))
}
