// Console sessions, kept on the server: the cookie holds a random token, the table its SHA-256.
// A session ends after SESSION_IDLE_MS without a request, after its maximum age from sign-in
// (ADMIN_SESSION_MAX_DAYS: a stolen cookie kept busy still dies), or on sign-out; removing an admin
// removes their sessions. lastSeenAt is written at most once a minute per session.
import { randomBytes } from 'node:crypto'
import { type AdminRole, isAdminRole } from '../../lib/admin/roles.ts'
import { recordAudit } from '../audit/audit.server.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { SIGN_IN_TOKEN, tokenHash } from './sign-in-links.server.ts'

export const SESSION_IDLE_MS = 12 * 60 * 60_000
const TOUCH_EVERY_MS = 60_000

export interface AdminSession {
  id: string
  adminId: string
  email: string
  role: AdminRole
  /** The token's hash: what the CSRF token is derived from. */
  tokenHash: string
}

/** How an admin proved who they are: a one-time link, a passkey, or single sign-on. */
export type SignInMethod = 'link' | 'passkey' | 'oidc'

export async function openSession(
  prisma: PrismaClient,
  adminId: string,
  method: SignInMethod,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await prisma.adminSession.create({
    data: { tokenHash: tokenHash(token), adminId, method, createdAt: now, lastSeenAt: now },
  })
  return token
}

/** Opens the session of an admin who signed in, recorded as `session.sign-in` with the method. */
export async function signedIn(
  prisma: PrismaClient,
  admin: { id: string; email: string },
  method: SignInMethod,
  clientHash: string,
  now = new Date(),
  details: Record<string, string> = {},
): Promise<string> {
  const token = await openSession(prisma, admin.id, method, now)
  await recordAudit(
    prisma,
    { label: admin.email, clientHash },
    { action: 'session.sign-in', details: { method, ...details } },
    now,
  )
  return token
}

/** The maximum age of a session from its sign-in, in ms (ADMIN_SESSION_MAX_DAYS). */
export const sessionMaxAgeMs = (days: number) => days * 24 * 60 * 60_000

export async function readSession(
  prisma: PrismaClient,
  token: string | undefined,
  maxAgeMs: number,
  now = new Date(),
): Promise<AdminSession | undefined> {
  if (!token || !SIGN_IN_TOKEN.test(token)) return undefined
  const hash = tokenHash(token)
  const row = await prisma.adminSession.findUnique({ where: { tokenHash: hash }, include: { admin: true } })
  if (!row) return undefined
  const idle = now.getTime() - row.lastSeenAt.getTime()
  if (idle > SESSION_IDLE_MS || now.getTime() - row.createdAt.getTime() > maxAgeMs) {
    await prisma.adminSession.deleteMany({ where: { id: row.id } })
    return undefined
  }
  if (idle > TOUCH_EVERY_MS) {
    await prisma.adminSession.updateMany({ where: { id: row.id }, data: { lastSeenAt: now } })
  }
  const role = row.admin.role
  if (!isAdminRole(role)) return undefined
  return { id: row.id, adminId: row.adminId, email: row.admin.email, role, tokenHash: hash }
}

export async function endSession(prisma: PrismaClient, token: string | undefined): Promise<void> {
  if (!token || !SIGN_IN_TOKEN.test(token)) return
  await prisma.adminSession.deleteMany({ where: { tokenHash: tokenHash(token) } })
}
