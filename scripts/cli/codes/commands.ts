// What each `rm5 codes` command does, given an open database. Output goes through `print`
// (one line per call) so the commands stay easy to read and to test.

import { describeExpiry } from '../../../lib/code-expiry.ts'
import type { PartnerSlug } from '../../../lib/partners.ts'
import { countAttemptsByOutcome, listAttempts } from '../../../server/access/attempts.server.ts'
import {
  CodeRuleError,
  createAccessCode,
  type NewCodeOptions,
  revokeAccessCodes,
} from '../../../server/access/code-admin.server.ts'
import { normalizeCode } from '../../../server/access/code-forms.server.ts'
import { codeIdsStartingWith, listCodes } from '../../../server/access/codes.server.ts'
import { CODE_CACHE_MS } from '../../../server/access/grants.server.ts'
import { cliActor } from '../../../server/audit/audit.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { CliError } from '../../lib/cli-error.ts'
import { refuseUnknownFilter } from '../../lib/partner-args.ts'
import { describeEmailRule } from './allow-domains.ts'
import { codeStrength, STRENGTH_RULE } from './code-strength.ts'
import { table, utc } from './table.ts'

export const MAX_CODE_LENGTH = 256

export interface Io {
  print(line?: string): void
  now(): Date
}

/** The service's options, with the retailer as the CLI has checked it and the output form. */
export interface AddOptions extends Omit<NewCodeOptions, 'code'> {
  retailer: PartnerSlug
  json: boolean
}

export function checkCodeShape(code: string): string {
  const normalized = normalizeCode(code)
  if (normalized.length > MAX_CODE_LENGTH) {
    throw new CliError(`the code must be at most ${MAX_CODE_LENGTH} characters long`, 2)
  }
  if (!codeStrength(normalized).ok) {
    throw new CliError(
      `that code is too easy to guess. Choose ${STRENGTH_RULE}, or let \`rm5 codes generate\` make one.`,
      2,
    )
  }
  return normalized
}

/** `set` (the admin's code) and `generate` (a random one, shown once): the service's rules. */
export async function addCode(
  prisma: PrismaClient,
  io: Io,
  options: AddOptions & { code?: string },
): Promise<void> {
  // set's code was checked with checkCodeShape before the database was opened.
  const { created, revoked, partner, code } = await createAccessCode(
    prisma,
    cliActor(),
    options,
    io.now(),
  ).catch((error) => {
    throw error instanceof CodeRuleError ? new CliError(error.message, error.usage ? 2 : 1) : error
  })
  const generated = code !== undefined
  if (options.json) {
    io.print(JSON.stringify({ ...created, ...(generated ? { code } : {}), revokedIds: revoked }))
    return
  }
  io.print(`Added an access code for ${partner.name} (/${options.retailer}).`)
  io.print(`  id:       ${created.id}`)
  if (generated) io.print(`  code:     ${code}`)
  io.print(`  label:    ${created.label ?? '-'}`)
  io.print(`  expires:  ${created.expiresAt ? describeExpiry(created.expiresAt, utc) : 'never'}`)
  if (created.notify) io.print('  notify:   its first opening each day sends access.granted')
  if (created.requireEmail) {
    io.print(
      `  e-mail:   required (${describeEmailRule(true, created.allowDomains)}); a one-time link is sent`,
    )
  }
  if (revoked.length) io.print(`Revoked ${revoked.length} earlier code(s): ${revoked.join(', ')}`)
  if (generated) {
    io.print('')
    io.print('This is the only time the code is shown: only its hash is stored. Pass it on securely.')
  }
}

