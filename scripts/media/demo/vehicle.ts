// A 3D model of the RM5 drawn as flat-shaded SVG polygons: a rounded-box body to the spec's
// 3724 x 1424 x 2100 mm, a glass band wrapping front and back, 2 x 5 locker doors on the +z side,
// a lidar puck, and four wheels in arches.
//
// Occlusion is a painter's algorithm made exact by the model's shape: the body is convex, so its
// front-facing faces never overlap and need no sorting; wheels are drawn before the body (the body
// hides their upper half) and redrawn inside each visible wheel arch through a clip path; parts that
// stick out (open doors, lidar) are drawn after the body.
import {
  add,
  type Camera,
  centroid,
  dot,
  normalize,
  polygonNormal,
  rotateY,
  scale,
  sub,
  type Vec2,
  type Vec3,
} from './geometry.ts'
import { ACCENT, ACCENT_RGB, hex, mix, type RGB, rgb, times } from './palette.ts'
import { type Canvas, f1, pathD } from './svg.ts'

// Dimensions in metres, vehicle-local: +x forward, +y up, +z the locker side.
export const HALF_L = 3.724 / 2
export const HALF_W = 1.424 / 2
const Y_BOTTOM = 0.3
const Y_TOP = 2.02
const RV = 0.32 // plan-view corner radius
const RT = 0.16 // roof edge radius
const HX = HALF_L - RV
const HZ = HALF_W - RV
const FLAT_TOP = Y_TOP - RT
const SKIRT_TOP = 0.46
const BELT_TOP = 0.485
const GLASS_BOTTOM = 1.12
const GLASS_TOP = 1.8
const CORNER_STEPS = 7
const ROOF_STEPS = 5
export const WHEEL_X = 1.18
export const WHEEL_R = 0.29
const WHEEL_Z_IN = 0.48
const WHEEL_Z_OUT = 0.68
const ARCH_R = 0.36

// Lockers: 5 columns x 2 rows on the +z side, numbered 0-9 row by row from the top-front.
const LOCKER_COLS = 5
const LOCKER_W = 0.44
const LOCKER_GAP = 0.014
const LOCKER_ROWS: [number, number][] = [
  [1.268, 1.822],
  [0.7, 1.254],
]
const DOOR_THICKNESS = 0.035

export interface Lighting {
  key: Vec3
  fill: Vec3
  ambient: number
}

export const STUDIO_LIGHT: Lighting = {
  key: normalize([-0.55, 0.8, 0.45]),
  fill: normalize([0.75, 0.25, -0.5]),
  ambient: 0.3,
}

export interface VehicleOptions {
  /** Yaw in radians; 0 points the nose along +x, positive turns it towards -z. */
  heading: number
  position?: Vec3
  /** 0 = parked and dark, 1 = all lights on. */
  lights?: number
  /** Open angle in radians per locker index (0-9). */
  doors?: Partial<Record<number, number>>
  /** Wheel spin in radians (driving). */
  wheelAngle?: number
  lighting?: Lighting
}

interface Mat {
  color: RGB
  emissive?: RGB
  /** Emissive parts bloom unless this is false (e.g. a dimly lit locker interior). */
  glow?: boolean
  /** Bloom colour; the accent unless given. */
  bloom?: string
  gloss?: number
  opacity?: number
}

const PAINT: Mat = { color: rgb('#d9dee3'), gloss: 0.12 }
const ROOF: Mat = { color: rgb('#c9ced4'), gloss: 0.1 }
const SKIRT: Mat = { color: rgb('#24282d'), gloss: 0.05 }
const GLASS: Mat = { color: rgb('#11161b'), gloss: 0.65 }
const TYRE: Mat = { color: rgb('#16181b') }
const RIM: Mat = { color: rgb('#4a5159'), gloss: 0.3 }
const CAVITY: Mat = { color: rgb('#08090b') }
const DOOR: Mat = { color: rgb('#e6e9ec'), gloss: 0.12 }
const DOOR_INSIDE: Mat = { color: rgb('#b7bec5') }
const TRIM: Mat = { color: rgb('#2b3036'), gloss: 0.2 }
const PARCEL: Mat = { color: rgb('#a89a86') }

