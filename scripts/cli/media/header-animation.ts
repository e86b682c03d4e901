// Writes public/rm5-header.json, the home showcase's header animation (spec §2, §7): the RM5's
// locker bank draws itself, the ten lockers pop in, one lights up in the accent (your order),
// and the RM5 wordmark is drawn on and underlined. 2.5 s at 60 fps, then it rests on its last
// frame (no loop: motion that stops within 5 s needs no pause control, WCAG 2.2.2).
// Run: node --import tsx scripts/cli/media/header-animation.ts
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isEntryModule } from '../../../server/process-entry.server.ts'
import {
  animated,
  drawOn,
  ellipse,
  fill,
  group,
  hex,
  line,
  path,
  rect,
  shapeLayer,
  stroke,
  type Vec,
} from './lottie/build.ts'

const FPS = 60
const FRAMES = 150
const WIDTH = 372
const HEIGHT = 124
const PAPER = hex('#ffffff')
const ACCENT = hex('#c6ff3d')
const MUTED = hex('#5b6570')

/** The locker bank: a rounded body, 5 × 2 lockers, and the one holding your order. */
function lockerBank() {
  const body = group('body', [rect([60, 52], [112, 80], 14), stroke(MUTED, 3), drawOn(0, 40)])
  // Two wheels and the roof sensor turn the bank into a tiny RM5 seen from the side.
  const wheels = group(
    'wheels',
    [ellipse([30, 96], 17), ellipse([90, 96], 17), fill(hex('#12161b')), stroke(MUTED, 3)],
    {
      position: [0, 0],
      opacity: animated([
        [22, 0],
        [34, 100],
      ]),
    },
  )
  const sensor = group('sensor', [rect([60, 9], [22, 5], 2.5), fill(ACCENT)], {
    anchor: [60, 12],
    position: [60, 12],
    scale: animated([
      [104, [0, 100]],
      [118, [100, 100]],
    ]),
  })
  const cells = []
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 5; col++) {
      const center: Vec = [21.5 + col * 19.25, 35 + row * 34]
      const start = 18 + (row * 5 + col) * 3
      cells.push(
        group(`locker ${row * 5 + col + 1}`, [rect([0, 0], [15, 26], 3), stroke(PAPER, 2.2)], {
          position: center,
          scale: animated([
            [start, [0, 0]],
            [start + 14, [100, 100]],
          ]),
          opacity: animated([
            [start, 0],
            [start + 8, 100],
          ]),
        }),
      )
    }
  }
  // Locker 3 (top row, middle): the order. It fills with the accent and gives a small pop.
  const order = group('order', [rect([0, 0], [15, 26], 3), fill(ACCENT)], {
    position: [60, 35],
    scale: animated([
      [74, [40, 40]],
      [88, [118, 118]],
      [100, [100, 100]],
    ]),
    opacity: animated([
      [74, 0],
      [84, 100],
    ]),
  })
  return shapeLayer(1, 'locker bank', [sensor, order, ...cells, wheels, body], FRAMES)
}

/** R, M and 5 as single strokes on an 80-unit cap height, drawn on one after the other. */
function wordmark() {
  const k = 0.5523 * 22 // circle-arc handle length for a 22-unit radius
  const r = group('R', [
    path([
      { v: [0, 80] },
      { v: [0, 0] },
      { v: [28, 0], o: [k, 0] },
      { v: [50, 22], i: [0, -k], o: [0, k] },
      { v: [28, 44], i: [k, 0] },
      { v: [0, 44] },
    ]),
    line([26, 44], [50, 80]),
    stroke(PAPER, 9),
    drawOn(24, 62),
  ])
  const m = group('M', [
    line([72, 80], [72, 0], [100, 50], [128, 0], [128, 80]),
    stroke(PAPER, 9),
    drawOn(40, 80),
  ])
  const five = group('5', [
    path([
      { v: [196, 0] },
      { v: [160, 0] },
      { v: [157, 36], o: [6, -3] },
      { v: [176, 32], i: [-9, 0], o: [14, 0] },
      { v: [200, 56], i: [0, -14], o: [0, 15] },
      { v: [176, 80], i: [14, 0], o: [-10, 0] },
      { v: [153, 70], i: [6, 6] },
    ]),
    stroke(PAPER, 9),
    drawOn(56, 100),
  ])
  const underline = group('underline', [line([0, 104], [200, 104]), stroke(ACCENT, 5), drawOn(92, 128)])
  return shapeLayer(2, 'wordmark', [underline, five, m, r], FRAMES, [154, 12])
}

export function headerAnimation() {
  return {
    v: '5.12.2',
    nm: 'RM5 header',
    fr: FPS,
    ip: 0,
    op: FRAMES,
    w: WIDTH,
    h: HEIGHT,
    ddd: 0,
    assets: [],
    layers: [wordmark(), lockerBank()],
    markers: [],
  }
}

export const HEADER_ANIMATION_FILE = 'rm5-header.json'

if (isEntryModule(import.meta.url)) {
  const out = join(fileURLToPath(new URL('../../../public/', import.meta.url)), HEADER_ANIMATION_FILE)
  writeFileSync(out, `${JSON.stringify(headerAnimation())}\n`)
  console.log(`Wrote ${out}`)
}
