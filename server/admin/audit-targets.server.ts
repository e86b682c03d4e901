// What an audit entry points at, in words: its target is an id or a slug as stored (the CSV keeps
// it so), and the console's audit log names it instead: a code by its label and gate, a document by
// its title, a partner or an agreement by the partner's name. Addresses (admins, viewers) name
// themselves. A row since deleted keeps its short id.

import type { AuditRow } from '../audit/audit.server.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { documentTitles } from '../documents/document-titles.server.ts'

type Family = 'code' | 'document' | 'partner' | 'session'
const FAMILIES: Record<string, Family> = {
  code: 'code',
  document: 'document',
  partner: 'partner',
  agreement: 'partner',
  viewer: 'session',
}

const familyOf = (row: AuditRow): Family | undefined => {
  if (row.action === 'viewer.revoke-session') return 'session'
  const family = FAMILIES[row.action.split('.', 1)[0] ?? '']
  return family === 'session' ? undefined : family
}

const targetsOf = (rows: readonly AuditRow[], family: Family) => [
  ...new Set(rows.filter((row) => row.target && familyOf(row) === family).map((row) => row.target as string)),
]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Each entry's target named (keyed by the entry's id), for the rows whose target names a row;
 * `nameOf` gives a partner's name from its slug.
 */
export async function auditTargetNames(
  prisma: PrismaClient,
  rows: readonly AuditRow[],
  nameOf: (slug: string) => string,
): Promise<Map<string, string>> {
  const [codes, documents, sessions] = await Promise.all([
    prisma.accessCode.findMany({
      where: { id: { in: targetsOf(rows, 'code').filter((id) => UUID.test(id)) } },
      select: { id: true, label: true, retailer: true },
    }),
    documentTitles(prisma, targetsOf(rows, 'document')),
    prisma.accessSession.findMany({
      where: { id: { in: targetsOf(rows, 'session').filter((id) => UUID.test(id)) } },
      select: { id: true, email: true, retailer: true },
    }),
  ])
  const named = new Map<string, string>([
    ...codes.map(
      (code) =>
        [
          `code:${code.id}`,
          `code ${code.label ? `“${code.label}”` : code.id.slice(0, 8)} of ${nameOf(code.retailer)}`,
        ] as const,
    ),
    ...[...documents].map(
      ([id, doc]) => [`document:${id}`, `“${doc.title}” of ${nameOf(doc.retailer)}`] as const,
    ),
    ...sessions.map(
      (session) =>
        [
          `session:${session.id}`,
          `a session of ${session.email ?? 'a code'} at ${nameOf(session.retailer)}`,
        ] as const,
    ),
  ])
  const names = new Map<string, string>()
  for (const row of rows) {
    const family = familyOf(row)
    if (!row.target || !family) continue
    const name = family === 'partner' ? nameOf(row.target) : named.get(`${family}:${row.target}`)
    names.set(row.id, name ?? `${family} ${row.target.slice(0, 8)} (gone)`)
  }
  return names
}