const accentMat = (lights: number, floor = 0.25): Mat => ({
  color: rgb('#2b3320'),
  emissive: mix(rgb('#3d4a22'), ACCENT_RGB, floor + (1 - floor) * lights),
})
const whiteLightMat = (lights: number, level = 1): Mat => ({
  color: rgb('#3a3f45'),
  bloom: '#eef4ff',
  emissive: mix(rgb('#4a5058'), rgb('#f4f8ff'), lights * level),
})

/** A face in vehicle-local space. */
interface Face {
  pts: Vec3[]
  n: Vec3
  mat: Mat
}

type Plane = 'lockers' | 'plain' | 'front' | 'back' | 'roof'

interface PlaneFrame {
  origin: Vec3
  u: Vec3
  v: Vec3
  n: Vec3
}

const PLANES: Record<Plane, PlaneFrame> = {
  lockers: { origin: [0, 0, HALF_W], u: [1, 0, 0], v: [0, 1, 0], n: [0, 0, 1] },
  plain: { origin: [0, 0, -HALF_W], u: [1, 0, 0], v: [0, 1, 0], n: [0, 0, -1] },
  front: { origin: [HALF_L, 0, 0], u: [0, 0, 1], v: [0, 1, 0], n: [1, 0, 0] },
  back: { origin: [-HALF_L, 0, 0], u: [0, 0, 1], v: [0, 1, 0], n: [-1, 0, 0] },
  roof: { origin: [0, Y_TOP, 0], u: [1, 0, 0], v: [0, 0, 1], n: [0, 1, 0] },
}

function onPlane(plane: Plane, pts: readonly Vec2[], lift = 0.004): Vec3[] {
  const f = PLANES[plane]
  return pts.map(([u, v]) => add(add(add(f.origin, scale(f.u, u)), scale(f.v, v)), scale(f.n, lift)))
}

const rect = (u0: number, v0: number, u1: number, v1: number): Vec2[] => [
  [u0, v0],
  [u1, v0],
  [u1, v1],
  [u0, v1],
]

function roundRect(u0: number, v0: number, u1: number, v1: number, r: number, steps = 3): Vec2[] {
  const corners: [number, number, number][] = [
    [u1 - r, v0 + r, -90],
    [u1 - r, v1 - r, 0],
    [u0 + r, v1 - r, 90],
    [u0 + r, v0 + r, 180],
  ]
  const out: Vec2[] = []
  for (const [cu, cv, start] of corners) {
    for (let i = 0; i <= steps; i++) {
      const a = ((start + (90 * i) / steps) * Math.PI) / 180
      out.push([cu + r * Math.cos(a), cv + r * Math.sin(a)])
    }
  }
  return out
}

const circle = (cu: number, cv: number, r: number, steps = 24, phase = 0): Vec2[] =>
  Array.from({ length: steps }, (_, i) => {
    const a = phase + (i / steps) * Math.PI * 2
    return [cu + r * Math.cos(a), cv + r * Math.sin(a)] as Vec2
  })

// ---------------------------------------------------------------------------------------------
// Body mesh: horizontal rings of a rounded rectangle, stacked; flat sides are single quads per
// band so materials (skirt, belt, glass) follow the bands and wrap around the corners.

interface Ring {
  y: number
  pts: Vec3[]
}

function ring(y: number, rho: number): Ring {
  const pts: Vec3[] = []
  const centres: [number, number][] = [
    [HX, HZ],
    [-HX, HZ],
    [-HX, -HZ],
    [HX, -HZ],
  ]
  centres.forEach(([cx, cz], k) => {
    for (let i = 0; i <= CORNER_STEPS; i++) {
      const a = ((k * 90 + (90 * i) / CORNER_STEPS) * Math.PI) / 180
      pts.push([cx + rho * Math.cos(a), y, cz + rho * Math.sin(a)])
    }
  })
  return { y, pts }
}

/** Which part of the outline the edge from point j to j+1 belongs to. */
function segmentOf(j: number): Plane | 'corner' {
  const perCorner = CORNER_STEPS + 1
  if (j % perCorner !== CORNER_STEPS) return 'corner'
  return (['lockers', 'back', 'plain', 'front'] as const)[Math.floor(j / perCorner)] as Plane
}

