// Whether a partner's colours stay readable on its gate (WCAG 2 relative luminance, via culori's
// wcagContrast): the name is drawn in the tint on the gate's dark hero, and the monogram's letters
// in the ink on the tint. Both are large, bold text, for which WCAG asks at least 3:1. The CLI
// (`rm5 partners add|set --tint/--ink`), the console's partner form and the partners service all
// ask this one function, so the rule and its wording are the same everywhere.
// culori's tree-shakeable entry with only the modes a hex colour's luminance needs: its main
// entry registers every colour space (hundreds of modules) in the server for two conversions.
import { modeLrgb, modeRgb, useMode as registerMode, wcagContrast } from 'culori/fn'

registerMode(modeRgb)
registerMode(modeLrgb)

/** The gate's hero background: the site's --ink token (renderer/styles/tokens.css). */
export const GATE_BACKGROUND = '#0b0d10'

/** The least contrast the name and the monogram keep (WCAG 1.4.3, large text). */
export const MIN_CONTRAST = 3

/** A ratio as the message says it: rounded down, so a colour just under the bar never reads "3:1". */
const ratio = (value: number) => `${(Math.floor(value * 10) / 10).toFixed(1)}:1`

export interface ContrastProblem {
  field: 'tint' | 'ink'
  message: string
}

/** Why the tint is not readable as the gate's name on its background, with the ratio; none: fine. */
export function tintContrastProblem(tint: string): ContrastProblem | undefined {
  const name = wcagContrast(tint, GATE_BACKGROUND)
  if (name >= MIN_CONTRAST) return undefined
  return {
    field: 'tint',
    message: `The tint ${tint} has a contrast of ${ratio(name)} against the gate's background (${GATE_BACKGROUND}); it needs at least ${MIN_CONTRAST}:1.`,
  }
}

/** The first colour that is not readable where the gate draws it, with the measured ratio; none: fine. */
export function partnerContrastProblem(colours: { tint: string; ink: string }): ContrastProblem | undefined {
  const tint = tintContrastProblem(colours.tint)
  if (tint) return tint
  const monogram = wcagContrast(colours.ink, colours.tint)
  if (monogram < MIN_CONTRAST) {
    return {
      field: 'ink',
      message: `The text colour ${colours.ink} has a contrast of ${ratio(monogram)} against the tint ${colours.tint} (the monogram); it needs at least ${MIN_CONTRAST}:1.`,
    }
  }
  return undefined
}
