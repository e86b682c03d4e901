// The figures the console's Visitors page and `rm5 analytics` show, from one function each: past
// days from their rollups, the days not yet rolled up (today) from the raw rows, summed per value.

import { dayKey, dayStart } from '../../lib/utc-day.ts'
import type { PrismaClient } from '../db/database.server.ts'
import type { DailySeries } from '../documents/engagement-report.server.ts'
import { type DayFigures, type Dimension, dayFigures } from './daily-figures.server.ts'
import { daysOf, type Period } from './period.server.ts'

export interface Ranked {
  value: string
  visitors: number
  views: number
}

/** Visitors whose first view of the day came from a source (or page), and the goals they reached. */
export interface Conversion {
  value: string
  visitors: number
  applications: number
  contacts: number
  gates: number
  /** applications ÷ visitors, 0 to 1 (0 without visitors). */
  applicationRate: number
}

export interface GoalTotals {
  applications: number
  contacts: number
  gates: number
}

export interface AnalyticsReport {
  period: Period
  totals: { visitors: number; views: number } & GoalTotals
  visitorsPerDay: DailySeries
  viewsPerDay: DailySeries
  pages: Ranked[]
  sources: Ranked[]
  referrers: Ranked[]
  utmSources: Ranked[]
  utmMediums: Ranked[]
  utmCampaigns: Ranked[]
  devices: Ranked[]
  browsers: Ranked[]
  /** By the source of each visitor's first view of the day. */
  conversions: Conversion[]
  /** By the first page each visitor viewed that day. */
  entryPages: Conversion[]
}

async function figuresOf(prisma: PrismaClient, period: Period): Promise<DayFigures[]> {
  const rolled = await prisma.analyticsRollup.findMany({
    where: { day: { gte: dayStart(period.since), lte: dayStart(period.until) } },
  })
  const rolledDays = rolled.filter((row) => row.dimension === 'total').map((row) => dayKey(row.day))
  const live = await dayFigures(prisma, period.since, period.until, rolledDays)
  return [
    ...rolled.map((row) => ({ ...row, day: dayKey(row.day), dimension: row.dimension as Dimension })),
    ...live,
  ]
}

function summed(rows: readonly DayFigures[]): Map<string, Omit<DayFigures, 'day' | 'dimension'>> {
  const sums = new Map<string, Omit<DayFigures, 'day' | 'dimension'>>()
  for (const row of rows) {
    const sum = sums.get(row.value)
    if (!sum) {
      sums.set(row.value, { ...row })
      continue
    }
    sum.visitors += row.visitors
    sum.views += row.views
    sum.applications += row.applications
    sum.contacts += row.contacts
    sum.gates += row.gates
  }
  return sums
}

const byVisitors = <T extends { value: string; visitors: number }>(a: T, b: T) =>
  b.visitors - a.visitors || a.value.localeCompare(b.value)

function ranked(rows: readonly DayFigures[]): Ranked[] {
  return [...summed(rows).values()]
    .map(({ value, visitors, views }) => ({ value, visitors, views }))
    .sort((a, b) => byVisitors(a, b) || b.views - a.views)
}

function conversions(rows: readonly DayFigures[]): Conversion[] {
  return [...summed(rows).values()]
    .map(({ value, visitors, applications, contacts, gates }) => ({
      value,
      visitors,
      applications,
      contacts,
      gates,
      applicationRate: visitors === 0 ? 0 : applications / visitors,
    }))
    .sort((a, b) => b.applications - a.applications || byVisitors(a, b))
}

function perDay(
  days: readonly string[],
  totals: readonly DayFigures[],
  figure: 'visitors' | 'views',
): DailySeries {
  const counts = new Map(totals.map((row) => [row.day, row[figure]]))
  const series = days.map((day) => ({ day, count: counts.get(day) ?? 0 }))
  return { days: series, total: series.reduce((sum, entry) => sum + entry.count, 0) }
}

export async function analyticsReport(prisma: PrismaClient, period: Period): Promise<AnalyticsReport> {
  const figures = await figuresOf(prisma, period)
  const of = (dimension: Dimension) => figures.filter((row) => row.dimension === dimension)
  const totals = of('total')
  const sum = (figure: 'visitors' | 'views' | 'applications' | 'contacts' | 'gates') =>
    totals.reduce((total, row) => total + row[figure], 0)
  const days = daysOf(period)
  return {
    period,
    totals: {
      visitors: sum('visitors'),
      views: sum('views'),
      applications: sum('applications'),
      contacts: sum('contacts'),
      gates: sum('gates'),
    },
    visitorsPerDay: perDay(days, totals, 'visitors'),
    viewsPerDay: perDay(days, totals, 'views'),
    pages: ranked(of('page')),
    sources: ranked(of('source')),
    referrers: ranked(of('referrer')),
    utmSources: ranked(of('utm_source')),
    utmMediums: ranked(of('utm_medium')),
    utmCampaigns: ranked(of('utm_campaign')),
    devices: ranked(of('device')),
    browsers: ranked(of('browser')),
    conversions: conversions(of('entry_source')),
    entryPages: conversions(of('entry_page')),
  }
}

export interface RecentActivity {
  minutes: number
  visitors: number
  views: number
  pages: Ranked[]
}

/** The last `minutes` minutes, from the raw views (written within a second or two). */
export async function recentActivity(prisma: PrismaClient, now: Date, minutes = 30): Promise<RecentActivity> {
  const since = new Date(now.getTime() - minutes * 60_000)
  const rows = await prisma.$queryRaw<{ value: string; visitors: number; views: number }[]>`
    SELECT path AS value, count(DISTINCT (day, visitor))::int AS visitors, count(*)::int AS views
    FROM analytics_views WHERE at >= ${since} GROUP BY path`
  const [all] = await prisma.$queryRaw<{ visitors: number; views: number }[]>`
    SELECT count(DISTINCT (day, visitor))::int AS visitors, count(*)::int AS views
    FROM analytics_views WHERE at >= ${since}`
  return {
    minutes,
    visitors: all?.visitors ?? 0,
    views: all?.views ?? 0,
    pages: rows.sort((a, b) => byVisitors(a, b) || b.views - a.views),
  }
}
