// Shared backdrops: the dark studio (cyclorama with a light pool), the turntable ring under the
// 360° frames, and a perspective ground grid for driving and map scenes.
import { add, type Camera, clipSegment, normalize, scale, type Vec2, type Vec3 } from './geometry.ts'
import { ACCENT, INK } from './palette.ts'
import { type Canvas, f1, pathD } from './svg.ts'

/** Screen y of the horizon (where the ground plane meets infinity). */
export function horizonY(camera: Camera): number {
  const flat = normalize([camera.forward[0], 0, camera.forward[2]])
  return camera.project(add(camera.eye, scale(flat, 1e5)))[1]
}

export interface StudioOptions {
  /** Screen point the light pool centres on (usually under the vehicle). */
  pool: Vec2
  poolRadius: number
  /** 0..1, brightness of the backdrop. */
  level?: number
}

export function studio(canvas: Canvas, camera: Camera, o: StudioOptions): void {
  const { width: w, height: h } = canvas
  const level = o.level ?? 1
  const horizon = Math.min(h * 0.92, Math.max(h * 0.2, horizonY(camera)))
  canvas.poly(
    [
      [0, 0],
      [w, 0],
      [w, h],
      [0, h],
    ],
    {
      fill: canvas.linear(0, 0, 0, h, [
        [0, INK.black],
        [horizon / h - 0.02, level > 0.8 ? '#1b1f24' : '#16191d'],
        [Math.min(0.99, horizon / h + 0.06), '#101316'],
        [1, INK.black],
      ]),
    },
  )
  // Light pool: a soft spotlight on the floor under the subject.
  canvas.add(
    `<ellipse cx="${f1(o.pool[0])}" cy="${f1(o.pool[1])}" rx="${f1(o.poolRadius)}" ry="${f1(o.poolRadius * 0.32)}" fill="${canvas.radial(
      o.pool[0],
      o.pool[1],
      o.poolRadius,
      [
        [0, '#2a3036', 0.9 * level],
        [0.55, '#1c2024', 0.5 * level],
        [1, '#101316', 0],
      ],
      0.32,
    )}"/>`,
  )
  // Back glow behind the subject, above the horizon.
  canvas.add(
    `<ellipse cx="${f1(o.pool[0])}" cy="${f1(horizon)}" rx="${f1(o.poolRadius * 1.3)}" ry="${f1(h * 0.45)}" fill="${canvas.radial(
      o.pool[0],
      horizon,
      o.poolRadius * 1.3,
      [
        [0, '#272c33', 0.55 * level],
        [1, '#272c33', 0],
      ],
      (h * 0.45) / (o.poolRadius * 1.3),
    )}"/>`,
  )
}

/** Projected circle on the ground. */
export function groundCircle(camera: Camera, centre: Vec3, r: number, steps = 96): Vec2[] {
  return Array.from({ length: steps }, (_, i) => {
    const a = (i / steps) * Math.PI * 2
    const [x, y] = camera.project(add(centre, [r * Math.cos(a), 0, r * Math.sin(a)]))
    return [x, y] as Vec2
  })
}

/** The turntable under the 360° frames; its marks turn with the vehicle so rotation reads. */
export function turntable(canvas: Canvas, camera: Camera, heading: number): void {
  const c: Vec3 = [0, 0, 0]
  canvas.add(`<path d="${pathD(groundCircle(camera, c, 2.75))}" fill="#0b0d10" fill-opacity="0.55"/>`)
  canvas.add(
    `<path d="${pathD(groundCircle(camera, c, 2.75))}" fill="none" stroke="#3a4149" stroke-width="1.2"/>`,
  )
  canvas.add(
    `<path d="${pathD(groundCircle(camera, c, 2.95))}" fill="none" stroke="${ACCENT}" stroke-opacity="0.35" stroke-width="1.4"/>`,
  )
  let ticks = ''
  for (let i = 0; i < 72; i++) {
    const a = -heading + (i / 72) * Math.PI * 2
    const major = i % 18 === 0
    const r0 = major ? 2.78 : 2.82
    const p0 = camera.project([r0 * Math.cos(a), 0, -r0 * Math.sin(a)])
    const p1 = camera.project([2.92 * Math.cos(a), 0, -2.92 * Math.sin(a)])
    ticks += `M${f1(p0[0])} ${f1(p0[1])}L${f1(p1[0])} ${f1(p1[1])}`
  }
  canvas.add(`<path d="${ticks}" stroke="#58616b" stroke-width="1" stroke-opacity="0.7"/>`)
}

export interface GridOptions {
  spacing: number
  extent: number
  /** World offset of the grid (scrolls it when driving). */
  offset?: Vec2
  colour?: string
  opacity?: number
  width?: number
  /** Distance (m from the camera) at which lines have faded out. */
  fade?: number
}

/** Ground grid lines, split into short pieces so they fade with distance. */
export function groundGrid(canvas: Canvas, camera: Camera, o: GridOptions): void {
  const { spacing, extent } = o
  const [ox, oz] = o.offset ?? [0, 0]
  const fade = o.fade ?? extent
  const buckets = new Map<number, string>()
  const piece = 2
  const addSeg = (a: Vec3, b: Vec3) => {
    const clipped = clipSegment(camera, a, b)
    if (!clipped) return
    const mid = add(clipped[0], [(clipped[1][0] - clipped[0][0]) / 2, 0, (clipped[1][2] - clipped[0][2]) / 2])
    const dist = Math.hypot(mid[0] - camera.eye[0], mid[2] - camera.eye[2])
    const level = Math.round(Math.max(0, 1 - dist / fade) * 8)
    if (level <= 0) return
    const p = camera.project(clipped[0])
    const q = camera.project(clipped[1])
    buckets.set(level, `${buckets.get(level) ?? ''}M${f1(p[0])} ${f1(p[1])}L${f1(q[0])} ${f1(q[1])}`)
  }
  const start = (v: number) => Math.ceil((v - extent) / spacing) * spacing
  for (let gx = start(-ox) + ox; gx <= extent; gx += spacing) {
    for (let z = -extent; z < extent; z += piece) addSeg([gx, 0, z], [gx, 0, z + piece])
  }
  for (let gz = start(-oz) + oz; gz <= extent; gz += spacing) {
    for (let x = -extent; x < extent; x += piece) addSeg([x, 0, gz], [x + piece, 0, gz])
  }
  const colour = o.colour ?? '#8a95a0'
  for (const [level, d] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
    canvas.add(
      `<path d="${d}" stroke="${colour}" stroke-opacity="${f1(((o.opacity ?? 0.2) * level) / 8)}" stroke-width="${o.width ?? 1}" fill="none"/>`,
    )
  }
}
