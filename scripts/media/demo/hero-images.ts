// Page heroes: {page}.jpg in bucket `Heros` (spec §2), 1920 x 1080. Each page gets its own
// composition in the shared look (graphite, pale vehicle, lime light), with the subject on the
// right and the left/centre kept dark for the white headline laid over it.
import { figure, fill, legibility, nightSky, skyline } from './backdrops.ts'
import { type Camera, makeCamera, rotateY, type Vec2, type Vec3 } from './geometry.ts'
import type { DemoJob } from './job.ts'
import { ACCENT, INK, seeded } from './palette.ts'
import { box, boxes, ground, groundLine, wallRect } from './solids.ts'
import { groundCircle, groundGrid, horizonY, studio } from './stage.ts'
import { Canvas, f1, pathD, rasterize } from './svg.ts'
import { drawVehicle, drawVehicleShadow, type VehicleOptions } from './vehicle.ts'

export const HERO_PAGES = [
  'home',
  'experience',
  'technology',
  'company',
  'careers',
  'contact',
  'apply',
  'terms',
  'privacy',
  'access',
  'proposal',
  'docket',
] as const
export type HeroPage = (typeof HERO_PAGES)[number]

const W = 1920
const H = 1080
const deg = (d: number) => (d * Math.PI) / 180

const cam = (eye: Vec3, target: Vec3, fov: number, shiftX = 0, shiftY = 0): Camera =>
  makeCamera({ eye, target, fov, width: W, height: H, shiftX, shiftY })

function vehicle(c: Canvas, camera: Camera, o: VehicleOptions, shadow = 1): void {
  drawVehicleShadow(c, camera, o, shadow)
  drawVehicle(c, camera, o)
}

/** A thin accent line with a soft halo (light on the horizon, routes, fascia strips). */
function accentLine(c: Canvas, pts: readonly Vec2[], width: number, opacity = 1, dash?: string): void {
  const d = pathD(pts, false)
  const dashAttr = dash ? ` stroke-dasharray="${dash}"` : ''
  c.add(
    `<path d="${d}" fill="none" stroke="${ACCENT}" stroke-width="${f1(width * 5)}" stroke-opacity="${f1(0.08 * opacity)}" stroke-linecap="round" stroke-linejoin="round"${dashAttr}/>`,
  )
  c.add(
    `<path d="${d}" fill="none" stroke="${ACCENT}" stroke-width="${f1(width * 2.4)}" stroke-opacity="${f1(0.16 * opacity)}" stroke-linecap="round" stroke-linejoin="round"${dashAttr}/>`,
  )
  c.add(
    `<path d="${d}" fill="none" stroke="${ACCENT}" stroke-width="${f1(width)}" stroke-opacity="${f1(opacity)}" stroke-linecap="round" stroke-linejoin="round"${dashAttr}/>`,
  )
}

function horizonLight(c: Canvas, camera: Camera, centreX: number): void {
  const y = horizonY(camera)
  const paint = c.linear(0, 0, W, 0, [
    [0, ACCENT, 0],
    [centreX / W, ACCENT, 0.55],
    [1, ACCENT, 0.05],
  ])
  c.add(`<rect x="0" y="${f1(y - 0.75)}" width="${W}" height="1.5" fill="${paint}"/>`)
  c.add(`<rect x="0" y="${f1(y - 6)}" width="${W}" height="12" fill="${paint}" opacity="0.12"/>`)
}

// --- Compositions --------------------------------------------------------------------------

function home(c: Canvas): void {
  const camera = cam([-1.4, 1.5, 8.8], [0, 1.0, 0], 31, W * 0.19, H * 0.04)
  const base = camera.project([0, 0, 0])
  studio(c, camera, { pool: [base[0], base[1]], poolRadius: 950 })
  horizonLight(c, camera, base[0])
  groundGrid(c, camera, { spacing: 2, extent: 40, opacity: 0.1, fade: 40 })
  vehicle(c, camera, { heading: deg(-52), lights: 1 })
  legibility(c)
}

