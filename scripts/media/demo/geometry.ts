// Minimal 3D math for the demo renders: vectors, a yaw rotation and a pinhole camera. Hand-rolled
// because the scenes are a few hundred polygons and must render identically everywhere.

export type Vec3 = readonly [number, number, number]
export type Vec2 = readonly [number, number]

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s]
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
export const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2])
export const normalize = (a: Vec3): Vec3 => {
  const l = length(a)
  return l === 0 ? [0, 0, 0] : scale(a, 1 / l)
}
export const centroid = (pts: readonly Vec3[]): Vec3 =>
  scale(
    pts.reduce((acc, p) => add(acc, p), [0, 0, 0] as Vec3),
    1 / pts.length,
  )

/** Rotation about the vertical axis; positive angles turn +x towards -z (counter-clockwise from above). */
export function rotateY(p: Vec3, angle: number): Vec3 {
  const c = Math.cos(angle)
  const s = Math.sin(angle)
  return [p[0] * c + p[2] * s, p[1], -p[0] * s + p[2] * c]
}

/** Newell's method: a robust normal for any planar-ish polygon. */
export function polygonNormal(pts: readonly Vec3[]): Vec3 {
  let x = 0
  let y = 0
  let z = 0
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i] as Vec3
    const b = pts[(i + 1) % pts.length] as Vec3
    x += (a[1] - b[1]) * (a[2] + b[2])
    y += (a[2] - b[2]) * (a[0] + b[0])
    z += (a[0] - b[0]) * (a[1] + b[1])
  }
  return normalize([x, y, z])
}

export interface CameraOptions {
  eye: Vec3
  target: Vec3
  /** Vertical field of view in degrees. */
  fov: number
  width: number
  height: number
  /** Lens shift in pixels: moves the image without changing perspective (for off-centre layouts). */
  shiftX?: number
  shiftY?: number
}

export interface Camera {
  eye: Vec3
  /** Unit view direction. */
  forward: Vec3
  width: number
  height: number
  /** Camera-space position: x right, y up, z depth along the view direction. */
  toView(p: Vec3): Vec3
  /** Screen position in pixels and view depth (z); z <= near means behind the camera. */
  project(p: Vec3): [number, number, number]
  /** Pixels per metre at a given depth. */
  pixelsPerMetre(depth: number): number
}

export const NEAR = 0.05

export function makeCamera(o: CameraOptions): Camera {
  const forward = normalize(sub(o.target, o.eye))
  const right = normalize(cross(forward, [0, 1, 0]))
  const up = cross(right, forward)
  const focal = o.height / 2 / Math.tan((o.fov * Math.PI) / 360)
  const cx = o.width / 2 + (o.shiftX ?? 0)
  const cy = o.height / 2 + (o.shiftY ?? 0)
  const toView = (p: Vec3): Vec3 => {
    const d = sub(p, o.eye)
    return [dot(d, right), dot(d, up), dot(d, forward)]
  }
  return {
    eye: o.eye,
    forward,
    width: o.width,
    height: o.height,
    toView,
    project(p) {
      const [x, y, z] = toView(p)
      const zz = Math.max(z, NEAR)
      return [cx + (focal * x) / zz, cy - (focal * y) / zz, z]
    },
    pixelsPerMetre: (depth) => focal / Math.max(depth, NEAR),
  }
}

/** Clips a segment to the camera's near plane; undefined when it lies wholly behind it. */
export function clipSegment(camera: Camera, a: Vec3, b: Vec3): [Vec3, Vec3] | undefined {
  const za = camera.toView(a)[2]
  const zb = camera.toView(b)[2]
  const near = NEAR * 4
  if (za < near && zb < near) return undefined
  if (za >= near && zb >= near) return [a, b]
  const t = (near - za) / (zb - za)
  const m: Vec3 = add(a, scale(sub(b, a), t))
  return za < near ? [m, b] : [a, m]
}

/** Projects a polygon after clipping it to the near plane (ground shapes pass behind the camera). */
export function projectPolygon(camera: Camera, pts: readonly Vec3[]): Vec2[] {
  const near = NEAR * 4
  const depth = (p: Vec3) => camera.toView(p)[2]
  const out: Vec3[] = []
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i] as Vec3
    const b = pts[(i + 1) % pts.length] as Vec3
    const da = depth(a)
    const db = depth(b)
    if (da >= near) out.push(a)
    if (da >= near !== db >= near) out.push(add(a, scale(sub(b, a), (near - da) / (db - da))))
  }
  return out.map((p) => {
    const [x, y] = camera.project(p)
    return [x, y] as Vec2
  })
}
