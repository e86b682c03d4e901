// SVG assembly and rasterising with sharp (librsvg). Scenes append markup to a Canvas; ids are
// per-canvas counters, so output is deterministic.
import sharp from 'sharp'
import type { Vec2 } from './geometry.ts'

export const f1 = (n: number) => (Math.round(n * 10) / 10).toString()

export function pathD(points: readonly Vec2[], close = true): string {
  const [first, ...rest] = points
  if (!first) return ''
  return `M${f1(first[0])} ${f1(first[1])}${rest.map((p) => `L${f1(p[0])} ${f1(p[1])}`).join('')}${close ? 'Z' : ''}`
}

export type Attrs = Record<string, string | number | undefined>

export const attrs = (a: Attrs) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? f1(v) : v}"`)
    .join('')

export class Canvas {
  readonly defs: string[] = []
  readonly body: string[] = []
  private ids = 0

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  id(prefix: string): string {
    this.ids += 1
    return `${prefix}${this.ids}`
  }

  add(markup: string): this {
    this.body.push(markup)
    return this
  }

  def(markup: string): this {
    this.defs.push(markup)
    return this
  }

  poly(points: readonly Vec2[], a: Attrs): this {
    return this.add(`<path d="${pathD(points)}"${attrs(a)}/>`)
  }

  /** A linear gradient in user space; stops are [offset 0..1, colour, opacity?]. */
  linear(x1: number, y1: number, x2: number, y2: number, stops: [number, string, number?][]): string {
    const id = this.id('lg')
    this.def(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse"${attrs({ x1, y1, x2, y2 })}>${stopMarkup(stops)}</linearGradient>`,
    )
    return `url(#${id})`
  }

  /** A radial gradient in user space, optionally squashed vertically (ry/rx). */
  radial(cx: number, cy: number, r: number, stops: [number, string, number?][], squash = 1): string {
    const id = this.id('rg')
    const transform =
      squash === 1 ? '' : ` gradientTransform="translate(0 ${f1(cy * (1 - squash))}) scale(1 ${squash})"`
    this.def(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse"${attrs({ cx, cy, r })}${transform}>${stopMarkup(stops)}</radialGradient>`,
    )
    return `url(#${id})`
  }

  /**
   * A soft ellipse with centre c and (screen-space) semi-axes a and b, faded by a radial gradient.
   * Used instead of feGaussianBlur, which costs ~10x the whole rest of a frame in librsvg.
   */
  softEllipse(c: Vec2, a: Vec2, b: Vec2, stops: [number, string, number?][]): this {
    const id = this.id('se')
    const m = [a[0], a[1], b[0], b[1], c[0], c[1]].map(f1).join(' ')
    this.def(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="matrix(${m})">${stopMarkup(stops)}</radialGradient>`,
    )
    const outline = Array.from({ length: 48 }, (_, i) => {
      const t = (i / 48) * Math.PI * 2
      return [
        c[0] + a[0] * Math.cos(t) + b[0] * Math.sin(t),
        c[1] + a[1] * Math.cos(t) + b[1] * Math.sin(t),
      ] as Vec2
    })
    return this.poly(outline, { fill: `url(#${id})` })
  }

  clip(points: readonly Vec2[]): string {
    const id = this.id('cp')
    this.def(`<clipPath id="${id}"><path d="${pathD(points)}"/></clipPath>`)
    return `url(#${id})`
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
  }
}

function stopMarkup(stops: [number, string, number?][]): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('')
}

/** A pre-rendered backdrop: raw RGB pixels that per-frame overlays are composited onto. */
export interface Backdrop {
  data: Buffer
  width: number
  height: number
}

export async function renderBackdrop(canvas: Canvas): Promise<Backdrop> {
  const data = await sharp(Buffer.from(canvas.toString())).removeAlpha().raw().toBuffer()
  return { data, width: canvas.width, height: canvas.height }
}

/**
 * Rasterises a canvas, optionally over a backdrop. Scenes with a fixed camera draw their gradient
 * backdrop once and only the moving parts per frame (the backdrop is a third of a frame's cost).
 */
export function rasterize(canvas: Canvas, backdrop?: Backdrop) {
  const svg = Buffer.from(canvas.toString())
  if (!backdrop) return sharp(svg)
  const { data, width, height } = backdrop
  return sharp(data, { raw: { width, height, channels: 3 } }).composite([{ input: svg }])
}

export const toJpeg = (canvas: Canvas, quality: number, backdrop?: Backdrop) =>
  rasterize(canvas, backdrop).jpeg({ quality, mozjpeg: true }).toBuffer()

/** Palette PNG (libimagequant): dark gradients quantise well and stay far under 300 KB. */
export const toPng = (canvas: Canvas, backdrop?: Backdrop) =>
  rasterize(canvas, backdrop)
    .png({ palette: true, quality: 92, effort: 8, dither: 0.9, compressionLevel: 9 })
    .toBuffer()

/** Raw RGB pixels for piping into ffmpeg. */
export const toRgb = (canvas: Canvas, backdrop?: Backdrop) =>
  rasterize(canvas, backdrop).removeAlpha().raw().toBuffer()
