// Adding, changing and revoking access codes: the rules `rm5 codes generate|set|revoke|
// require-email|deny` and the console's codes page share (one service), each change written to the
// audit log in the same transaction.

import { utcMinute } from '../../lib/utc-day.ts'
import { type Actor, recordAudit } from '../audit/audit.server.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { PartnerRejected, requirePartner } from '../partners/partner-store.server.ts'
import { activeCodeHashes, insertCode, revokeCodes } from './codes.server.ts'
import { generateCode } from './generate-code.server.ts'
import { argon2Hasher } from './hasher.server.ts'
import { endSessions } from './sessions.server.ts'

/** A code the rules refuse; `usage`: the request itself is wrong (the CLI's exit 2). */
export class CodeRuleError extends Error {
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message)
    this.name = 'CodeRuleError'
  }
}

export interface NewCodeOptions {
  retailer: string
  /** The admin's own code (checked for strength by the caller); a random one when absent. */
  code?: string
  label?: string
  expiresAt?: Date
  /** Revoke the retailer's other active codes in the same transaction. */
  replace: boolean
  notify?: boolean
  /** The gate also asks for a work e-mail and sends a one-time link (only to allowDomains, if any). */
  requireEmail?: boolean
  allowDomains?: string[]
}

// Generous waits: the embedded Postgres serves one transaction at a time, and the server may be
// busy with its own.
const TRANSACTION = { maxWait: 15_000, timeout: 30_000 }

export async function createAccessCode(
  prisma: PrismaClient,
  actor: Actor,
  options: NewCodeOptions,
  now = new Date(),
) {
  const generated = options.code === undefined
  const code = options.code ?? generateCode()
  // The partner must exist and its gate take codes (an open gate's code would open nothing).
  const partner = await requirePartner(prisma, options.retailer, 'code').catch((error) => {
    throw error instanceof PartnerRejected ? new CodeRuleError(error.message) : error
  })
  if (options.expiresAt && options.expiresAt.getTime() <= now.getTime()) {
    // A day given alone ends at the next midnight, which is the time shown.
    throw new CodeRuleError(
      `--expires is in the past: it would end ${utcMinute(options.expiresAt)} UTC`,
      true,
    )
  }
  if (!generated && !options.replace) {
    // Two rows for one code would make `revoke <id>` leave the code working through the other.
    for (const active of await activeCodeHashes(prisma, options.retailer, now)) {
      if (await argon2Hasher.verify(active.codeHash, code)) {
        throw new CodeRuleError(`that code is already active for ${options.retailer} (id ${active.id})`)
      }
    }
  }
  const row = {
    retailer: options.retailer,
    codeHash: await argon2Hasher.hash(code),
    label: options.label ?? null,
    expiresAt: options.expiresAt ?? null,
    notify: options.notify ?? false,
    requireEmail: options.requireEmail ?? false,
    allowDomains: options.requireEmail ? (options.allowDomains ?? []) : [],
  }
  // --replace swaps codes in one transaction, so the gate is never without a working code.
  const { created, revoked } = await prisma.$transaction(async (tx) => {
    const revoked = options.replace ? await revokeCodes(tx, { retailer: options.retailer }, now) : []
    const created = await insertCode(tx, row)
    await recordAudit(
      tx,
      actor,
      {
        action: generated ? 'code.generate' : 'code.set',
        target: created.id,
        details: {
          retailer: created.retailer,
          label: created.label,
          expiresAt: created.expiresAt?.toISOString() ?? null,
          requireEmail: created.requireEmail,
          allowDomains: created.allowDomains,
          revoked,
        },
      },
      now,
    )
    return { created, revoked }
  }, TRANSACTION)
  return { created, revoked, partner, code: generated ? code : undefined }
}

/**
 * Revokes one code or every active code of a retailer; returns the ids it revoked (none when the
 * code was revoked already). A code named by an id that does not exist is refused.
 */
export async function revokeAccessCodes(
  prisma: PrismaClient,
  actor: Actor,
  where: { id: string } | { retailer: string },
  now = new Date(),
): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    if ('id' in where) {
      const found = await tx.accessCode.findUnique({ where: { id: where.id }, select: { id: true } })
      if (!found) throw new CodeRuleError(`no access code with id ${where.id}`)
    }
    const revoked = await revokeCodes(tx, where, now)
    for (const id of revoked) {
      await recordAudit(tx, actor, { action: 'code.revoke', target: id }, now)
    }
    return revoked
  }, TRANSACTION)
}

/**
 * Turns a code's e-mail step on (with the domains it admits; empty: any) or off. Its existing
 * sessions follow at once: the grant reader checks them against the code as it is now.
 */
export async function setCodeEmailRule(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  rule: { requireEmail: boolean; allowDomains: string[] },
  now = new Date(),
) {
  const allowDomains = rule.requireEmail ? rule.allowDomains : []
  return prisma.$transaction(async (tx) => {
    const found = await tx.accessCode.findUnique({ where: { id }, select: { id: true } })
    if (!found) throw new CodeRuleError(`no access code with id ${id}`)
    const updated = await tx.accessCode.update({
      where: { id },
      data: { requireEmail: rule.requireEmail, allowDomains },
      select: { id: true, requireEmail: true, allowDomains: true },
    })
    await recordAudit(
      tx,
      actor,
      {
        action: 'code.require-email',
        target: id,
        details: { requireEmail: rule.requireEmail, allowDomains },
      },
      now,
    )
    return updated
  }, TRANSACTION)
}

/** Why a denial is refused on a code that asks for no e-mail (it would keep no one out). */
export const DENIAL_NEEDS_EMAIL_STEP =
  'This code asks for no e-mail, so denying an address would keep no one out: anyone holding the code gets in. Turn on its e-mail step first, or revoke the code.'

/**
 * Stops a code admitting one address (`lift`: admits it again): no link is sent to it, a link
 * already sent no longer opens, and its live sessions from this code end. Returns the sessions
 * ended and whether anything changed: an address denied already, or admitted again while never
 * denied, changes nothing and is not audited. A denial on a code without the e-mail step is refused.
 */
export async function denyCodeEmail(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  email: string,
  options: { lift?: boolean } = {},
  now = new Date(),
): Promise<{ ended: number; deniedEmails: string[]; changed: boolean }> {
  const address = email.trim().toLowerCase()
  return prisma.$transaction(async (tx) => {
    const code = await tx.accessCode.findUnique({
      where: { id },
      select: { deniedEmails: true, requireEmail: true },
    })
    if (!code) throw new CodeRuleError(`no access code with id ${id}`)
    // Without the e-mail step nobody is asked for an address: a denial would look done and keep
    // no one out.
    if (!options.lift && !code.requireEmail) throw new CodeRuleError(DENIAL_NEEDS_EMAIL_STEP)
    const wasDenied = code.deniedEmails.includes(address)
    if (wasDenied !== Boolean(options.lift)) {
      return { ended: 0, deniedEmails: code.deniedEmails, changed: false }
    }
    const others = code.deniedEmails.filter((denied) => denied !== address)
    const deniedEmails = options.lift ? others : [...others, address]
    await tx.accessCode.update({ where: { id }, data: { deniedEmails } })
    // Ended, not only refused: lifting the denial later lets them sign in again, never reopens these.
    const ended = options.lift ? 0 : await endSessions(tx, { email: address, codeId: id }, 'denied', now)
    await recordAudit(
      tx,
      actor,
      {
        action: options.lift ? 'code.allow-email' : 'code.deny-email',
        target: id,
        details: { email: address, ended },
      },
      now,
    )
    return { ended, deniedEmails, changed: true }
  }, TRANSACTION)
}
