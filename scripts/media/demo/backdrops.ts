// 2D backdrop pieces for the page heroes: night sky, skyline, abstract figures, and the finishing
// pass that keeps the left and centre dark enough for white headline text.
import { ACCENT, INK, seeded } from './palette.ts'
import { type Canvas, f1 } from './svg.ts'

export function fill(canvas: Canvas, paint: string): void {
  canvas.add(`<rect width="${canvas.width}" height="${canvas.height}" fill="${paint}"/>`)
}

/** A night sky that lifts towards a horizon glow at `horizon` (0..1 of the height). */
export function nightSky(canvas: Canvas, horizon: number, glow = '#252b33'): void {
  const h = canvas.height
  fill(
    canvas,
    canvas.linear(0, 0, 0, h, [
      [0, INK.black],
      [Math.max(0, horizon - 0.35), '#0c0f12'],
      [horizon, glow],
      [Math.min(1, horizon + 0.02), '#101316'],
      [1, INK.black],
    ]),
  )
}

export interface SkylineOptions {
  seed: number
  /** Baseline (y px) the buildings stand on. */
  base: number
  /** Building heights between these (px). */
  minH: number
  maxH: number
  minW: number
  maxW: number
  colour: string
  /** Share of windows lit; 0 draws none. */
  lit?: number
  windowColour?: string
  /** One lit window in this many is the accent. */
  accentEvery?: number
  x0?: number
  x1?: number
}

/** A row of buildings with a few lit windows; deterministic for a seed. */
export function skyline(canvas: Canvas, o: SkylineOptions): void {
  const rand = seeded(o.seed)
  let x = (o.x0 ?? 0) - rand() * o.maxW
  const end = o.x1 ?? canvas.width
  let shapes = ''
  let windows = ''
  let accents = ''
  let count = 0
  while (x < end) {
    const w = o.minW + rand() * (o.maxW - o.minW)
    const h = o.minH + rand() ** 1.6 * (o.maxH - o.minH)
    const top = o.base - h
    shapes += `M${f1(x)} ${f1(o.base)}V${f1(top)}`
    // Some roofs step back or carry a mast.
    if (rand() < 0.3) shapes += `H${f1(x + w * 0.25)}V${f1(top - h * 0.08)}H${f1(x + w * 0.75)}V${f1(top)}`
    shapes += `H${f1(x + w)}V${f1(o.base)}Z`
    if (rand() < 0.15) shapes += `M${f1(x + w * 0.5 - 1)} ${f1(top)}v${f1(-h * 0.18)}h2v${f1(h * 0.18)}Z`
    if (o.lit) {
      const cols = Math.max(1, Math.floor(w / 14))
      const rows = Math.floor((h - 16) / 18)
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (rand() > o.lit) continue
          const wx = x + 6 + c * ((w - 8) / cols)
          const wy = top + 10 + r * 18
          const rectPath = `M${f1(wx)} ${f1(wy)}h6v8h-6Z`
          count += 1
          if (o.accentEvery && count % o.accentEvery === 0) accents += rectPath
          else windows += rectPath
        }
      }
    }
    x += w + rand() * 6
  }
  canvas.add(`<path d="${shapes}" fill="${o.colour}"/>`)
  if (windows) canvas.add(`<path d="${windows}" fill="${o.windowColour ?? '#e9e3d2'}" fill-opacity="0.32"/>`)
  if (accents) canvas.add(`<path d="${accents}" fill="${ACCENT}" fill-opacity="0.75"/>`)
}

/**
 * Abstract people: a head and rounded shoulders, in graphite gradients. No faces, no text; the
 * shapes only suggest a team.
 */
export function figure(
  canvas: Canvas,
  cx: number,
  base: number,
  size: number,
  tone: string,
  highlight = false,
): void {
  const head = size * 0.2
  const shoulderW = size * 0.42
  const shoulderTop = base - size * 0.5
  const paint = canvas.linear(cx - shoulderW, shoulderTop, cx + shoulderW, base, [
    [0, tone],
    [1, INK.graphite],
  ])
  canvas.add(
    `<path d="M${f1(cx - shoulderW)} ${f1(base)}V${f1(shoulderTop + shoulderW * 0.6)}A${f1(shoulderW)} ${f1(shoulderW * 0.6)} 0 0 1 ${f1(cx + shoulderW)} ${f1(shoulderTop + shoulderW * 0.6)}V${f1(base)}Z" fill="${paint}"/>`,
  )
  canvas.add(`<circle cx="${f1(cx)}" cy="${f1(shoulderTop - head * 1.05)}" r="${f1(head)}" fill="${paint}"/>`)
  if (highlight) {
    canvas.add(
      `<circle cx="${f1(cx)}" cy="${f1(shoulderTop - head * 1.05)}" r="${f1(head * 1.35)}" fill="none" stroke="${ACCENT}" stroke-width="${f1(size * 0.012)}"/>`,
    )
  }
}

/**
 * The finishing pass on every page hero: darken the left and centre (headline side), vignette the
 * edges, and fade the top under the fixed header.
 */
export function legibility(canvas: Canvas, strength = 1): void {
  const { width: w, height: h } = canvas
  fill(
    canvas,
    canvas.linear(0, 0, w, 0, [
      [0, INK.black, 0.9 * strength],
      [0.3, INK.black, 0.72 * strength],
      [0.55, INK.black, 0.3 * strength],
      [0.75, INK.black, 0],
    ]),
  )
  fill(
    canvas,
    canvas.linear(0, 0, 0, h, [
      [0, INK.black, 0.55],
      [0.18, INK.black, 0],
      [0.8, INK.black, 0],
      [1, INK.black, 0.6],
    ]),
  )
}
