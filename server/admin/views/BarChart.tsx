// A bar chart drawn on the server: SVG with no script and no inline style (the console's CSP), one
// bar per entry scaled to the largest. It is an image to assistive technology, named by a sentence
// that says what it shows and its main figures (shown under it too); the figures themselves are
// always in a table beside it.

export interface Bar {
  key: string
  value: number
  /** Written under the bar when there are few enough (page numbers). */
  tick?: string
}

/** Widest a bar's slot gets: a chart of three pages keeps narrow bars at their natural size. */
const MAX_SLOT = 48
const MAX_TICKS = 40
const TICK_ROOM = 18

export function BarChart({
  id,
  bars,
  summary,
  width = 300,
  height = 72,
}: {
  id: string
  bars: readonly Bar[]
  /** What it shows and its main figures, in a sentence: the caption and the image's name. */
  summary: string
  width?: number
  height?: number
}) {
  const peak = Math.max(1, ...bars.map((bar) => bar.value))
  const fits = bars.length * MAX_SLOT < width
  const drawn = fits ? bars.length * MAX_SLOT : width
  const slot = drawn / Math.max(1, bars.length)
  const gap = Math.min(fits ? 12 : 2, slot / 4)
  const ticks = bars.length <= MAX_TICKS && bars.some((bar) => bar.tick !== undefined)
  const total = height + 1 + (ticks ? TICK_ROOM : 0)
  return (
    <figure className="chart-figure">
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: named by its visible caption (aria-labelledby) */}
      <svg
        className={fits ? 'chart chart--fit' : 'chart'}
        viewBox={`0 0 ${drawn} ${total}`}
        width={fits ? drawn : undefined}
        role="img"
        aria-labelledby={`${id}-summary`}
      >
        <line className="chart__axis" x1="0" x2={drawn} y1={height + 0.5} y2={height + 0.5} />
        {bars.map((bar, index) => {
          const barHeight = bar.value === 0 ? 0 : Math.max(2, (bar.value / peak) * height)
          return (
            <g key={bar.key}>
              <rect
                className="chart__bar"
                x={index * slot + gap / 2}
                y={height - barHeight}
                width={slot - gap}
                height={barHeight}
                rx="1"
              />
              {ticks ? (
                <text className="chart__tick" x={index * slot + slot / 2} y={height + TICK_ROOM - 4}>
                  {bar.tick}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
      <figcaption id={`${id}-summary`} className="muted small">
        {summary}
      </figcaption>
    </figure>
  )
}