function bodyMaterial(y0: number, y1: number, seg: Plane | 'corner', lights: number): Mat {
  const mid = (y0 + y1) / 2
  if (mid >= FLAT_TOP) return PAINT
  if (mid < SKIRT_TOP) return SKIRT
  if (mid < BELT_TOP) return accentMat(lights, 0.35)
  const wraps = seg === 'front' || seg === 'back' || seg === 'corner'
  if (wraps && mid > GLASS_BOTTOM && mid < GLASS_TOP) return GLASS
  return PAINT
}

function bodyFaces(lights: number): Face[] {
  const rings: Ring[] = [Y_BOTTOM, SKIRT_TOP, BELT_TOP, GLASS_BOTTOM, GLASS_TOP, FLAT_TOP].map((y) =>
    ring(y, RV),
  )
  for (let k = 1; k <= ROOF_STEPS; k++) {
    const lat = ((Math.PI / 2) * k) / ROOF_STEPS
    rings.push(ring(FLAT_TOP + RT * Math.sin(lat), RV - RT * (1 - Math.cos(lat))))
  }
  const centre: Vec3 = [0, (Y_BOTTOM + Y_TOP) / 2, 0]
  const faces: Face[] = []
  const push = (pts: Vec3[], mat: Mat) => {
    let n = polygonNormal(pts)
    if (dot(n, sub(centroid(pts), centre)) < 0) n = scale(n, -1)
    faces.push({ pts, n, mat })
  }
  for (let r = 0; r < rings.length - 1; r++) {
    const a = rings[r] as Ring
    const b = rings[r + 1] as Ring
    const count = a.pts.length
    for (let j = 0; j < count; j++) {
      const k = (j + 1) % count
      const pts = [a.pts[j], a.pts[k], b.pts[k], b.pts[j]] as Vec3[]
      push(pts, bodyMaterial(a.y, b.y, segmentOf(j), lights))
    }
  }
  push([...(rings[0] as Ring).pts].reverse(), SKIRT)
  push((rings[rings.length - 1] as Ring).pts, ROOF)
  return faces
}

// ---------------------------------------------------------------------------------------------
// Cylinders (wheels along z, lidar along y).

function cylinderZ(cx: number, cy: number, r: number, z0: number, z1: number, mat: Mat, steps = 20): Face[] {
  const ringAt = (z: number) => circle(cx, cy, r, steps).map(([x, y]) => [x, y, z] as Vec3)
  const a = ringAt(z0)
  const b = ringAt(z1)
  const faces: Face[] = []
  const mid: Vec3 = [cx, cy, (z0 + z1) / 2]
  for (let i = 0; i < steps; i++) {
    const j = (i + 1) % steps
    const pts = [a[i], a[j], b[j], b[i]] as Vec3[]
    faces.push({ pts, n: normalize(sub(centroid(pts), mid)), mat })
  }
  faces.push({ pts: a, n: [0, 0, Math.sign(z0 - z1)], mat })
  faces.push({ pts: b, n: [0, 0, Math.sign(z1 - z0)], mat })
  return faces
}

function cylinderY(r: number, bands: [number, number, Mat][], steps = 28): Face[] {
  const faces: Face[] = []
  const ringAt = (y: number) => circle(0, 0, r, steps).map(([x, z]) => [x, y, z] as Vec3)
  for (const [y0, y1, mat] of bands) {
    const a = ringAt(y0)
    const b = ringAt(y1)
    for (let i = 0; i < steps; i++) {
      const j = (i + 1) % steps
      const pts = [a[i], a[j], b[j], b[i]] as Vec3[]
      const c = centroid(pts)
      faces.push({ pts, n: normalize([c[0], 0, c[2]]), mat })
    }
  }
  const first = bands[0]
  const last = bands[bands.length - 1]
  if (first && last) {
    faces.push({ pts: ringAt(first[0]), n: [0, -1, 0], mat: first[2] })
    faces.push({ pts: ringAt(last[1]), n: [0, 1, 0], mat: last[2] })
  }
  return faces
}

// ---------------------------------------------------------------------------------------------
// Rendering

interface Ctx {
  canvas: Canvas
  camera: Camera
  toWorld: (p: Vec3) => Vec3
  dirToWorld: (n: Vec3) => Vec3
  lighting: Lighting
  /** Outlines of lit faces, by bloom colour, waiting for glowMarkup. */
  glow: Map<string, string>
}

