import type { DailySeries } from '../../server/admin/overview.server.ts'
import { DataTable } from './DataTable.tsx'

const WIDTH = 300
const HEIGHT = 72
const GAP = 2

/**
 * A small bar chart drawn on the server (SVG, no script), its total as a figure, and the same
 * numbers in a table for screen readers and copying.
 */
export function DailyChart({ id, title, series }: { id: string; title: string; series: DailySeries }) {
  const peak = Math.max(1, ...series.days.map((entry) => entry.count))
  const barWidth = WIDTH / series.days.length - GAP
  const busiest = series.days.reduce<DailySeries['days'][number] | undefined>(
    (best, entry) => (!best || entry.count > best.count ? entry : best),
    undefined,
  )
  const summary =
    series.total === 0
      ? `${title}: none in the last ${series.days.length} days.`
      : `${title}: ${series.total} in the last ${series.days.length} days; the busiest day was ${busiest?.day} with ${busiest?.count}.`
  return (
    <section className="panel stat" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="stat__figure">{series.total.toLocaleString('en-US')}</p>
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT + 1}`} role="img" aria-label={summary}>
        <line className="chart__axis" x1="0" x2={WIDTH} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} />
        {series.days.map((entry, index) => {
          const height = entry.count === 0 ? 0 : Math.max(2, (entry.count / peak) * HEIGHT)
          return (
            <rect
              key={entry.day}
              className="chart__bar"
              x={(index * WIDTH) / series.days.length + GAP / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              rx="1"
            />
          )
        })}
      </svg>
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
