// One-time sign-in links for codes that require a work e-mail (decision 031): a
// 256-bit token goes into the link; only its SHA-256 is stored, so a database dump opens nothing.
// A link works once (the use is one conditional UPDATE, so two clicks at once cannot both win)
// and expires after EMAIL_LINK_TTL_MS.
import { createHash, randomBytes } from 'node:crypto'
import { EMAIL_LINK_TOKEN } from '../../lib/access.ts'
import type { PrismaClient } from '../db/database.server.ts'

export const EMAIL_LINK_TTL_MS = 15 * 60_000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export { EMAIL_LINK_TOKEN }

/** Stores a link for `email` on code `codeId`; returns the token to put in the e-mailed URL. */
export async function createEmailLink(
  prisma: PrismaClient,
  codeId: string,
  email: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + EMAIL_LINK_TTL_MS)
  await prisma.emailLink.create({
    data: { tokenHash: hashToken(token), codeId, email, expiresAt, createdAt: now },
  })
  return { token, expiresAt }
}

/** Uses a link: its code and e-mail the first time within its life, undefined ever after. */
export async function useEmailLink(
  prisma: PrismaClient,
  token: string,
  now = new Date(),
): Promise<{ codeId: string; email: string } | undefined> {
  if (!EMAIL_LINK_TOKEN.test(token)) return undefined
  const tokenHash = hashToken(token)
  const { count } = await prisma.emailLink.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  })
  if (count !== 1) return undefined
  const link = await prisma.emailLink.findUnique({
    where: { tokenHash },
    select: { codeId: true, email: true },
  })
  return link ?? undefined
}

/**
 * Whether `email` may receive a link for a code with these `allowDomains` (empty: any domain).
 * The caller answers the same either way, so nobody learns which addresses are allowed.
 */
export function emailAllowed(email: string, allowDomains: readonly string[]): boolean {
  if (allowDomains.length === 0) return true
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
  return allowDomains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`))
}
