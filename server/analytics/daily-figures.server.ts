// A day's figures, per dimension and value, from the raw views and goals: what the rollups keep for
// a past day, and what a report reads live for the days not yet rolled up (today). Visitor hashes
// change every day, so a period's visitors are the sum of its days' (as with Plausible's daily
// salt), and rolled-up days add up without the raw rows.
// The source of a view is its utm_source (or ref), else its referrer's host, else "Direct / None".
// A goal is credited to the source and page of its visitor's first view that day.

import { dayKey, dayStart } from '../../lib/utc-day.ts'
import { Prisma, type PrismaClient } from '../db/database.server.ts'

export const DIRECT = 'Direct / None'
/** A goal whose visitor viewed no page that day (an API client, a visit begun the day before). */
export const NO_VIEW = '(no page view)'

export const DIMENSIONS = [
  'total',
  'page',
  'source',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'device',
  'browser',
  'entry_source',
  'entry_page',
] as const
export type Dimension = (typeof DIMENSIONS)[number]

export interface DayFigures {
  day: string
  dimension: Dimension
  value: string
  visitors: number
  views: number
  applications: number
  contacts: number
  gates: number
}

type Db = Pick<PrismaClient, '$queryRaw'>

type RawRow = Omit<DayFigures, 'day'> & { day: Date }

/** One dimension of the views: visitors and views per day and value (rows with a value only). */
const byView = (dimension: Dimension, column: Prisma.Sql) => Prisma.sql`
  SELECT day, ${dimension}::text AS dimension, ${column} AS value,
    count(DISTINCT visitor)::int AS visitors, count(*)::int AS views, 0 AS applications, 0 AS contacts, 0 AS gates
  FROM v WHERE ${column} IS NOT NULL GROUP BY day, ${column}`

/** Figures of the days from `since` to `until` (included), leaving out the days in `skip`. */
export async function dayFigures(
  db: Db,
  since: string,
  until: string,
  skip: readonly string[] = [],
): Promise<DayFigures[]> {
  const from = dayStart(since)
  const to = dayStart(until)
  const skipped = skip.map(dayStart)
  const rows = await db.$queryRaw<RawRow[]>`
    WITH v AS (
      SELECT day, visitor, at, path, referrer, utm_source, utm_medium, utm_campaign, device, browser,
        COALESCE(utm_source, referrer, ${DIRECT}) AS source
      FROM analytics_views
      WHERE day BETWEEN ${from}::date AND ${to}::date AND NOT (day = ANY(${skipped}::date[]))
    ),
    firsts AS (
      SELECT DISTINCT ON (day, visitor) day, visitor, path, source FROM v ORDER BY day, visitor, at
    ),
    g AS (
      SELECT day, visitor, bool_or(goal = 'application') AS a, bool_or(goal = 'contact') AS c,
        bool_or(goal = 'gate') AS o
      FROM analytics_goals
      WHERE day BETWEEN ${from}::date AND ${to}::date AND NOT (day = ANY(${skipped}::date[]))
      GROUP BY day, visitor
    ),
    entries AS (
      SELECT COALESCE(f.day, g.day) AS day, f.visitor IS NOT NULL AS viewed,
        COALESCE(f.path, ${NO_VIEW}) AS path, COALESCE(f.source, ${NO_VIEW}) AS source,
        COALESCE(g.a, false) AS a, COALESCE(g.c, false) AS c, COALESCE(g.o, false) AS o
      FROM firsts f FULL JOIN g ON g.day = f.day AND g.visitor = f.visitor
    ),
    view_counts AS (SELECT day, count(*)::int AS views FROM v GROUP BY day)
    SELECT e.day, 'total' AS dimension, '' AS value, count(*) FILTER (WHERE e.viewed)::int AS visitors,
      COALESCE(max(vc.views), 0)::int AS views, count(*) FILTER (WHERE e.a)::int AS applications,
      count(*) FILTER (WHERE e.c)::int AS contacts, count(*) FILTER (WHERE e.o)::int AS gates
    FROM entries e LEFT JOIN view_counts vc ON vc.day = e.day GROUP BY e.day
    UNION ALL
    SELECT day, 'entry_source', source, count(*) FILTER (WHERE viewed)::int, 0,
      count(*) FILTER (WHERE a)::int, count(*) FILTER (WHERE c)::int, count(*) FILTER (WHERE o)::int
    FROM entries GROUP BY day, source
    UNION ALL
    SELECT day, 'entry_page', path, count(*) FILTER (WHERE viewed)::int, 0,
      count(*) FILTER (WHERE a)::int, count(*) FILTER (WHERE c)::int, count(*) FILTER (WHERE o)::int
    FROM entries GROUP BY day, path
    UNION ALL ${byView('page', Prisma.sql`path`)}
    UNION ALL ${byView('source', Prisma.sql`source`)}
    UNION ALL ${byView('referrer', Prisma.sql`referrer`)}
    UNION ALL ${byView('utm_source', Prisma.sql`utm_source`)}
    UNION ALL ${byView('utm_medium', Prisma.sql`utm_medium`)}
    UNION ALL ${byView('utm_campaign', Prisma.sql`utm_campaign`)}
    UNION ALL ${byView('device', Prisma.sql`device`)}
    UNION ALL ${byView('browser', Prisma.sql`browser`)}`
  return rows.map((row) => ({ ...row, day: dayKey(row.day) }))
}
