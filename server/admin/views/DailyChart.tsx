import type { DailySeries } from '../../documents/engagement-report.server.ts'
import { BarChart } from './BarChart.tsx'
import { DataTable } from './DataTable.tsx'

/** The sentence naming a chart of counts per day: the total and the busiest day. */
export function dailySummary(
  title: string,
  series: DailySeries,
  span = `in the last ${series.days.length} days`,
): string {
  const busiest = series.days.reduce<DailySeries['days'][number] | undefined>(
    (best, entry) => (!best || entry.count > best.count ? entry : best),
    undefined,
  )
  return series.total === 0
    ? `${title}: none ${span}.`
    : `${title}: ${series.total} ${span}; the busiest day was ${busiest?.day} with ${busiest?.count}.`
}

/**
 * A small bar chart drawn on the server (SVG, no script), its total as a figure, and the same
 * numbers in a table for screen readers and copying.
 */
export function DailyChart({
  id,
  title,
  series,
  span,
}: {
  id: string
  title: string
  series: DailySeries
  /** The period in words, for one that does not end today ("from 2026-01-01 to 2026-01-10"). */
  span?: string
}) {
  return (
    <section className="panel stat" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="stat__figure">{series.total.toLocaleString('en-US')}</p>
      <BarChart
        id={`${id}-chart`}
        bars={series.days.map((entry) => ({ key: entry.day, value: entry.count }))}
        summary={dailySummary(title, series, span)}
      />
      <p className="muted small">
        {series.days[0]?.day} to {series.days.at(-1)?.day} (UTC)
      </p>
      <details className="figures">
        <summary>Figures per day</summary>
        <DataTable
          rows={series.days}
          rowKey={(entry) => entry.day}
          caption={`${title} per day`}
          columns={[
            { header: 'Day', cell: (entry) => entry.day },
            { header: 'Count', cell: (entry) => entry.count, num: true },
          ]}
        />
      </details>
    </section>
  )
}