function shade(ctx: Ctx, mat: Mat, nLocal: Vec3, at: Vec3): RGB {
  const n = ctx.dirToWorld(nLocal)
  const { key, fill, ambient } = ctx.lighting
  const view = normalize(sub(ctx.camera.eye, at))
  const diffuse = Math.max(0, dot(n, key)) * 0.78
  const fillLight = Math.max(0, dot(n, fill)) * 0.22
  const sky = ambient + 0.1 * n[1]
  let c = times(mat.color, sky + diffuse + fillLight)
  if (mat.gloss) {
    const half = normalize(add(key, view))
    const spec = Math.max(0, dot(n, half)) ** 28 * mat.gloss
    // Grazing reflections of the dark studio read as a faint sheen.
    const rim = (1 - Math.max(0, dot(n, view))) ** 3 * mat.gloss * 0.35
    c = add(c, times([255, 255, 255], spec + rim)) as RGB
  }
  if (mat.emissive) c = mix(c, mat.emissive, 0.92)
  return c
}

function visible(ctx: Ctx, pts: readonly Vec3[], nLocal: Vec3): boolean {
  const n = ctx.dirToWorld(nLocal)
  const p = ctx.toWorld(centroid(pts))
  return dot(n, sub(ctx.camera.eye, p)) > 1e-6
}

function project(ctx: Ctx, pts: readonly Vec3[]): Vec2[] {
  return pts.map((p) => {
    const [x, y] = ctx.camera.project(ctx.toWorld(p))
    return [x, y] as Vec2
  })
}

/** Markup for one face; `seal` strokes it in its own colour so neighbouring faces leave no seams. */
function faceMarkup(ctx: Ctx, face: Face, seal = true): string {
  const colour = hex(shade(ctx, face.mat, face.n, ctx.toWorld(centroid(face.pts))))
  const d = pathD(project(ctx, face.pts))
  const opacity = face.mat.opacity === undefined ? '' : ` fill-opacity="${face.mat.opacity}"`
  if (face.mat.emissive && face.mat.glow !== false) {
    const bloom = face.mat.bloom ?? hex(ACCENT_RGB)
    ctx.glow.set(bloom, `${ctx.glow.get(bloom) ?? ''}<path d="${d}"/>`)
  }
  const stroke =
    seal && face.mat.opacity === undefined
      ? ` stroke="${colour}" stroke-width="0.9" stroke-linejoin="round"`
      : ''
  return `<path d="${d}" fill="${colour}"${opacity}${stroke}/>`
}

function drawFaces(ctx: Ctx, faces: readonly Face[], seal = true): string {
  return faces
    .filter((f) => visible(ctx, f.pts, f.n))
    .map((f) => faceMarkup(ctx, f, seal))
    .join('')
}

function decal(ctx: Ctx, plane: Plane, pts: readonly Vec2[], mat: Mat, lift?: number): string {
  return faceMarkup(ctx, { pts: onPlane(plane, pts, lift), n: PLANES[plane].n, mat }, false)
}

function wheelMarkup(ctx: Ctx, x: number, side: 1 | -1, spin: number): string {
  const zIn = side * WHEEL_Z_IN
  const zOut = side * WHEEL_Z_OUT
  const faces = cylinderZ(x, WHEEL_R, WHEEL_R, zIn, zOut, TYRE)
  let out = drawFaces(ctx, faces)
  const capN: Vec3 = [0, 0, side]
  const capAt = (pts: Vec2[], lift: number) => pts.map(([u, v]) => [u, v, zOut + side * lift] as Vec3)
  if (!visible(ctx, capAt(circle(x, WHEEL_R, 0.1, 8), 0), capN)) return out
  const disc = (pts: Vec2[], mat: Mat, lift: number) =>
    faceMarkup(ctx, { pts: capAt(pts, lift), n: capN, mat }, false)
  out += disc(circle(x, WHEEL_R, 0.205, 28), RIM, 0.004)
  // Five spokes: dark windows between them, turned by the wheel's spin.
  for (let s = 0; s < 5; s++) {
    const a0 = spin + (s * 2 * Math.PI) / 5 + 0.2
    const a1 = spin + ((s + 1) * 2 * Math.PI) / 5 - 0.2
    const arc = (r: number, from: number, to: number) =>
      Array.from({ length: 6 }, (_, i) => {
        const a = from + ((to - from) * i) / 5
        return [x + r * Math.cos(a), WHEEL_R + r * Math.sin(a)] as Vec2
      })
    out += disc([...arc(0.17, a0, a1), ...arc(0.07, a1, a0)], CAVITY, 0.008)
  }
  out += disc(circle(x, WHEEL_R, 0.042, 12), { color: rgb('#8b949d'), gloss: 0.4 }, 0.012)
  return out
}

