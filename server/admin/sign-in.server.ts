// Signing in to the console: issuing one-time links (by e-mail from the sign-in page, printed by
// `rm5 admins link`) and turning a used link into a session. The e-mail goes through the gates'
// mail path (createMailer); its text names nothing but the link and its life.
import type { Mail } from '../access/email-link-mail.server.ts'
import { type Actor, recordAudit } from '../audit/audit.server.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { signedIn } from './admin-sessions.server.ts'
import { findAdmin } from './admins.server.ts'
import {
  consumeSignInLink,
  createSignInLink,
  SIGN_IN_LINK_TTL_MS,
  signInUrl,
} from './sign-in-links.server.ts'

/** A link for the admin with this address, or null when there is none (the caller says the same either way). */
export async function issueSignInLink(
  prisma: PrismaClient,
  actor: Actor | null,
  /** The site's public origin (server/http/public-origin.server.ts). */
  origin: string,
  email: string,
  now = new Date(),
) {
  const admin = await findAdmin(prisma, email)
  if (!admin) return null
  const { token, expiresAt } = await createSignInLink(prisma, admin.id, now)
  // A printed link is a change worth recording (who let whom in); an e-mailed one is the admin's own.
  if (actor) await recordAudit(prisma, actor, { action: 'admin.link', target: admin.email }, now)
  return { url: signInUrl(origin, token), expiresAt, email: admin.email }
}

export function signInMail(to: string, url: string): Mail {
  return {
    to,
    subject: 'Your sign-in link to the admin console',
    text: [
      'Sign in to the admin console with this link:',
      '',
      url,
      '',
      `It works once, within ${SIGN_IN_LINK_TTL_MS / 60_000} minutes.`,
      '',
      'You get this e-mail because someone asked for a sign-in link with this address. If that was',
      'not you, ignore it: nothing opens without the link.',
    ].join('\n'),
  }
}

/** Uses a link and opens a session: the session's token, or undefined for a used or expired link. */
export async function signInWithLink(
  prisma: PrismaClient,
  token: string,
  clientHash: string,
  now = new Date(),
) {
  const adminId = await consumeSignInLink(prisma, token, now)
  if (!adminId) return undefined
  const admin = await prisma.admin.findUnique({ where: { id: adminId } })
  if (!admin) return undefined
  return signedIn(prisma, admin, 'link', clientHash, now)
}
