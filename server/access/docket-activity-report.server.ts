// `rm5 codes activity`: who opened the guarded pages, per code. Every code of the chosen gates
// is listed (revoked ones only if they were used), so a code that was never used shows as such.
import { Prisma, type PrismaClient } from '../db/database.server.ts'

export interface CodeActivity {
  /** Null for the walmart gate, which takes no code. */
  codeId: string | null
  retailer: string
  label: string | null
  notify: boolean
  firstOpened: Date | null
  lastOpened: Date | null
  openings: number
  /** Distinct hashed client addresses. */
  clients: number
  pages: string[]
}

interface Grouped {
  codeId: string | null
  retailer: string
  firstOpened: Date
  lastOpened: Date
  openings: number
  clients: number
  pages: string[]
}

export async function docketActivity(
  prisma: PrismaClient,
  filter: { retailer?: string; since?: Date },
): Promise<CodeActivity[]> {
  const conditions = [
    filter.retailer ? Prisma.sql`retailer = ${filter.retailer}` : undefined,
    filter.since ? Prisma.sql`created_at >= ${filter.since}` : undefined,
  ].filter((condition) => condition !== undefined)
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty
  const [grouped, codes] = await Promise.all([
    prisma.$queryRaw<Grouped[]>`
      SELECT code_id::text AS "codeId", retailer, min(created_at) AS "firstOpened",
             max(last_at) AS "lastOpened", sum(count)::int AS openings,
             count(DISTINCT ip_hash)::int AS clients, array_agg(DISTINCT page ORDER BY page) AS pages
      FROM docket_views ${where}
      GROUP BY code_id, retailer`,
    prisma.accessCode.findMany({
      where: filter.retailer ? { retailer: filter.retailer } : {},
      select: { id: true, retailer: true, label: true, notify: true, revokedAt: true },
    }),
  ])
  const byCode = new Map(grouped.map((row) => [row.codeId ?? `gate:${row.retailer}`, row]))
  const rows: CodeActivity[] = codes
    .filter((code) => !code.revokedAt || byCode.has(code.id))
    .map((code) => {
      const seen = byCode.get(code.id)
      byCode.delete(code.id)
      return {
        codeId: code.id,
        retailer: code.retailer,
        label: code.label,
        notify: code.notify,
        firstOpened: seen?.firstOpened ?? null,
        lastOpened: seen?.lastOpened ?? null,
        openings: seen?.openings ?? 0,
        clients: seen?.clients ?? 0,
        pages: seen?.pages ?? [],
      }
    })
  // What is left has no code row: the walmart gate.
  for (const row of byCode.values()) rows.push({ ...row, label: null, notify: false })
  // Most recently opened first; never-opened codes last, by gate.
  return rows.sort(
    (a, b) =>
      (b.lastOpened?.getTime() ?? 0) - (a.lastOpened?.getTime() ?? 0) ||
      a.retailer.localeCompare(b.retailer) ||
      (a.label ?? '').localeCompare(b.label ?? ''),
  )
}

/** Marks codes so their first opening of a day sends access.granted (or stops it). */
export async function setCodeNotify(prisma: PrismaClient, ids: string[], notify: boolean): Promise<number> {
  const { count } = await prisma.accessCode.updateMany({ where: { id: { in: ids } }, data: { notify } })
  return count
}
