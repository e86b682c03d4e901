// A bar chart drawn on the server: SVG with no script and no inline style (the console's CSP), one
// bar per entry scaled to the largest. It is an image to assistive technology, named by a sentence
// that says what it shows; the figures themselves are always in a table beside it.

export interface Bar {
  key: string
  value: number
}

export function BarChart({
  bars,
  summary,
  width = 300,
  height = 72,
}: {
  bars: readonly Bar[]
  /** The chart's accessible name: what it shows and its main figures, in a sentence. */
  summary: string
  width?: number
  height?: number
}) {
  const peak = Math.max(1, ...bars.map((bar) => bar.value))
  const slot = width / Math.max(1, bars.length)
  const gap = Math.min(2, slot / 4)
  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height + 1}`} role="img" aria-label={summary}>
      <line className="chart__axis" x1="0" x2={width} y1={height + 0.5} y2={height + 0.5} />
      {bars.map((bar, index) => {
        const barHeight = bar.value === 0 ? 0 : Math.max(2, (bar.value / peak) * height)
        return (
          <rect
            key={bar.key}
            className="chart__bar"
            x={index * slot + gap / 2}
            y={height - barHeight}
            width={slot - gap}
            height={barHeight}
            rx="1"
          />
        )
      })}
    </svg>
  )
}
