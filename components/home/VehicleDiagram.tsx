import { brand } from '../../lib/brand.ts'

// A side elevation of the vehicle with its outer dimensions and the 2 × 5 locker bank, drawn in
// currentColor so it reads on light and dark sections. Proportions follow the spec's 3724 × 2100 mm.
const columns = [0, 1, 2, 3, 4]
const rows = [0, 1]

export function VehicleDiagram() {
  return (
    <svg
      className="vehicle-diagram"
      viewBox="0 0 640 380"
      width="640"
      height="380"
      role="img"
      aria-label={`Side view of the ${brand.product}: 3,724 mm long and 2,100 mm high, with ten lockers in two rows of five`}
    >
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <rect x="300" y="16" width="44" height="16" rx="6" />
        <path d="M90 32h460c22 0 40 18 40 40v170c0 17-13 30-30 30H80c-17 0-30-13-30-30V72c0-22 18-40 40-40z" />
        {columns.map((column) =>
          rows.map((row) => (
            <rect
              key={`${column}-${row}`}
              x={106 + column * 88}
              y={66 + row * 88}
              width="80"
              height="80"
              rx="8"
              strokeWidth="1.5"
              opacity="0.7"
            />
          )),
        )}
        <circle cx="160" cy="280" r="34" fill="var(--diagram-wheel, transparent)" />
        <circle cx="480" cy="280" r="34" fill="var(--diagram-wheel, transparent)" />
        <circle cx="160" cy="280" r="12" />
        <circle cx="480" cy="280" r="12" />
      </g>
      <path d="M52 314h536" stroke="currentColor" strokeWidth="1" opacity="0.35" />
      <g className="vehicle-diagram__accent" stroke="currentColor" strokeWidth="1.5">
        <path d="M50 344h540M50 336v16M590 336v16" />
        <path d="M616 16v298M608 16h16M608 314h16" />
      </g>
      <g className="vehicle-diagram__label" fill="currentColor" fontSize="14" fontWeight="600">
        <text x="320" y="370" textAnchor="middle">
          3,724 mm
        </text>
        <text x="632" y="170" textAnchor="middle" transform="rotate(90 632 170)">
          2,100 mm
        </text>
      </g>
      <g fill="currentColor" fontSize="12" opacity="0.75">
        <text x="146" y="110" textAnchor="middle">
          01
        </text>
        <text x="498" y="198" textAnchor="middle">
          10
        </text>
      </g>
    </svg>
  )
}