function experience(c: Canvas): void {
  const camera = cam([0.9, 1.6, 8.6], [0, 1.1, -0.5], 33, W * 0.17)
  const rand = seeded(7)
  nightSky(c, horizonY(camera) / H, '#1f252c')
  // Street: asphalt, a kerb and pavement, then shopfronts and flats beyond.
  c.poly(
    ground(camera, [
      [-80, -2.3],
      [80, -2.3],
      [80, 40],
      [-80, 40],
    ]),
    { fill: '#0e1013' },
  )
  const buildings: { lo: Vec3; hi: Vec3 }[] = []
  for (let x = -40; x < 40; ) {
    const w = 6 + rand() * 7
    buildings.push({ lo: [x, 0, -20], hi: [x + w - 0.25, 8 + rand() * 16, -10] })
    x += w
  }
  for (const b of buildings) {
    box(c, camera, b.lo, b.hi, { colour: rand() < 0.5 ? '#1a1e23' : '#171a1f' })
    let lit = ''
    for (let y = 4; y < b.hi[1] - 1; y += 1.6) {
      for (let x = b.lo[0] + 0.6; x < b.hi[0] - 0.9; x += 1.1) {
        if (rand() < 0.3) lit += pathD(wallRect(camera, b.hi[2] + 0.01, x, x + 0.55, y, y + 0.8))
      }
    }
    if (lit) c.add(`<path d="${lit}" fill="#f0e6cf" fill-opacity="0.26"/>`)
    // Shopfronts: a warm band of glass at street level.
    if (rand() < 0.6) {
      const glass = wallRect(camera, b.hi[2] + 0.01, b.lo[0] + 0.5, b.hi[0] - 0.5, 0.4, 2.8)
      c.poly(glass, { fill: '#e8dcc0', 'fill-opacity': 0.1 + rand() * 0.1 })
    }
  }
  box(c, camera, [-80, 0, -9], [80, 0.15, -2.3], { colour: '#202429' })
  c.poly(
    groundLine(
      camera,
      [
        [-80, -2.3],
        [80, -2.3],
      ],
      0.152,
    ),
    { fill: 'none', stroke: '#4a525b', 'stroke-width': 1.2 },
  )
  // Street lamp and its pool of light on the pavement.
  const lamp: Vec3 = [-4.8, 0.15, -3.0]
  const pool = camera.project(lamp)
  c.softEllipse(
    [pool[0], pool[1]],
    [260, 0],
    [0, 46],
    [
      [0, '#f3ead6', 0.22],
      [1, '#f3ead6', 0],
    ],
  )
  box(c, camera, [lamp[0] - 0.07, 0.15, lamp[2] - 0.07], [lamp[0] + 0.07, 5.2, lamp[2] + 0.07], {
    colour: '#2c3238',
  })
  box(c, camera, [lamp[0] - 0.07, 5.1, lamp[2] - 0.07], [lamp[0] + 1.4, 5.22, lamp[2] + 0.16], {
    colour: '#2c3238',
    faces: { bottom: '#fff6e0' },
    emissive: true,
  })
  // Lane dashes and the pickup bay marked in the accent.
  let dashes = ''
  for (let x = -40; x < 40; x += 4)
    dashes += pathD(
      ground(camera, [
        [x, 4.4],
        [x + 2, 4.4],
        [x + 2, 4.55],
        [x, 4.55],
      ]),
    )
  c.add(`<path d="${dashes}" fill="#cfd6dc" fill-opacity="0.22"/>`)
  accentLine(
    c,
    groundLine(camera, [
      [-2.9, -2.2],
      [-2.9, 1.4],
      [2.9, 1.4],
      [2.9, -2.2],
    ]),
    2,
    0.7,
  )
  vehicle(c, camera, { heading: deg(-8), position: [0, 0, -0.45], lights: 1, doors: { 7: 1.3 } })
  legibility(c)
}

