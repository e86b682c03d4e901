// Inline SVG icons (React elements: no markup strings, nothing for a CSP to object to).
import type { ReactNode } from 'react'

export function PlayIcon({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M8 5.6v12.8a1 1 0 0 0 1.52.85l10.2-6.4a1 1 0 0 0 0-1.7L9.52 4.75A1 1 0 0 0 8 5.6Z"
        fill="currentColor"
      />
    </svg>
  )
}

export function PauseIcon({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="6" y="5" width="4.2" height="14" rx="1.2" fill="currentColor" />
      <rect x="13.8" y="5" width="4.2" height="14" rx="1.2" fill="currentColor" />
    </svg>
  )
}

export function CloseIcon({ size = 24, weight = 2.2 }: { size?: number; weight?: number }) {
  return <LineIcon d="M6 6l12 12M18 6 6 18" size={size} weight={weight} />
}

export function ChevronIcon({ direction, size = 22 }: { direction: 'left' | 'right'; size?: number }) {
  return (
    <LineIcon
      d={direction === 'left' ? 'M14.5 5.5 8 12l6.5 6.5' : 'M9.5 5.5 16 12l-6.5 6.5'}
      size={size}
      weight={2.2}
    />
  )
}

/** Two arrows round a dot: "turn me". */
export function DragIcon() {
  return (
    <LineIcon d="M3 12h5M16 12h5M5.5 9.5 3 12l2.5 2.5M18.5 9.5 21 12l-2.5 2.5" size={18} weight={1.8}>
      <circle cx="12" cy="12" r="2.2" fill="currentColor" />
    </LineIcon>
  )
}

/** A line icon on the 24-unit grid, stroked in the text's colour, round at its ends and corners; `children` add filled marks. */
function LineIcon({
  d,
  size,
  weight,
  children,
}: {
  d: string
  size: number
  weight: number
  children?: ReactNode
}) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={d}
        stroke="currentColor"
        strokeWidth={weight}
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      {children}
    </svg>
  )
}
