/**
 * A colour beside its value, so a tint is seen and not only read. Drawn as an SVG rectangle: its
 * `fill` is an attribute, which the console's policy allows where an inline style is refused.
 */
export function Swatch({ colour }: { colour: string }) {
  return (
    <span className="swatch">
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
        <rect x="0.5" y="0.5" width="13" height="13" rx="3" fill={colour} />
      </svg>
      <code>{colour}</code>
    </span>
  )
}
