// Lottie building blocks: just enough of the Bodymovin JSON format (v5) to author the header
// animation in code, so it is reviewable and reproducible instead of an opaque export.
export type Vec = [number, number]

const still = <T>(k: T) => ({ a: 0, k })

/** Ease out of the start, settle into the end (a gentle cubic, like the site's --ease). */
const EASE = { o: { x: [0.2], y: [0.7] }, i: { x: [0.2], y: [1] } }

/** Keyframes: [[frame, value], …], eased between each pair, holding after the last. */
export function animated(keys: [number, number | number[]][]) {
  return {
    a: 1,
    k: keys.map(([t, v], n) => {
      const s = Array.isArray(v) ? v : [v]
      return n < keys.length - 1 ? { t, s, ...EASE } : { t, s }
    }),
  }
}

export interface PathPoint {
  v: Vec
  /** In/out tangents relative to the vertex (curves); omitted = a corner. */
  i?: Vec
  o?: Vec
}

export function path(points: PathPoint[], closed = false) {
  return {
    ty: 'sh',
    ks: still({
      c: closed,
      v: points.map((p) => p.v),
      i: points.map((p) => p.i ?? [0, 0]),
      o: points.map((p) => p.o ?? [0, 0]),
    }),
  }
}

export const line = (...vertices: Vec[]) => path(vertices.map((v) => ({ v })))

export function rect(center: Vec, size: Vec, radius: number) {
  return { ty: 'rc', d: 1, p: still(center), s: still(size), r: still(radius) }
}

export function ellipse(center: Vec, diameter: number) {
  return { ty: 'el', d: 1, p: still(center), s: still([diameter, diameter]) }
}

export function stroke(rgb: number[], width: number) {
  return { ty: 'st', c: still([...rgb, 1]), o: still(100), w: still(width), lc: 2, lj: 2, ml: 4 }
}

export function fill(rgb: number[]) {
  return { ty: 'fl', c: still([...rgb, 1]), o: still(100), r: 1 }
}

/** Draws the group's paths on from 0 to 100 % between two frames. */
export function drawOn(from: number, to: number) {
  return {
    ty: 'tm',
    s: still(0),
    e: animated([
      [from, 0],
      [to, 100],
    ]),
    o: still(0),
    m: 1,
  }
}

export interface GroupTransform {
  anchor?: Vec
  position?: Vec
  scale?: ReturnType<typeof animated>
  opacity?: ReturnType<typeof animated>
}

export function group(name: string, items: object[], t: GroupTransform = {}) {
  return {
    ty: 'gr',
    nm: name,
    it: [
      ...items,
      {
        ty: 'tr',
        p: still(t.position ?? [0, 0]),
        a: still(t.anchor ?? [0, 0]),
        s: t.scale ?? still([100, 100]),
        r: still(0),
        o: t.opacity ?? still(100),
        sk: still(0),
        sa: still(0),
      },
    ],
  }
}

export function shapeLayer(
  index: number,
  name: string,
  shapes: object[],
  frames: number,
  position: Vec = [0, 0],
) {
  return {
    ddd: 0,
    ind: index,
    ty: 4,
    nm: name,
    sr: 1,
    ks: {
      o: still(100),
      r: still(0),
      p: still([...position, 0]),
      a: still([0, 0, 0]),
      s: still([100, 100, 100]),
    },
    ao: 0,
    shapes,
    ip: 0,
    op: frames,
    st: 0,
    bm: 0,
  }
}

export const hex = (color: string): number[] =>
  [1, 3, 5].map((at) => Math.round((Number.parseInt(color.slice(at, at + 2), 16) / 255) * 1000) / 1000)