function technology(c: Canvas): void {
  const camera = cam([-7, 10.5, 11.5], [2, 0, 0], 34, W * 0.26, H * 0.06)
  const rand = seeded(11)
  fill(c, INK.night)
  c.poly(
    ground(camera, [
      [-120, -120],
      [120, -120],
      [120, 120],
      [-120, 120],
    ]),
    { fill: '#0d1013' },
  )
  const STEP = 17
  const STREET = 1.7
  // City blocks between streets along x (z = k*STEP) and along z (x = k*STEP + STEP/2).
  const items: { lo: Vec3; hi: Vec3 }[] = []
  let blocks = ''
  for (let bx = -5; bx <= 5; bx++) {
    for (let bz = -5; bz <= 4; bz++) {
      const x0 = bx * STEP - STEP / 2 + STREET
      const x1 = bx * STEP + STEP / 2 - STREET
      const z0 = bz * STEP + STREET
      const z1 = (bz + 1) * STEP - STREET
      blocks += pathD(
        ground(camera, [
          [x0, z0],
          [x1, z0],
          [x1, z1],
          [x0, z1],
        ]),
      )
      // Low buildings only behind the route, so none stands between the camera and the vehicle.
      if (bz < 0 || bx > 1) {
        for (let i = 0; i < 3; i++) {
          const w = 3 + rand() * 4
          const d = 3 + rand() * 4
          const x = x0 + 0.5 + rand() * (x1 - x0 - w - 1)
          const z = z0 + 0.5 + rand() * (z1 - z0 - d - 1)
          items.push({ lo: [x, 0, z], hi: [x + w, 0.6 + rand() * 3.5, z + d] })
        }
      }
    }
  }
  c.add(`<path d="${blocks}" fill="#151a1f" stroke="#20262d" stroke-width="1"/>`)
  // Sensor field: lidar rings and returns on nearby kerbs.
  const origin: Vec3 = [0, 0, 0]
  for (const [r, o] of [
    [3, 0.4],
    [5.5, 0.28],
    [8, 0.18],
    [10.5, 0.1],
  ] as [number, number][]) {
    c.poly(groundCircle(camera, origin, r), {
      fill: 'none',
      stroke: ACCENT,
      'stroke-opacity': o,
      'stroke-width': 1.4,
    })
  }
  let hits = ''
  for (let i = 0; i < 260; i++) {
    const a = rand() * Math.PI * 2
    const r = 2.5 + rand() * 9
    const p = camera.project([r * Math.cos(a), 0.02, r * Math.sin(a)])
    hits += `M${f1(p[0])} ${f1(p[1])}h2.4v2.4h-2.4Z`
  }
  c.add(`<path d="${hits}" fill="${ACCENT}" fill-opacity="0.45"/>`)
  // Route driven (solid) and still to go (dashed), with waypoints.
  const done: Vec2[] = [
    [-60, STEP],
    [-STEP / 2, STEP],
    [-STEP / 2, 0],
    [-2.4, 0],
  ]
  const ahead: Vec2[] = [
    [2.4, 0],
    [STEP / 2, 0],
    [STEP / 2, -STEP],
    [STEP * 1.5, -STEP],
  ]
  accentLine(c, groundLine(camera, done), 4)
  accentLine(c, groundLine(camera, ahead), 3, 0.75, '14 12')
  for (const p of [done[1], done[2], ahead[1], ahead[2]] as Vec2[]) {
    const [x, y] = camera.project([p[0], 0, p[1]])
    c.add(
      `<circle cx="${f1(x)}" cy="${f1(y)}" r="9" fill="${INK.night}" stroke="${ACCENT}" stroke-width="3"/>`,
    )
  }
  boxes(
    c,
    camera,
    items.map((b) => ({ ...b, style: { colour: '#1d2228' } })),
  )
  vehicle(c, camera, { heading: 0, lights: 1 }, 0.8)
  legibility(c)
}

function company(c: Canvas): void {
  nightSky(c, 0.7, '#2a313a')
  c.softEllipse(
    [W * 0.7, H * 0.72],
    [W * 0.45, 0],
    [0, H * 0.3],
    [
      [0, '#313944', 0.7],
      [1, '#313944', 0],
    ],
  )
  skyline(c, {
    seed: 3,
    base: H * 0.74,
    minH: 140,
    maxH: 430,
    minW: 50,
    maxW: 120,
    colour: '#181c21',
    lit: 0.05,
  })
  skyline(c, {
    seed: 5,
    base: H * 0.79,
    minH: 90,
    maxH: 330,
    minW: 70,
    maxW: 150,
    colour: '#111418',
    lit: 0.09,
    accentEvery: 47,
  })
  skyline(c, {
    seed: 9,
    base: H * 0.86,
    minH: 60,
    maxH: 230,
    minW: 90,
    maxW: 190,
    colour: '#0a0c0e',
    lit: 0.12,
    accentEvery: 31,
  })
  fill(
    c,
    c.linear(0, 0, 0, H, [
      [0.86, INK.black, 0],
      [0.861, INK.black, 1],
      [1, INK.black, 1],
    ]),
  )
  // Light trails on the waterfront road.
  accentLine(
    c,
    [
      [W * 0.3, H * 0.885],
      [W * 1.02, H * 0.87],
    ],
    2.2,
    0.8,
  )
  c.add(
    `<path d="M${W * 0.1} ${H * 0.9}L${W * 1.02} ${H * 0.893}" stroke="#f2efe6" stroke-opacity="0.18" stroke-width="1.5"/>`,
  )
  legibility(c)
}

