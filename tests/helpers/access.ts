// Helpers for the access tests: real argon2 with a counter, a movable clock, seeded codes and
// verify calls through app.inject.

import { randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { grantCookieName } from '../../lib/access.ts'
import type { PartnerSlug } from '../../lib/partners.ts'
import { insertCode } from '../../server/access/codes.server.ts'
import { argon2Hasher, type CodeHasher } from '../../server/access/hasher.server.ts'
import { issueGrant } from '../../server/access/sessions.server.ts'
import type { Database } from '../../server/db/database.server.ts'
import { freshIp } from './submissions.ts'

/** The real argon2 hasher, counting how many verifications it ran. */
export function countingHasher(): CodeHasher & { verifications: number } {
  const counted = {
    verifications: 0,
    hash: argon2Hasher.hash,
    async verify(hash: string, code: string) {
      counted.verifications += 1
      return argon2Hasher.verify(hash, code)
    },
  }
  return counted
}

export function testClock(start = new Date('2026-06-01T09:00:00Z')) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
  }
}

/** A unique prefix for rate-limit keys, so test files never share counters (also in Redis). */
export const limitPrefix = () => `test-${randomBytes(6).toString('hex')}:`

export async function seedCode(
  db: Database,
  retailer: PartnerSlug,
  code: string,
  extra: { expiresAt?: Date; revokedAt?: Date; label?: string } = {},
): Promise<string> {
  const row = await insertCode(db.prisma, {
    retailer,
    codeHash: await argon2Hasher.hash(code),
    label: extra.label,
    expiresAt: extra.expiresAt,
  })
  if (extra.revokedAt) {
    await db.prisma.accessCode.update({ where: { id: row.id }, data: { revokedAt: extra.revokedAt } })
  }
  return row.id
}

/**
 * A grant as the server issues one: a session row opened at `issuedAt` (so its lifetime can be
 * tested from any moment) and the signed cookie value naming it.
 */
export async function issueTestGrant(
  app: FastifyInstance,
  grant: { retailer: PartnerSlug; codeId: string | null; issuedAt: Date; email?: string | null },
): Promise<string> {
  const { issuedAt, ...rest } = grant
  return issueGrant(app.access.db.prisma, app.access.keys.cookie, rest, issuedAt)
}

/** `issueTestGrant` as the cookie a browser sends back: `<retailer>-access=<value>`. */
export async function testGrantCookie(
  app: FastifyInstance,
  grant: Parameters<typeof issueTestGrant>[1],
): Promise<string> {
  return `${grantCookieName(grant.retailer)}=${await issueTestGrant(app, grant)}`
}

/** The retailers whose grants a Cookie header opens now, as the server reads them. */
export async function grantedRetailers(app: FastifyInstance, cookie: string | undefined): Promise<string[]> {
  return (await app.access.grants.grantsFor(cookie)).map((grant) => grant.retailer)
}

export function verify(
  app: FastifyInstance,
  body: Record<string, unknown>,
  options: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/access/verify', payload: body, ...options })
}

/** `verify` from a client address of its own, so the per-address limit never counts across tests. */
export function verifyFresh(
  app: FastifyInstance,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return verify(app, body, { remoteAddress: freshIp() })
}

/** A plain HTML form post, as a browser without JavaScript sends it. */
export function verifyForm(
  app: FastifyInstance,
  fields: Record<string, string>,
  options: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  const { headers, ...rest } = options
  return app.inject({
    method: 'POST',
    url: '/api/access/verify',
    payload: new URLSearchParams(fields).toString(),
    ...rest,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  })
}

/** `verifyForm` from a client address of its own. */
export function verifyFormFresh(
  app: FastifyInstance,
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return verifyForm(app, fields, { remoteAddress: freshIp() })
}

/** "name=value" of the grant cookie a response set, for the next request's Cookie header. */
export function grantCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie']
  const first = Array.isArray(header) ? header[0] : header
  if (!first) throw new Error(`no Set-Cookie in the response (status ${response.statusCode})`)
  return first.split(';', 1)[0] as string
}
