// Passkeys for the console (decision 046), with @simplewebauthn/server: an admin who signed in
// registers one, and signs in with it next time. The relying party is the origin browsers use
// (PUBLIC_ORIGIN, else SITE_URL); a site reached by an IP address has none (browsers refuse
// WebAuthn there), and the console then offers no passkey at all. Each challenge is a row used
// once by one conditional DELETE within CHALLENGE_TTL_MS, so a replayed response finds nothing.
import { isIP } from 'node:net'
import { z } from 'zod'
import { type Actor, auditedChange, recordAudit } from '../audit/audit.server.ts'
import type { PrismaClient } from '../db/database.server.ts'
import type { Env } from '../env.server.ts'
import { publicOrigin } from '../http/public-origin.server.ts'
import { signedIn } from './admin-sessions.server.ts'

// Loaded on the first passkey action, not with the server: no public page needs it (decision 064).
const webauthn = () => import('@simplewebauthn/server')

export const CHALLENGE_TTL_MS = 5 * 60_000

export interface RelyingParty {
  /** The domain passkeys are bound to. */
  id: string
  /** The only origin a response may come from. */
  origin: string
  name: string
}

/** The console's relying party, or null where passkeys cannot work (an IP-address origin). */
export function relyingParty(env: Pick<Env, 'PUBLIC_ORIGIN' | 'SITE_URL'>): RelyingParty | null {
  const url = new URL(publicOrigin(env))
  if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) return null
  return { id: url.hostname, origin: url.origin, name: 'RM5 admin console' }
}

/** A refused registration or sign-in, in words the page can show. */
export class PasskeyError extends Error {}

type Purpose = 'register' | 'sign-in'

async function storeChallenge(
  prisma: PrismaClient,
  challenge: string,
  purpose: Purpose,
  adminId: string | null,
  now: Date,
) {
  await prisma.adminWebauthnChallenge.deleteMany({ where: { expiresAt: { lt: now } } })
  await prisma.adminWebauthnChallenge.create({
    data: { challenge, purpose, adminId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) },
  })
}

/** True once per challenge handed out for this purpose (and admin), within its life. */
async function useChallenge(
  prisma: PrismaClient,
  challenge: string,
  purpose: Purpose,
  adminId: string | null,
  now: Date,
): Promise<boolean> {
  const { count } = await prisma.adminWebauthnChallenge.deleteMany({
    where: { challenge, purpose, adminId, expiresAt: { gt: now } },
  })
  return count === 1
}

// The browser's answers, checked for shape before the library reads them.
const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .max(4096)
const credential = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}).default({}),
}
const registrationResponse = z.looseObject({
  ...credential,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .max(65_536),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
})
const authenticationResponse = z.looseObject({
  ...credential,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
})

const refused = () => new PasskeyError('That passkey could not be verified. Try again, or sign in by e-mail.')

/** Verifies with the library, turning its thrown refusals (origin, challenge, signature) into ours. */
async function verified<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof PasskeyError) throw error
    throw refused()
  }
}

/**
 * What a registration's or a sign-in's answer must match: a challenge handed out for that purpose
 * (and admin), the relying party's origin and domain. User verification is preferred, not required.
 */
function expected(
  prisma: PrismaClient,
  rp: RelyingParty,
  purpose: Purpose,
  adminId: string | null,
  now: Date,
) {
  return {
    expectedChallenge: (challenge: string) => useChallenge(prisma, challenge, purpose, adminId, now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }
}

const uuidBytes = (uuid: string) => new Uint8Array(Buffer.from(uuid.replaceAll('-', ''), 'hex'))

export async function registrationOptions(
  prisma: PrismaClient,
  rp: RelyingParty,
  admin: { adminId: string; email: string },
  now = new Date(),
) {
  const existing = await prisma.adminPasskey.findMany({
    where: { adminId: admin.adminId },
    select: { id: true, transports: true },
  })
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: admin.email,
    userID: uuidBytes(admin.adminId),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
    // Discoverable, so sign-in needs no e-mail first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_TTL_MS,
  })
  await storeChallenge(prisma, options.challenge, 'register', admin.adminId, now)
  return options
}

export async function registerPasskey(
  prisma: PrismaClient,
  rp: RelyingParty,
  actor: Actor,
  adminId: string,
  body: unknown,
  now = new Date(),
): Promise<{ id: string }> {
  const parsed = registrationResponse.safeParse(body)
  if (!parsed.success) throw refused()
  const result = await verified(async () =>
    (await webauthn()).verifyRegistrationResponse({
      response: parsed.data as never,
      ...expected(prisma, rp, 'register', adminId, now),
    }),
  )
  if (!result.verified) throw refused()
  const { credential } = result.registrationInfo
  if (await prisma.adminPasskey.findUnique({ where: { id: credential.id } })) {
    throw new PasskeyError('This passkey is registered already.')
  }
  await prisma.$transaction(async (tx) => {
    await tx.adminPasskey.create({
      data: {
        id: credential.id,
        adminId,
        publicKey: new Uint8Array(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        createdAt: now,
      },
    })
    await recordAudit(
      tx,
      actor,
      { action: 'passkey.register', target: actor.label, details: { passkey: credential.id.slice(0, 12) } },
      now,
    )
  })
  return { id: credential.id }
}

export async function signInOptions(prisma: PrismaClient, rp: RelyingParty, now = new Date()) {
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  })
  await storeChallenge(prisma, options.challenge, 'sign-in', null, now)
  return options
}

/** Verifies a passkey's answer and opens a session: the session's token. */
export async function signInWithPasskey(
  prisma: PrismaClient,
  rp: RelyingParty,
  body: unknown,
  clientHash: string,
  now = new Date(),
): Promise<string> {
  const parsed = authenticationResponse.safeParse(body)
  if (!parsed.success) throw refused()
  const passkey = await prisma.adminPasskey.findUnique({
    where: { id: parsed.data.id },
    include: { admin: true },
  })
  if (!passkey) throw refused()
  const result = await verified(async () =>
    (await webauthn()).verifyAuthenticationResponse({
      response: parsed.data as never,
      ...expected(prisma, rp, 'sign-in', null, now),
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: Number(passkey.counter),
        transports: passkey.transports as never,
      },
    }),
  )
  if (!result.verified) throw refused()
  await prisma.adminPasskey.update({
    where: { id: passkey.id },
    data: { counter: BigInt(result.authenticationInfo.newCounter), lastUsedAt: now },
  })
  return signedIn(prisma, passkey.admin, 'passkey', clientHash, now, { passkey: passkey.id.slice(0, 12) })
}

export interface PasskeyRow {
  id: string
  createdAt: Date
  lastUsedAt: Date | null
}

export function listPasskeys(prisma: PrismaClient, adminId: string): Promise<PasskeyRow[]> {
  return prisma.adminPasskey.findMany({
    where: { adminId },
    orderBy: { createdAt: 'asc' },
    select: { id: true, createdAt: true, lastUsedAt: true },
  })
}

/** Removes one of the admin's own passkeys; false when they have none by that id. */
export async function removePasskey(
  prisma: PrismaClient,
  actor: Actor,
  adminId: string,
  id: string,
  now = new Date(),
): Promise<boolean> {
  return auditedChange(
    prisma,
    actor,
    now,
    async (tx) => (await tx.adminPasskey.deleteMany({ where: { id, adminId } })).count === 1,
    (removed) =>
      removed
        ? { action: 'passkey.remove', target: actor.label, details: { passkey: id.slice(0, 12) } }
        : null,
  )
}