function careers(c: Canvas): void {
  fill(
    c,
    c.radial(W * 0.7, H * 0.55, W * 0.6, [
      [0, '#232930'],
      [0.6, '#12151a'],
      [1, INK.black],
    ]),
  )
  const rand = seeded(21)
  const rows: [number, number, number, string][] = [
    // [baseline, size, count, tone]
    [H * 0.6, 170, 5, '#353d46'],
    [H * 0.79, 230, 4, '#434c56'],
    [H * 1.02, 300, 3, '#525c67'],
  ]
  const heads: Vec2[] = []
  rows.forEach(([base, size, count, tone], r) => {
    for (let i = 0; i < count; i++) {
      const x = W * 0.5 + ((i + 0.5 + (r % 2) * 0.35) / count) * W * 0.48 + (rand() - 0.5) * 30
      figure(c, x, base, size * (0.9 + rand() * 0.2), tone, r === 1 && i === 1)
      heads.push([x, base - size * 0.71])
    }
  })
  // A loose network between people: culture as connection.
  let links = ''
  heads.forEach((a, i) => {
    const b = heads[(i * 7 + 3) % heads.length] as Vec2
    links += `M${f1(a[0])} ${f1(a[1])}L${f1(b[0])} ${f1(b[1])}`
  })
  c.add(`<path d="${links}" stroke="#8d98a4" stroke-opacity="0.12" stroke-width="1.2" fill="none"/>`)
  legibility(c)
}

function contact(c: Canvas): void {
  const camera = cam([-3, 14, 12], [4, 0, -1], 36, W * 0.1)
  fill(c, INK.night)
  c.poly(
    ground(camera, [
      [-120, -120],
      [120, -120],
      [120, 120],
      [-120, 120],
    ]),
    { fill: '#11151a' },
  )
  const rand = seeded(5)
  let minor = ''
  let major = ''
  for (let k = -12; k <= 12; k++) {
    const line = (a: Vec2, b: Vec2) => pathD(groundLine(camera, [a, b], 0), false)
    const wobble = (rand() - 0.5) * 2
    if (k % 4 === 0) {
      major += line([k * 6 + wobble, -80], [k * 6 - wobble, 30])
      major += line([-80, k * 6], [80, k * 6 + wobble])
    } else {
      minor += line([k * 6 + wobble, -80], [k * 6 - wobble, 30])
      minor += line([-80, k * 6], [80, k * 6 + wobble])
    }
  }
  c.add(`<path d="${minor}" stroke="#2a3138" stroke-width="1.5" fill="none"/>`)
  c.add(`<path d="${major}" stroke="#3a434c" stroke-width="3.5" fill="none"/>`)
  // A river bend for a sense of place.
  c.add(
    `<path d="${pathD(
      groundLine(
        camera,
        [
          [-80, -30],
          [-30, -22],
          [0, -28],
          [30, -18],
          [80, -24],
        ],
        0,
      ),
      false,
    )}" stroke="#1a2128" stroke-width="26" fill="none" stroke-linecap="round"/>`,
  )
  const here: Vec3 = [6, 0, 0]
  for (const [r, o] of [
    [1.5, 0.5],
    [3, 0.3],
    [4.8, 0.16],
    [7, 0.08],
  ] as [number, number][]) {
    c.poly(groundCircle(camera, here, r), {
      fill: ACCENT,
      'fill-opacity': o * 0.15,
      stroke: ACCENT,
      'stroke-opacity': o,
      'stroke-width': 1.5,
    })
  }
  for (const p of [
    [-6, 6],
    [-12, -6],
    [18, 12],
    [0, 18],
  ] as Vec2[]) {
    const [x, y] = camera.project([p[0], 0, p[1]])
    c.add(`<circle cx="${f1(x)}" cy="${f1(y)}" r="7" fill="#5d6772"/>`)
  }
  const [px, py] = camera.project(here)
  c.add(`<ellipse cx="${f1(px)}" cy="${f1(py)}" rx="16" ry="6" fill="#000" opacity="0.6"/>`)
  c.add(
    `<path d="M${f1(px)} ${f1(py)}C${f1(px - 8)} ${f1(py - 30)} ${f1(px - 34)} ${f1(py - 46)} ${f1(px - 34)} ${f1(py - 72)}A34 34 0 1 1 ${f1(px + 34)} ${f1(py - 72)}C${f1(px + 34)} ${f1(py - 46)} ${f1(px + 8)} ${f1(py - 30)} ${f1(px)} ${f1(py)}Z" fill="${ACCENT}"/>`,
  )
  c.add(`<circle cx="${f1(px)}" cy="${f1(py - 74)}" r="13" fill="${INK.night}"/>`)
  legibility(c)
}