function archPolygon(x: number): Vec2[] {
  return Array.from({ length: 15 }, (_, i) => {
    const a = (Math.PI * i) / 14
    return [x + ARCH_R * Math.cos(a), Y_BOTTOM - 0.01 + ARCH_R * Math.sin(a)] as Vec2
  })
}

/** Wheel arches on a side plane: dark cavity, then the wheel again, clipped to the opening. */
function arches(ctx: Ctx, plane: 'lockers' | 'plain', spin: number): string {
  const side = plane === 'lockers' ? 1 : -1
  let out = ''
  for (const x of [WHEEL_X, -WHEEL_X]) {
    const outline = archPolygon(x)
    out += decal(ctx, plane, outline, CAVITY, 0.003)
    const clip = ctx.canvas.clip(project(ctx, onPlane(plane, outline, 0.003)))
    out += `<g clip-path="${clip}">${wheelMarkup(ctx, x, side, spin)}</g>`
  }
  return out
}

function lockerRect(index: number): [number, number, number, number] {
  const row = Math.floor(index / LOCKER_COLS)
  const col = index % LOCKER_COLS
  const total = LOCKER_COLS * LOCKER_W + (LOCKER_COLS - 1) * LOCKER_GAP
  // Column 0 is at the front (+x).
  const u1 = total / 2 - col * (LOCKER_W + LOCKER_GAP)
  const [v0, v1] = LOCKER_ROWS[row] as [number, number]
  return [u1 - LOCKER_W, v0, u1, v1]
}

function lockerSide(ctx: Ctx, o: Required<Pick<VehicleOptions, 'lights' | 'doors'>>): string {
  const total = LOCKER_COLS * LOCKER_W + (LOCKER_COLS - 1) * LOCKER_GAP
  const bottom = (LOCKER_ROWS[1] as [number, number])[0]
  const top = (LOCKER_ROWS[0] as [number, number])[1]
  let out = decal(
    ctx,
    'lockers',
    roundRect(-total / 2 - 0.03, bottom - 0.03, total / 2 + 0.03, top + 0.03, 0.05),
    TRIM,
    0.002,
  )
  for (let i = 0; i < 10; i++) {
    const [u0, v0, u1, v1] = lockerRect(i)
    const open = o.doors[i] ?? 0
    if (open > 0) {
      out += decal(ctx, 'lockers', rect(u0, v0, u1, v1), CAVITY, 0.004)
      const glow = o.lights * Math.min(1, open / 0.6)
      out += decal(
        ctx,
        'lockers',
        rect(u0 + 0.02, v0 + 0.02, u1 - 0.02, v1 - 0.02),
        { color: rgb('#0e1210'), emissive: mix(rgb('#0e1210'), rgb('#26321a'), glow), glow: false },
        0.005,
      )
      out += decal(
        ctx,
        'lockers',
        rect(u0 + 0.03, v1 - 0.035, u1 - 0.03, v1 - 0.025),
        accentMat(glow, 0.1),
        0.006,
      )
      // A parcel waiting inside, seen through the opening.
      const pw = (u1 - u0) * 0.56
      const pu = (u0 + u1) / 2 - pw / 2
      out += decal(
        ctx,
        'lockers',
        rect(pu, v0 + 0.02, pu + pw, v0 + 0.27),
        { color: times(PARCEL.color, 0.55 + 0.45 * glow) },
        0.006,
      )
      out += decal(
        ctx,
        'lockers',
        rect(pu, v0 + 0.24, pu + pw, v0 + 0.27),
        { color: times(PARCEL.color, 0.35 + 0.4 * glow) },
        0.007,
      )
      continue
    }
    out += decal(ctx, 'lockers', rect(u0, v0, u1, v1), DOOR, 0.005)
    const cu = (u0 + u1) / 2
    out += decal(
      ctx,
      'lockers',
      roundRect(cu - 0.07, v0 + 0.055, cu + 0.07, v0 + 0.078, 0.01, 2),
      TRIM,
      0.007,
    )
    out += decal(
      ctx,
      'lockers',
      rect(cu - 0.05, v1 - 0.045, cu + 0.05, v1 - 0.036),
      accentMat(o.lights, 0.15),
      0.007,
    )
  }
  return out
}

