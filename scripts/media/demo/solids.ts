// Flat-shaded boxes and ground shapes for scenery (buildings, kerbs, canopies, map blocks).
import { type Camera, centroid, dot, projectPolygon, sub, type Vec2, type Vec3 } from './geometry.ts'
import { hex, type RGB, rgb, times } from './palette.ts'
import type { Canvas } from './svg.ts'
import { STUDIO_LIGHT } from './vehicle.ts'

export interface BoxStyle {
  colour: string
  /** Per-face overrides, e.g. a lit underside: 'top' | 'bottom' | 'front' (+z) | … */
  faces?: Partial<Record<BoxFace, string>>
  /** Colours given in `faces` are used as they are (emissive), not shaded. */
  emissive?: boolean
}

type BoxFace = 'top' | 'bottom' | 'front' | 'back' | 'left' | 'right'

const FACES: [BoxFace, Vec3, (lo: Vec3, hi: Vec3) => Vec3[]][] = [
  [
    'top',
    [0, 1, 0],
    (l, h) => [
      [l[0], h[1], l[2]],
      [h[0], h[1], l[2]],
      [h[0], h[1], h[2]],
      [l[0], h[1], h[2]],
    ],
  ],
  [
    'bottom',
    [0, -1, 0],
    (l, h) => [
      [l[0], l[1], l[2]],
      [l[0], l[1], h[2]],
      [h[0], l[1], h[2]],
      [h[0], l[1], l[2]],
    ],
  ],
  [
    'front',
    [0, 0, 1],
    (l, h) => [
      [l[0], l[1], h[2]],
      [l[0], h[1], h[2]],
      [h[0], h[1], h[2]],
      [h[0], l[1], h[2]],
    ],
  ],
  [
    'back',
    [0, 0, -1],
    (l, h) => [
      [l[0], l[1], l[2]],
      [h[0], l[1], l[2]],
      [h[0], h[1], l[2]],
      [l[0], h[1], l[2]],
    ],
  ],
  [
    'right',
    [1, 0, 0],
    (l, h) => [
      [h[0], l[1], l[2]],
      [h[0], l[1], h[2]],
      [h[0], h[1], h[2]],
      [h[0], h[1], l[2]],
    ],
  ],
  [
    'left',
    [-1, 0, 0],
    (l, h) => [
      [l[0], l[1], l[2]],
      [l[0], h[1], l[2]],
      [l[0], h[1], h[2]],
      [l[0], l[1], h[2]],
    ],
  ],
]

function shadeFlat(colour: string, n: Vec3): string {
  const { key, fill, ambient } = STUDIO_LIGHT
  const k = ambient + 0.1 * n[1] + Math.max(0, dot(n, key)) * 0.7 + Math.max(0, dot(n, fill)) * 0.2
  return hex(times(rgb(colour), k) as RGB)
}

/** An axis-aligned box; only faces turned towards the camera are drawn (boxes are convex). */
export function box(canvas: Canvas, camera: Camera, lo: Vec3, hi: Vec3, style: BoxStyle): void {
  for (const [name, n, corners] of FACES) {
    const pts = corners(lo, hi)
    if (dot(n, sub(camera.eye, centroid(pts))) <= 0) continue
    const own = style.faces?.[name]
    const fill = own && style.emissive ? own : shadeFlat(own ?? style.colour, n)
    canvas.poly(projectPolygon(camera, pts), { fill, stroke: fill, 'stroke-width': 0.8 })
  }
}

/** Several boxes, far to near (correct for boxes that do not interpenetrate). */
export function boxes(canvas: Canvas, camera: Camera, list: { lo: Vec3; hi: Vec3; style: BoxStyle }[]): void {
  const depth = (b: { lo: Vec3; hi: Vec3 }) => camera.toView(centroid([b.lo, b.hi]))[2]
  for (const b of [...list].sort((x, y) => depth(y) - depth(x))) box(canvas, camera, b.lo, b.hi, b.style)
}

/** A polygon on the ground (y = 0 unless given), from [x, z] points. */
export function ground(camera: Camera, pts: readonly Vec2[], y = 0): Vec2[] {
  return projectPolygon(
    camera,
    pts.map(([x, z]) => [x, y, z] as Vec3),
  )
}

/** A polyline on the ground, projected (no clipping; keep it in front of the camera). */
export function groundLine(camera: Camera, pts: readonly Vec2[], y = 0.005): Vec2[] {
  return pts.map(([x, z]) => {
    const [sx, sy] = camera.project([x, y, z])
    return [sx, sy] as Vec2
  })
}

/** A rectangle standing in a vertical plane z = const, from x0..x1 and y0..y1 (facades, windows). */
export function wallRect(camera: Camera, z: number, x0: number, x1: number, y0: number, y1: number): Vec2[] {
  return projectPolygon(camera, [
    [x0, y0, z],
    [x1, y0, z],
    [x1, y1, z],
    [x0, y1, z],
  ])
}