function apply(c: Canvas): void {
  const camera = cam([-2.6, 4.2, 12.5], [2.2, 0.5, 0], 33, W * 0.22)
  const position: Vec3 = [1.2, 0, -2.2]
  const base = camera.project(position)
  studio(c, camera, { pool: [base[0], base[1]], poolRadius: 950 })
  groundGrid(c, camera, { spacing: 2, extent: 40, opacity: 0.1, fade: 40 })
  // The rollout road runs from the RM5 towards the viewer: the active phase at its nose, the
  // upcoming and planned phases further along, curving away to the right.
  const heading = deg(-62)
  const ahead = rotateY([1, 0, 0], heading)
  // A quadratic Bézier on the ground from the nose, swinging towards the viewer.
  const p0: Vec2 = [position[0] + ahead[0] * 2.1, position[2] + ahead[2] * 2.1]
  const p1: Vec2 = [position[0] + ahead[0] * 6.5, position[2] + ahead[2] * 6.5]
  const p2: Vec2 = [1.5, 5.2]
  const path: Vec2[] = Array.from({ length: 41 }, (_, i) => {
    const t = i / 40
    const a = (1 - t) * (1 - t)
    const b = 2 * t * (1 - t)
    const d = t * t
    return [a * p0[0] + b * p1[0] + d * p2[0], a * p0[1] + b * p1[1] + d * p2[1]] as Vec2
  })
  accentLine(c, groundLine(camera, path.slice(0, 9)), 4)
  accentLine(c, groundLine(camera, path.slice(8)), 3, 0.6, '16 14')
  const milestones: [number, boolean, number][] = [
    [2, true, 1],
    [20, false, 0.85],
    [38, false, 0.5],
  ]
  for (const [i, active, o] of milestones) {
    const p = path[i] as Vec2
    const at: Vec3 = [p[0], 0.01, p[1]]
    c.poly(groundCircle(camera, at, 0.45, 40), {
      fill: ACCENT,
      'fill-opacity': active ? 0.3 : 0.06,
      stroke: ACCENT,
      'stroke-width': 2,
      'stroke-opacity': o,
    })
    const foot = camera.project(at)
    const top = camera.project([p[0], 1.1, p[1]])
    c.add(
      `<path d="M${f1(foot[0])} ${f1(foot[1])}L${f1(top[0])} ${f1(top[1])}" stroke="${ACCENT}" stroke-opacity="${f1(o * 0.7)}" stroke-width="2"/>`,
    )
    c.add(
      `<circle cx="${f1(top[0])}" cy="${f1(top[1])}" r="${active ? 10 : 8}" fill="${active ? ACCENT : INK.night}" stroke="${ACCENT}" stroke-opacity="${f1(o)}" stroke-width="3"/>`,
    )
  }
  vehicle(c, camera, { heading, lights: 1, position })
  legibility(c)
}