/** Open doors swing out on a hinge at their rear edge; drawn after the body as small boxes. */
function openDoors(ctx: Ctx, doors: Partial<Record<number, number>>): string {
  const boxes: { depth: number; markup: string }[] = []
  for (const [key, angle] of Object.entries(doors)) {
    if (!angle) continue
    const [u0, v0, u1, v1] = lockerRect(Number(key))
    const w = u1 - u0
    const d: Vec3 = [Math.cos(angle), 0, Math.sin(angle)]
    const n: Vec3 = [-Math.sin(angle), 0, Math.cos(angle)]
    const hinge: Vec3 = [u0, 0, HALF_W + 0.006]
    const corner = (along: number, v: number, out: number): Vec3 =>
      add(add(add(hinge, scale(d, along)), [0, v, 0]), scale(n, out))
    const outer = [corner(0, v0, 0), corner(w, v0, 0), corner(w, v1, 0), corner(0, v1, 0)]
    const inner = [
      corner(0, v0, -DOOR_THICKNESS),
      corner(0, v1, -DOOR_THICKNESS),
      corner(w, v1, -DOOR_THICKNESS),
      corner(w, v0, -DOOR_THICKNESS),
    ]
    const edge = [
      corner(w, v0, 0),
      corner(w, v0, -DOOR_THICKNESS),
      corner(w, v1, -DOOR_THICKNESS),
      corner(w, v1, 0),
    ]
    const faces: Face[] = [
      { pts: outer, n, mat: DOOR },
      { pts: inner, n: scale(n, -1), mat: DOOR_INSIDE },
      { pts: edge, n: d, mat: TRIM },
    ]
    boxes.push({ depth: ctx.camera.toView(ctx.toWorld(centroid(outer)))[2], markup: drawFaces(ctx, faces) })
  }
  return boxes
    .sort((a, b) => b.depth - a.depth)
    .map((b) => b.markup)
    .join('')
}

function plainSide(ctx: Ctx, lights: number): string {
  // The glass band runs the full length of the blank side, so the vehicle reads as one
  // continuous glasshouse with the lockers set into it; seams mark a service door below.
  const seam: Mat = { color: rgb('#8f979f') }
  let out = decal(ctx, 'plain', rect(-HX - 0.01, GLASS_BOTTOM, HX + 0.01, GLASS_TOP), GLASS, 0.003)
  out += decal(
    ctx,
    'plain',
    [
      [-0.9, GLASS_BOTTOM + 0.08],
      [-0.55, GLASS_BOTTOM + 0.08],
      [0.05, GLASS_TOP - 0.05],
      [-0.3, GLASS_TOP - 0.05],
    ],
    { color: rgb('#ffffff'), opacity: 0.05 },
    0.005,
  )
  for (const u of [-0.55, 0.55])
    out += decal(ctx, 'plain', rect(u - 0.004, SKIRT_TOP + 0.08, u + 0.004, GLASS_BOTTOM - 0.06), seam)
  out += decal(ctx, 'plain', rect(-0.55, GLASS_BOTTOM - 0.064, 0.55, GLASS_BOTTOM - 0.056), seam)
  out += decal(ctx, 'plain', rect(0.38, 0.86, 0.48, 0.868), accentMat(lights, 0.15), 0.007)
  return out
}

