// Wires server-enforced access (docs/architecture.md: Access, Limits) into the app: keys, code checks, grant reading.
// The routes (routes.server.ts) and the page guards (through pageContextFor) use `app.access`.

import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PartnerSlug } from '../../lib/partners.ts'
import type { Database } from '../db/database.server.ts'
import { viewersOf } from '../documents/audience.server.ts'
import type { Env } from '../env.server.ts'
import { NO_ACCESS, type PageAccess } from '../vike/page-access.server.ts'
import type { AttemptTally } from './attempt-tally.server.ts'
import { type CodeChecker, createCodeChecker } from './check-code.server.ts'
import { countActiveCodes } from './codes.server.ts'
import { DocketActivity } from './docket-activity.server.ts'
import { mailLinksProblem } from './email-link-mail.server.ts'
import { createGrantReader, type GrantReader, type VerifiedGrant } from './grants.server.ts'
import type { HashCeiling } from './hash-ceiling.server.ts'
import { argon2Hasher, type CodeHasher } from './hasher.server.ts'
import type { VERIFY_LIMITS } from './limits.server.ts'
import { type AccessKeys, loadAccessKeys } from './secret.server.ts'

/** Seams for tests; production uses the defaults. */
export interface AccessOptions {
  /** Clock for grant ages, code expiry and attempt times. */
  now?: () => Date
  hasher?: CodeHasher
  /** Prefix for rate-limit keys, so parallel tests sharing one Redis keep separate counters. */
  rateLimitPrefix?: string
  limits?: typeof VERIFY_LIMITS
  hashCeiling?: HashCeiling
  codeCacheMs?: number
  /** How long docket openings wait before they are written. */
  activityFlushMs?: number
}

export interface Access {
  env: Env
  db: Database
  keys: AccessKeys
  now: () => Date
  codes: CodeChecker
  grants: GrantReader
  options: AccessOptions
  /** Refused verify attempts waiting to be written (set by the routes). */
  refusedAttempts?: AttemptTally
  /** Openings of guarded pages waiting to be written. */
  activity: DocketActivity
}

export async function registerAccess(
  app: FastifyInstance,
  deps: { env: Env; db: Database; options?: AccessOptions },
): Promise<Access> {
  const options = deps.options ?? {}
  const now = options.now ?? (() => new Date())
  const keys = await loadAccessKeys(deps.env, app.log)
  const access: Access = {
    env: deps.env,
    db: deps.db,
    keys,
    now,
    codes: createCodeChecker(deps.db.prisma, options.hasher ?? argon2Hasher, app.log),
    grants: createGrantReader({
      prisma: deps.db.prisma,
      key: keys.cookie,
      now,
      log: app.log,
      partners: app.partners,
      cacheMs: options.codeCacheMs,
    }),
    options,
    activity: new DocketActivity(deps.db.prisma, app.outbox, app.log, {
      notifyWalmart: deps.env.NOTIFY_WALMART_OPENINGS,
      ipKey: keys.ip,
      flushMs: options.activityFlushMs,
    }),
  }
  app.decorate('access', access)
  app.addHook('onClose', () => access.activity.flush())
  app.addHook('onReady', async () => {
    await access.codes.warm()
    await logSetupHint(app, access)
    await warnIfCodesNeedMail(app, access)
  })
  return access
}

// The grant reader hands out one array per remembered Cookie header: its gates are listed once.
const gatesOf = new WeakMap<readonly VerifiedGrant[], readonly PartnerSlug[]>()
function retailersOf(grants: readonly VerifiedGrant[]): readonly PartnerSlug[] {
  let gates = gatesOf.get(grants)
  if (!gates) {
    gates = grants.map((grant) => grant.retailer)
    gatesOf.set(grants, gates)
  }
  return gates
}

/**
 * Extra pageContextInit for Vike: the verified grants, for +guard hooks, and how a guard that lets
 * the request in records which of them opened the page. Synchronous when the grant reader already
 * knows the answer (no grant cookie, or a remembered one), so a kept page waits for nothing.
 */
export function accessPageContext(
  app: FastifyInstance,
  request: FastifyRequest,
): PageAccess | Promise<PageAccess> {
  const { grants } = app.access
  const known = grants.knownGrantsFor(request.headers.cookie)
  if (known) return pageAccess(app.access, request, known)
  return grants.grantsFor(request.headers.cookie).then((found) => pageAccess(app.access, request, found))
}

function pageAccess(access: Access, request: FastifyRequest, grants: readonly VerifiedGrant[]): PageAccess {
  if (grants.length === 0) return NO_ACCESS
  return {
    accessGrants: retailersOf(grants),
    accessCodes: viewersOf(grants).codeIds,
    accessViewers: grants,
    recordOpening(retailers) {
      const at = access.now()
      const query = request.url.indexOf('?')
      const page = query === -1 ? request.url : request.url.slice(0, query)
      // The address is hashed when the batch is written (docket-activity.server.ts).
      for (const grant of grants) {
        if (retailers.includes(grant.retailer)) access.activity.add({ grant, page, ip: request.ip, at })
      }
    },
  }
}

/** Codes that require an e-mail open only through a mailed link: say so at start when mail is off. */
async function warnIfCodesNeedMail(app: FastifyInstance, access: Access) {
  const problem = mailLinksProblem(access.env)
  if (!problem) return
  const now = access.now()
  const waiting = await access.db.prisma.accessCode
    .count({
      where: { requireEmail: true, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    })
    .catch(() => 0)
  if (waiting === 0) return
  app.log.warn(
    `${waiting} active access code(s) require an e-mail, but this server cannot send mail: their gates ` +
      `stop at "cannot send links". To send them, ${problem}; ` +
      'or turn the step off with `rm5 codes require-email <id> --off`.',
  )
}

async function logSetupHint(app: FastifyInstance, access: Access) {
  const active = await countActiveCodes(access.db.prisma, access.now()).catch((error) => {
    app.log.debug({ err: error }, 'could not count access codes (database not migrated yet?)')
    return null
  })
  if (active !== 0) return
  const gates = app.partners
    .list()
    .filter((partner) => !partner.open)
    .map((partner) => `/${partner.slug}`)
  if (gates.length === 0) return
  app.log.info(
    `No active access codes: the gates ${gates.join(', ')} refuse every code. Create one with ` +
      `\`rm5 codes generate ${gates[0]?.slice(1)}\` (prints a new code) or \`rm5 codes set <partner> --code <code>\`; ` +
      'see `rm5 codes --help`.',
  )
}

declare module 'fastify' {
  interface FastifyInstance {
    access: Access
  }
}