function terms(c: Canvas): void {
  fill(
    c,
    c.linear(0, 0, W, H, [
      [0, INK.black],
      [0.6, '#14181c'],
      [1, '#1c2126'],
    ]),
  )
  const band = (x: number, w: number, o: number) =>
    c.poly(
      [
        [x, H],
        [x + w, H],
        [x + w + H * 0.7, 0],
        [x + H * 0.7, 0],
      ],
      {
        fill: c.linear(x, H, x + H * 0.7, 0, [
          [0, '#2b323a', 0],
          [0.6, '#2b323a', o],
          [1, '#2b323a', 0],
        ]),
      },
    )
  band(W * 0.38, 260, 0.5)
  band(W * 0.55, 420, 0.35)
  band(W * 0.78, 200, 0.45)
  accentLine(
    c,
    [
      [W * 0.55 + 420, H],
      [W * 0.55 + 420 + H * 0.7, 0],
    ],
    1.2,
    0.35,
  )
  legibility(c, 0.8)
}

function privacy(c: Canvas): void {
  fill(
    c,
    c.radial(W * 0.74, H * 0.52, W * 0.55, [
      [0, '#1d2228'],
      [1, INK.black],
    ]),
  )
  const cx = W * 0.74
  const cy = H * 0.52
  const rand = seeded(13)
  let arcs = ''
  for (let r = 90; r < 900; r += 58) {
    const a0 = rand() * Math.PI * 2
    const span = Math.PI * (0.9 + rand() * 0.9)
    const p0: Vec2 = [cx + r * Math.cos(a0), cy + r * Math.sin(a0)]
    const p1: Vec2 = [cx + r * Math.cos(a0 + span), cy + r * Math.sin(a0 + span)]
    arcs += `M${f1(p0[0])} ${f1(p0[1])}A${r} ${r} 0 ${span > Math.PI ? 1 : 0} 1 ${f1(p1[0])} ${f1(p1[1])}`
  }
  c.add(`<path d="${arcs}" fill="none" stroke="#3a434d" stroke-width="1.6" stroke-opacity="0.6"/>`)
  const r = 264
  accentLine(
    c,
    Array.from({ length: 40 }, (_, i) => {
      const a = -Math.PI * 0.85 + (i / 39) * Math.PI * 0.7
      return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as Vec2
    }),
    2,
    0.8,
  )
  c.softEllipse(
    [cx, cy],
    [180, 0],
    [0, 180],
    [
      [0, '#3b454f', 0.5],
      [1, '#3b454f', 0],
    ],
  )
  c.add(`<circle cx="${f1(cx)}" cy="${f1(cy)}" r="7" fill="${ACCENT}"/>`)
  legibility(c, 0.85)
}

function access(c: Canvas): void {
  const camera = cam([-3.5, 1.7, 7.5], [3.5, 1.8, 0], 38, W * 0.1)
  nightSky(c, horizonY(camera) / H, '#1a1f25')
  c.poly(
    ground(camera, [
      [-60, -30],
      [60, -30],
      [60, 30],
      [-60, 30],
    ]),
    { fill: '#0c0e11' },
  )
  // Light through one open gap in the gate: a glow behind it and a streak across the floor.
  const gap = 6.3
  const glow = camera.project([gap, 1.9, -0.8])
  c.softEllipse(
    [glow[0], glow[1]],
    [150, 0],
    [0, 380],
    [
      [0, ACCENT, 0.5],
      [0.4, ACCENT, 0.16],
      [1, ACCENT, 0],
    ],
  )
  c.poly(
    ground(
      camera,
      [
        [gap - 0.25, 0],
        [gap + 0.25, 0],
        [gap + 2.4, 6],
        [gap - 1.2, 6],
      ],
      0.005,
    ),
    {
      fill: c.linear(0, camera.project([gap, 0, 0])[1], 0, camera.project([gap, 0, 6])[1], [
        [0, ACCENT, 0.35],
        [1, ACCENT, 0],
      ]),
    },
  )
  const slats: { lo: Vec3; hi: Vec3; style: { colour: string } }[] = []
  for (let x = -2; x < 22; x += 0.7) {
    const open = Math.abs(x + 0.35 - gap) < 0.5
    const at = open ? x + 0.45 : x
    slats.push({ lo: [at, 0, -0.12], hi: [at + 0.32, 3.8, 0.12], style: { colour: '#2a3037' } })
  }
  boxes(c, camera, slats)
  box(c, camera, [-2.5, 3.8, -0.2], [22, 4.05, 0.2], { colour: '#22272d' })
  legibility(c, 0.9)
}

