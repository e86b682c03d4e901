import type { Wordmark as WordmarkData } from '../../lib/content/company.ts'

// Original wordmarks for the fictional investors and media outlets: a generic glyph and the name
// set in one of four type styles. Drawn in currentColor, sized from the name's length so the
// SVG keeps its aspect ratio (and reserves its space) before fonts load; textLength makes the
// name fill exactly that width whichever fallback font renders it, so nothing is ever clipped.
const families: Record<
  WordmarkData['style'],
  { family: string; weight: number; width: number; spacing: number }
> = {
  sans: { family: 'var(--font)', weight: 700, width: 0.56, spacing: -0.5 },
  serif: { family: 'Georgia, "Times New Roman", serif', weight: 700, width: 0.5, spacing: 0 },
  mono: { family: 'ui-monospace, "SFMono-Regular", Menlo, monospace', weight: 600, width: 0.6, spacing: 0 },
  condensed: { family: 'var(--font)', weight: 800, width: 0.7, spacing: 1.5 },
}

function Glyph({ kind }: { kind: WordmarkData['glyph'] }) {
  switch (kind) {
    case 'triangle':
      return <path d="M2 26L14 6l12 20z" />
    case 'circle':
      return <circle cx="14" cy="16" r="11" fill="none" stroke="currentColor" strokeWidth="4" />
    case 'square':
      return <rect x="3" y="5" width="22" height="22" rx="5" />
    case 'bars':
      return <path d="M3 8h5v18H3zM11.5 4h5v22h-5zM20 12h5v14h-5z" />
    case 'arc':
      return <path d="M2 26a12 12 0 0 1 24 0h-5a7 7 0 0 0-14 0z" />
    default:
      return null
  }
}

export function Wordmark({ mark }: { mark: WordmarkData }) {
  const style = families[mark.style]
  const label = mark.style === 'condensed' ? mark.name.toUpperCase() : mark.name
  const fontSize = 20
  const textX = mark.glyph === 'none' ? 0 : 36
  const textWidth = Math.ceil(label.length * (fontSize * style.width + style.spacing))
  const width = textX + textWidth + 2
  return (
    <svg
      className="wordmark"
      viewBox={`0 0 ${width} 32`}
      width={width}
      height={32}
      role="img"
      aria-label={mark.name}
    >
      <g fill="currentColor">
        <Glyph kind={mark.glyph} />
        <text
          x={textX}
          y="23"
          fontFamily={style.family}
          fontSize={fontSize}
          fontWeight={style.weight}
          letterSpacing={style.spacing}
          textLength={textWidth}
          lengthAdjust="spacingAndGlyphs"
          fontStyle={mark.style === 'serif' ? 'italic' : undefined}
        >
          {label}
        </text>
      </g>
    </svg>
  )
}