function nose(ctx: Ctx, plane: 'front' | 'back', lights: number): string {
  const h = HZ + 0.02
  let out = ''
  // Reflection streak across the glass band.
  out += decal(
    ctx,
    plane,
    [
      [-h, GLASS_BOTTOM + 0.1],
      [-h + 0.22, GLASS_BOTTOM + 0.1],
      [h - 0.05, GLASS_TOP - 0.06],
      [h - 0.27, GLASS_TOP - 0.06],
    ],
    { color: rgb('#ffffff'), opacity: 0.06 },
    0.005,
  )
  if (plane === 'front') {
    out += decal(ctx, plane, roundRect(-h, 0.93, h, 0.965, 0.015, 2), whiteLightMat(lights), 0.005)
    out += decal(
      ctx,
      plane,
      roundRect(-0.2, 0.62, 0.2, 0.78, 0.03, 2),
      { color: rgb('#15191d'), gloss: 0.5 },
      0.005,
    )
  } else {
    // Rear: a tailgate outline, and a dimmer light bar in the gap between tailgate and glass.
    out += decal(
      ctx,
      plane,
      roundRect(-h + 0.04, SKIRT_TOP + 0.06, h - 0.04, GLASS_BOTTOM - 0.05, 0.04),
      { color: rgb('#8f979f') },
      0.003,
    )
    out += decal(
      ctx,
      plane,
      roundRect(-h + 0.05, SKIRT_TOP + 0.07, h - 0.05, GLASS_BOTTOM - 0.06, 0.035),
      PAINT,
      0.004,
    )
    // A dark housing gives the bar contrast against the pale tailgate.
    out += decal(
      ctx,
      plane,
      roundRect(-h, GLASS_BOTTOM - 0.052, h, GLASS_BOTTOM - 0.012, 0.015, 2),
      TRIM,
      0.005,
    )
    out += decal(
      ctx,
      plane,
      roundRect(-h + 0.02, GLASS_BOTTOM - 0.042, h - 0.02, GLASS_BOTTOM - 0.022, 0.009, 2),
      whiteLightMat(lights, 0.75),
      0.006,
    )
  }
  return out
}

function roof(ctx: Ctx): string {
  return decal(
    ctx,
    'roof',
    roundRect(-HX + 0.05, -HZ - 0.02, HX - 0.05, HZ + 0.02, 0.12),
    { color: rgb('#2a2f35'), gloss: 0.5 },
    0.003,
  )
}

function lidar(ctx: Ctx, lights: number): string {
  const base = cylinderY(0.21, [[Y_TOP - 0.01, Y_TOP + 0.025, TRIM]])
  const puck = cylinderY(0.15, [
    [Y_TOP + 0.025, Y_TOP + 0.05, { color: rgb('#1b1f23'), gloss: 0.5 }],
    [Y_TOP + 0.05, Y_TOP + 0.058, accentMat(lights, 0.3)],
    [Y_TOP + 0.058, Y_TOP + 0.08, { color: rgb('#1b1f23'), gloss: 0.5 }],
  ])
  // Slightly forward of centre, where a real roof sensor mast sits.
  const at = (faces: Face[]) => faces.map((f) => ({ ...f, pts: f.pts.map((p) => add(p, [0.25, 0, 0])) }))
  return drawFaces(ctx, at(base)) + drawFaces(ctx, at(puck))
}

export function drawVehicle(canvas: Canvas, camera: Camera, options: VehicleOptions): void {
  const lights = options.lights ?? 1
  const doors = options.doors ?? {}
  const spin = options.wheelAngle ?? 0
  const position = options.position ?? [0, 0, 0]
  const ctx: Ctx = {
    canvas,
    camera,
    toWorld: (p) => add(rotateY(p, options.heading), position),
    dirToWorld: (n) => rotateY(n, options.heading),
    lighting: options.lighting ?? STUDIO_LIGHT,
    glow: new Map(),
  }
  const parts: string[] = []

  // 1. Wheels, far ones first; the body will cover their upper halves.
  const wheels = [WHEEL_X, -WHEEL_X].flatMap((x) => [1, -1].map((side) => ({ x, side: side as 1 | -1 })))
  wheels
    .map((w) => ({ ...w, depth: camera.toView(ctx.toWorld([w.x, WHEEL_R, w.side * WHEEL_Z_OUT]))[2] }))
    .sort((a, b) => b.depth - a.depth)
    .forEach((w) => {
      parts.push(wheelMarkup(ctx, w.x, w.side, spin))
    })

  // 2. The convex body: back-face culling alone orders it. The belt's glow goes right after, so
  //    wheel arches drawn next cut it the way they cut the belt itself.
  parts.push(drawFaces(ctx, bodyFaces(lights)), glowMarkup(ctx, lights))

  // 3. Details painted on whichever flat sides face the camera.
  const facing = (plane: Plane) => {
    const f = PLANES[plane]
    return visible(ctx, [f.origin, add(f.origin, f.u), add(f.origin, f.v)], f.n)
  }
  if (facing('lockers')) parts.push(lockerSide(ctx, { lights, doors }), arches(ctx, 'lockers', spin))
  if (facing('plain')) parts.push(plainSide(ctx, lights), arches(ctx, 'plain', spin))
  if (facing('front')) parts.push(nose(ctx, 'front', lights))
  if (facing('back')) parts.push(nose(ctx, 'back', lights))
  if (facing('roof')) parts.push(roof(ctx))

  // 4. What sticks out of the body.
  if (facing('lockers')) parts.push(openDoors(ctx, doors))
  parts.push(lidar(ctx, lights))

  parts.push(glowMarkup(ctx, lights))
  canvas.add(`<g>${parts.join('')}</g>`)
}