function proposal(c: Canvas): void {
  const camera = cam([-2.5, 1.8, 10.5], [2, 1.9, -2], 34, W * 0.12)
  nightSky(c, horizonY(camera) / H, '#1c2228')
  c.poly(
    ground(camera, [
      [-80, -40],
      [80, -40],
      [80, 40],
      [-80, 40],
    ]),
    { fill: '#0f1114' },
  )
  // The store: a long low building with lit windows behind the forecourt canopy.
  box(c, camera, [-8, 0, -14], [16, 4.4, -9], { colour: '#15181c' })
  const windows = [-6, -2, 2, 6, 10].map((x) => pathD(wallRect(camera, -8.99, x, x + 3.4, 0.3, 2.9))).join('')
  c.add(
    `<path d="${windows}" fill="${c.linear(
      0,
      camera.project([0, 2.9, -9])[1],
      0,
      camera.project([0, 0.3, -9])[1],
      [
        [0, '#d9d3c2', 0.32],
        [1, '#d9d3c2', 0.12],
      ],
    )}"/>`,
  )
  box(c, camera, [-8, 4.2, -9.2], [16, 4.8, -8.7], { colour: '#1d2227' })
  c.poly(wallRect(camera, -8.69, -8, 16, 4.46, 4.54), { fill: ACCENT, 'fill-opacity': 0.8 })
  // Light pool from the canopy.
  const pool = camera.project([3, 0, -2.5])
  c.softEllipse(
    [pool[0], pool[1]],
    [760, 0],
    [0, 150],
    [
      [0, '#eef2f5', 0.2],
      [0.6, '#eef2f5', 0.07],
      [1, '#eef2f5', 0],
    ],
  )
  const pillar = (x: number, z: number) =>
    box(c, camera, [x - 0.22, 0, z - 0.22], [x + 0.22, 4.7, z + 0.22], { colour: '#2a3036' })
  pillar(-2, -5.5)
  pillar(9, -5.5)
  vehicle(c, camera, { heading: deg(-10), lights: 1, position: [3.2, 0, -2.2], doors: { 2: 1.2 } })
  pillar(-2, 1.2)
  pillar(9, 1.2)
  box(c, camera, [-3.2, 4.7, -7], [10.2, 5.25, 2.4], {
    colour: '#1b1f24',
    faces: {
      bottom: '#3b4148',
      top: '#15181c',
      front: '#16191d',
      left: '#16191d',
      right: '#16191d',
      back: '#16191d',
    },
    emissive: true,
  })
  // Recessed light panels in the canopy's underside.
  let panels = ''
  for (let x = -2; x < 9.5; x += 2.6) {
    for (const z of [-5.2, -2, 1]) {
      panels += pathD(
        ground(
          camera,
          [
            [x, z],
            [x + 1.6, z],
            [x + 1.6, z + 0.7],
            [x, z + 0.7],
          ],
          4.69,
        ),
      )
    }
  }
  c.add(`<path d="${panels}" fill="#f4f7f9"/>`)
  c.poly(wallRect(camera, 2.41, -3.2, 10.2, 4.9, 4.97), { fill: ACCENT })
  legibility(c)
}

function docket(c: Canvas): void {
  const camera = cam([2.4, 1.45, 3.4], [-0.5, 1.0, 0.55], 42, W * 0.08)
  const base = camera.project([0, 0, 0])
  studio(c, camera, { pool: [base[0], base[1]], poolRadius: 1100, level: 0.8 })
  vehicle(c, camera, { heading: 0, lights: 1, doors: { 6: 1.35 } })
  legibility(c, 0.9)
}

const SCENES: Record<HeroPage, (c: Canvas) => void> = {
  home,
  experience,
  technology,
  company,
  careers,
  contact,
  apply,
  terms,
  privacy,
  access,
  proposal,
  docket,
}

export const heroImageKey = (page: HeroPage) => `${page}.jpg`

export function renderHeroImage(page: HeroPage): Promise<Buffer> {
  const canvas = new Canvas(W, H)
  SCENES[page](canvas)
  return rasterize(canvas).jpeg({ quality: 78, mozjpeg: true }).toBuffer()
}

export function heroImageJobs(): DemoJob[] {
  return HERO_PAGES.map((page) => ({
    label: `Heros/${heroImageKey(page)}`,
    run: async () => [{ bucket: 'Heros', key: heroImageKey(page), data: await renderHeroImage(page) }],
  }))
}