export async function printCodes(
  prisma: PrismaClient,
  io: Io,
  options: { retailer?: string; json: boolean },
) {
  const rows = await listCodes(prisma, options.retailer)
  await refuseUnknownFilter(prisma, options.retailer, rows.length)
  if (options.json) {
    io.print(JSON.stringify(rows))
    return
  }
  if (rows.length === 0) {
    io.print(
      options.retailer
        ? `No access codes for ${options.retailer}.`
        : 'No access codes yet. Create one with `rm5 codes generate <retailer>`.',
    )
    return
  }
  const now = io.now()
  io.print(
    table(
      [
        { header: 'ID', value: (r) => r.id },
        { header: 'RETAILER', value: (r) => r.retailer },
        { header: 'LABEL', value: (r) => r.label ?? '-' },
        { header: 'CREATED', value: (r) => utc(r.createdAt) },
        {
          header: 'EXPIRES',
          value: (r) =>
            !r.expiresAt
              ? 'never'
              : r.expiresAt.getTime() <= now.getTime()
                ? `${describeExpiry(r.expiresAt, utc)} (expired)`
                : describeExpiry(r.expiresAt, utc),
        },
        { header: 'REVOKED', value: (r) => utc(r.revokedAt) },
        { header: 'LAST USED', value: (r) => utc(r.lastUsedAt, 'never') },
        { header: 'USES', value: (r) => String(r.useCount) },
        { header: 'E-MAIL', value: (r) => describeEmailRule(r.requireEmail, r.allowDomains) },
      ],
      rows,
    ),
  )
  const active = rows.filter(
    (r) => !r.revokedAt && (!r.expiresAt || r.expiresAt.getTime() > now.getTime()),
  ).length
  io.print('')
  io.print(`${rows.length} code(s), ${active} active. Times are UTC.`)
}

export async function revoke(
  prisma: PrismaClient,
  io: Io,
  target: { id: string } | { retailer: PartnerSlug },
  json: boolean,
): Promise<void> {
  const now = io.now()
  let where: { id: string } | { retailer: string }
  if ('id' in target) {
    where = { id: await resolveId(prisma, target.id) }
  } else {
    where = { retailer: target.retailer }
  }
  const revoked = await revokeAccessCodes(prisma, cliActor(), where, now)
  if (json) {
    io.print(JSON.stringify({ revokedIds: revoked }))
    return
  }
  if (revoked.length === 0) {
    io.print(
      'id' in where ? `Code ${where.id} was already revoked.` : `No active codes for ${where.retailer}.`,
    )
    return
  }
  for (const id of revoked) io.print(`Revoked ${id}`)
  io.print(
    `Sessions granted with ${revoked.length === 1 ? 'it' : 'them'} end within ${CODE_CACHE_MS / 1000} seconds.`,
  )
}

/** A full id, or a prefix of at least 8 characters that names exactly one code. */
export async function resolveId(prisma: PrismaClient, given: string): Promise<string> {
  const wanted = given.trim().toLowerCase()
  if (!/^[0-9a-f-]{8,36}$/.test(wanted)) {
    throw new CliError(`"${given}" is not a code id (see \`rm5 codes list\`)`, 2)
  }
  const matches = await codeIdsStartingWith(prisma, wanted)
  if (matches.length === 0) throw new CliError(`no access code with id ${given}`)
  if (matches.length > 1)
    throw new CliError(`"${given}" matches ${matches.length} codes: give more of the id`)
  return matches[0] as string
}

export async function printAttempts(
  prisma: PrismaClient,
  io: Io,
  options: { retailer?: string; since?: Date; limit: number; json: boolean },
): Promise<void> {
  const [rows, totals] = await Promise.all([
    listAttempts(prisma, options),
    countAttemptsByOutcome(prisma, options),
  ])
  await refuseUnknownFilter(prisma, options.retailer, rows.length)
  if (options.json) {
    io.print(JSON.stringify({ totals, attempts: rows.map((row) => ({ ...row, id: String(row.id) })) }))
    return
  }
  const scope = `${options.retailer ? ` for ${options.retailer}` : ''}${options.since ? ` since ${utc(options.since)}` : ''}`
  if (rows.length === 0) {
    io.print(`No access attempts${scope}.`)
    return
  }
  io.print(
    table(
      [
        { header: 'TIME', value: (r) => utc(r.createdAt) },
        { header: 'RETAILER', value: (r) => r.retailer },
        { header: 'OUTCOME', value: (r) => r.outcome },
        // Refused requests are tallied: one row for several attempts from one client.
        { header: 'COUNT', value: (r) => String(r.count) },
        { header: 'IP (HASHED)', value: (r) => r.ipHash.slice(0, 12) },
      ],
      rows,
    ),
  )
  const total = Object.values(totals).reduce((sum, n) => sum + n, 0)
  io.print('')
  io.print(
    `${total} attempt(s)${scope}: ${totals.granted} granted, ${totals.denied} denied, ` +
      `${totals.rate_limited} rate limited, ${totals.busy} refused while busy, ${totals.error} failed.` +
      (rows.length === options.limit
        ? ` Showing the newest ${rows.length} row(s); use --limit for more.`
        : ''),
  )
}
