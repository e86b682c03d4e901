// What `rm5 documents activity` shows: per viewer (e-mail where the code asks for one, else the
// code, named by its label) and document, the openings, the downloads, first and last time, the time spent, and
// for PDFs the shows and time per page. Rows of one viewer stay together. The console's overview
// and engagement page read the same functions: an opening is a page-0 row's `opens`, reading
// time the rows' `seconds`, here and nowhere else.
import { DAY_MS, dayKey } from '../../lib/utc-day.ts'
import type { PrismaClient } from '../db/database.server.ts'

/** Counts per day (UTC), oldest first, days without any included (0). */
export interface DailySeries {
  days: { day: string; count: number }[]
  total: number
}

/** The `length` days (UTC) ending with `now`'s, and the midnight the first starts at. */
export function dayRange(now: Date, length: number): Date {
  return new Date(new Date(`${dayKey(now)}T00:00:00Z`).getTime() - (length - 1) * DAY_MS)
}

/** A series of `length` days from `since` out of counted rows (days missing from them are 0). */
export function dailySeries(
  since: Date,
  length: number,
  rows: readonly { day: Date; count: bigint | number }[],
): DailySeries {
  const counts = new Map(rows.map((row) => [dayKey(row.day), Number(row.count)]))
  const days = Array.from({ length }, (_, index) => {
    const day = dayKey(new Date(since.getTime() + index * DAY_MS))
    return { day, count: counts.get(day) ?? 0 }
  })
  return { days, total: days.reduce((sum, entry) => sum + entry.count, 0) }
}

/** Openings of documents per day (UTC) since `since`: of one document, or of all. */
export async function openingsByDay(
  prisma: PrismaClient,
  options: { since: Date; days: number; documentId?: string },
): Promise<DailySeries> {
  const rows = await prisma.$queryRaw<{ day: Date; count: bigint }[]>`
    SELECT date_trunc('day', first_at, 'UTC') AS day, SUM(opens)::bigint AS count
    FROM document_views
    WHERE first_at >= ${options.since} AND page = 0
      AND (${options.documentId ?? null}::text IS NULL OR document_id = ${options.documentId ?? null})
    GROUP BY 1`
  return dailySeries(options.since, options.days, rows)
}

export interface PageTime {
  page: number
  shows: number
  seconds: number
}

export interface ViewerActivity {
  documentId: string
  retailer: string
  codeId: string | null
  /** The code's label: names the viewer where no e-mail is asked. */
  label: string | null
  email: string | null
  opens: number
  /** Downloads of the file (decision 034). */
  downloads: number
  seconds: number
  firstAt: Date
  lastAt: Date
  /** PDF pages with time or shows, in page order; empty for Markdown. */
  pages: PageTime[]
}

export async function documentActivity(
  prisma: PrismaClient,
  options: { retailer?: string; documentId?: string; since?: Date } = {},
): Promise<ViewerActivity[]> {
  const groups = await prisma.documentView.groupBy({
    by: ['documentId', 'retailer', 'codeId', 'email', 'page'],
    where: {
      ...(options.retailer ? { retailer: options.retailer } : {}),
      ...(options.documentId ? { documentId: options.documentId } : {}),
      ...(options.since ? { lastAt: { gte: options.since } } : {}),
    },
    _sum: { opens: true, seconds: true, downloads: true },
    _min: { firstAt: true },
    _max: { lastAt: true },
  })
  const viewers = new Map<string, ViewerActivity>()
  for (const group of groups) {
    const key = [group.documentId, group.codeId, group.email].join('\0')
    const firstAt = group._min.firstAt ?? new Date(0)
    const lastAt = group._max.lastAt ?? firstAt
    let viewer = viewers.get(key)
    if (!viewer) {
      viewer = {
        documentId: group.documentId,
        retailer: group.retailer,
        codeId: group.codeId,
        label: null,
        email: group.email,
        opens: 0,
        downloads: 0,
        seconds: 0,
        firstAt,
        lastAt,
        pages: [],
      }
      viewers.set(key, viewer)
    }
    const opens = group._sum.opens ?? 0
    const seconds = group._sum.seconds ?? 0
    viewer.seconds += seconds
    viewer.downloads += group._sum.downloads ?? 0
    if (group.page === 0) viewer.opens += opens
    else viewer.pages.push({ page: group.page, shows: opens, seconds })
    if (firstAt < viewer.firstAt) viewer.firstAt = firstAt
    if (lastAt > viewer.lastAt) viewer.lastAt = lastAt
  }
  const rows = [...viewers.values()]
  const codeIds = [...new Set(rows.flatMap((row) => (row.codeId ? [row.codeId] : [])))]
  const labels = new Map(
    (
      await prisma.accessCode.findMany({ where: { id: { in: codeIds } }, select: { id: true, label: true } })
    ).map((code) => [code.id, code.label]),
  )
  // Grouped by viewer (the most recently active first), each viewer's documents newest first.
  const viewerOf = (row: ViewerActivity) => `${row.codeId ?? row.retailer}\0${row.email ?? ''}`
  const viewerLast = new Map<string, number>()
  for (const row of rows) {
    row.label = row.codeId ? (labels.get(row.codeId) ?? null) : null
    row.pages.sort((a, b) => a.page - b.page)
    const key = viewerOf(row)
    viewerLast.set(key, Math.max(viewerLast.get(key) ?? 0, row.lastAt.getTime()))
  }
  return rows.sort(
    (a, b) =>
      (viewerLast.get(viewerOf(b)) ?? 0) - (viewerLast.get(viewerOf(a)) ?? 0) ||
      viewerOf(a).localeCompare(viewerOf(b)) ||
      b.lastAt.getTime() - a.lastAt.getTime(),
  )
}
