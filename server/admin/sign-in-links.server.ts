// One-time sign-in links for the console, as the gates' e-mail links (server/access/
// email-links.server.ts): a 256-bit token in the link, only its SHA-256 stored, used once by one
// conditional UPDATE (two clicks at once cannot both win), 15 minutes.
import { createHash, randomBytes } from 'node:crypto'
import type { PrismaClient } from '../db/database.server.ts'

export const SIGN_IN_LINK_TTL_MS = 15 * 60_000
/** 256 random bits in base64url: checked before any query. */
export const SIGN_IN_TOKEN = /^[A-Za-z0-9_-]{43}$/
export const SIGN_IN_LINK_PATH = '/admin/sign-in/link'

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** `origin`: the site's public origin (server/http/public-origin.server.ts). */
export const signInUrl = (origin: string, token: string) =>
  `${origin}${SIGN_IN_LINK_PATH}?${new URLSearchParams({ token })}`

export async function createSignInLink(prisma: PrismaClient, adminId: string, now = new Date()) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_TTL_MS)
  await prisma.adminSignInLink.create({
    data: { tokenHash: tokenHash(token), adminId, createdAt: now, expiresAt },
  })
  return { token, expiresAt }
}

/** The link of `hash` while it still signs in: not used, not expired. */
const usableLink = (hash: string, now: Date) => ({ tokenHash: hash, usedAt: null, expiresAt: { gt: now } })

/** Whether the link would still sign in: read only, for its page. */
export async function signInLinkUsable(prisma: PrismaClient, token: string, now = new Date()) {
  return (await prisma.adminSignInLink.count({ where: usableLink(tokenHash(token), now) })) === 1
}

/** The admin's id the first time within the link's life; undefined ever after. */
export async function consumeSignInLink(prisma: PrismaClient, token: string, now = new Date()) {
  if (!SIGN_IN_TOKEN.test(token)) return undefined
  const hash = tokenHash(token)
  const { count } = await prisma.adminSignInLink.updateMany({
    where: usableLink(hash, now),
    data: { usedAt: now },
  })
  if (count !== 1) return undefined
  const link = await prisma.adminSignInLink.findUnique({
    where: { tokenHash: hash },
    select: { adminId: true },
  })
  return link?.adminId
}
