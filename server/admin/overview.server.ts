// The overview's figures: the last 30 days of docket openings, documents read, applications and
// messages per day (UTC), the documents read most, and what needs attention. Read-only queries
// over the tables the CLI reports read.
import { DAY_MS } from '../../lib/utc-day.ts'
import type { PrismaClient } from '../db/database.server.ts'
import {
  type DailySeries,
  dailySeries,
  dayRange,
  openingsByDay,
} from '../documents/engagement-report.server.ts'

export type { DailySeries }
export const OVERVIEW_DAYS = 30
/** A code expiring within this many days is listed as needing attention. */
export const EXPIRING_DAYS = 7

export interface Overview {
  since: Date
  docketOpenings: DailySeries
  documentsRead: DailySeries
  applications: DailySeries
  messages: DailySeries
  topDocuments: { id: string; title: string; retailer: string; opens: number; readers: number }[]
  failedNotifications: number
  expiringCodes: { id: string; retailer: string; label: string | null; expiresAt: Date }[]
  unacceptedAgreements: { retailer: string; version: number; codes: number }[]
}

const series = (since: Date, rows: { day: Date; count: bigint | number }[]) =>
  dailySeries(since, OVERVIEW_DAYS, rows)

type DayRow = { day: Date; count: bigint }

export async function overview(prisma: PrismaClient, now = new Date()): Promise<Overview> {
  const since = dayRange(now, OVERVIEW_DAYS)
  const soon = new Date(now.getTime() + EXPIRING_DAYS * DAY_MS)
  const [docket, read, applications, messages, top, failed, expiring, agreements] = await Promise.all([
    prisma.$queryRaw<DayRow[]>`SELECT date_trunc('day', created_at, 'UTC') AS day, SUM(count)::bigint AS count
      FROM docket_views WHERE created_at >= ${since} GROUP BY 1`,
    openingsByDay(prisma, { since, days: OVERVIEW_DAYS }),
    prisma.$queryRaw<DayRow[]>`SELECT date_trunc('day', created_at, 'UTC') AS day, COUNT(*)::bigint AS count
      FROM retailer_applications WHERE created_at >= ${since} GROUP BY 1`,
    prisma.$queryRaw<DayRow[]>`SELECT date_trunc('day', created_at, 'UTC') AS day, COUNT(*)::bigint AS count
      FROM contact_messages WHERE created_at >= ${since} GROUP BY 1`,
    prisma.$queryRaw<{ id: string; title: string; retailer: string; opens: bigint; readers: bigint }[]>`
      SELECT d.id, d.title, d.retailer, SUM(v.opens)::bigint AS opens,
        COUNT(DISTINCT COALESCE(v.email, v.code_id::text, v.ip_hash))::bigint AS readers
      FROM document_views v JOIN documents d ON d.id = v.document_id
      WHERE v.first_at >= ${since} AND v.page = 0
      GROUP BY d.id, d.title, d.retailer HAVING SUM(v.opens) > 0
      ORDER BY opens DESC, d.title LIMIT 5`,
    prisma.notification.count({ where: { failedAt: { not: null }, deliveredAt: null } }),
    prisma.accessCode.findMany({
      where: { revokedAt: null, expiresAt: { gt: now, lte: soon } },
      select: { id: true, retailer: true, label: true, expiresAt: true },
      orderBy: { expiresAt: 'asc' },
    }),
    // Per retailer's current agreement: its active codes without an acceptance of that version.
    prisma.$queryRaw<{ retailer: string; version: number; codes: bigint }[]>`
      SELECT a.retailer, a.version, COUNT(c.id)::bigint AS codes
      FROM agreements a
      JOIN access_codes c ON c.retailer = a.retailer AND c.revoked_at IS NULL
        AND (c.expires_at IS NULL OR c.expires_at > ${now})
      WHERE a.cleared_at IS NULL
        AND a.version = (SELECT MAX(version) FROM agreements b WHERE b.retailer = a.retailer)
        AND NOT EXISTS (SELECT 1 FROM agreement_acceptances x WHERE x.agreement_id = a.id AND x.code_id = c.id)
      GROUP BY a.retailer, a.version ORDER BY a.retailer`,
  ])
  return {
    since,
    docketOpenings: series(since, docket),
    documentsRead: read,
    applications: series(since, applications),
    messages: series(since, messages),
    topDocuments: top.map((row) => ({ ...row, opens: Number(row.opens), readers: Number(row.readers) })),
    failedNotifications: failed,
    expiringCodes: expiring.map((row) => ({ ...row, expiresAt: row.expiresAt as Date })),
    unacceptedAgreements: agreements.map((row) => ({ ...row, codes: Number(row.codes) })),
  }
}