/**
 * Bloom around lit parts, faked with wide translucent strokes of the emissive outlines (a blur
 * filter looks the same here but costs ~10x the rest of the frame). Flushes ctx.glow.
 */
function glowMarkup(ctx: Ctx, lights: number): string {
  const groups = [...ctx.glow.entries()]
  ctx.glow.clear()
  if (groups.length === 0 || lights <= 0) return ''
  const px = ctx.camera.pixelsPerMetre(ctx.camera.toView(ctx.toWorld([0, 1, 0]))[2])
  const layers: [number, number][] = [
    [0.05, 0.1],
    [0.028, 0.16],
    [0.012, 0.28],
  ]
  return groups
    .flatMap(([colour, paths]) =>
      layers.map(
        ([w, o]) =>
          `<g stroke="${colour}" stroke-width="${f1(w * px)}" stroke-linejoin="round" stroke-opacity="${f1(o * lights)}" fill="none">${paths}</g>`,
      ),
    )
    .join('')
}

/**
 * Soft ground shadow and a faint accent under-glow, drawn before the vehicle. Gradient ellipses
 * aligned with the body give the soft falloff; stacked footprints give the dark contact core. Both
 * turn with the vehicle.
 */
export function drawVehicleShadow(
  canvas: Canvas,
  camera: Camera,
  options: VehicleOptions,
  strength = 1,
): void {
  const position = options.position ?? [0, 0, 0]
  const ground = (p: Vec3): Vec2 => {
    const [x, y] = camera.project(add(rotateY(p, options.heading), position))
    return [x, y]
  }
  const c = ground([0, 0, 0])
  const axis = (p: Vec3): Vec2 => {
    const q = ground(p)
    return [q[0] - c[0], q[1] - c[1]]
  }
  const ellipse = (ax: number, az: number, stops: [number, string, number?][]) =>
    canvas.softEllipse(c, axis([ax, 0, 0]), axis([0, 0, az]), stops)
  const lights = options.lights ?? 1
  if (lights > 0) {
    ellipse(HALF_L + 1.5, HALF_W + 1.5, [
      [0, ACCENT, 0.16 * lights * strength],
      [0.45, ACCENT, 0.06 * lights * strength],
      [1, ACCENT, 0],
    ])
  }
  ellipse(HALF_L + 0.9, HALF_W + 0.9, [
    [0, '#000', 0.75 * strength],
    [0.55, '#000', 0.45 * strength],
    [1, '#000', 0],
  ])
  for (const grow of [0.16, 0.1, 0.05, 0.02]) {
    canvas.poly(ring(0, RV + grow).pts.map(ground), { fill: '#000', 'fill-opacity': f1(0.22 * strength) })
  }
  for (const x of [WHEEL_X, -WHEEL_X]) {
    for (const side of [1, -1]) {
      const z = (side * (WHEEL_Z_IN + WHEEL_Z_OUT)) / 2
      const wc = ground([x, 0, z])
      const a = ground([x + 0.32, 0, z])
      const b = ground([x, 0, z + 0.2])
      canvas.softEllipse(
        wc,
        [a[0] - wc[0], a[1] - wc[1]],
        [b[0] - wc[0], b[1] - wc[1]],
        [
          [0, '#000', 0.9 * strength],
          [1, '#000', 0],
        ],
      )
    }
  }
}
