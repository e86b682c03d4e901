// The home hero's 7-frame sequence (spec §2/§4): played forward on hover, backward on leave.
// The RM5 wakes up: its lights ramp up and the middle locker swings open to show a parcel.
// Stored under `hero/` in bucket `360` so they stay out of the viewer's root listing.
import { makeCamera } from './geometry.ts'
import type { DemoJob } from './job.ts'
import { easeInOut } from './palette.ts'
import { studio } from './stage.ts'
import { Canvas, toPng } from './svg.ts'
import { drawVehicle, drawVehicleShadow } from './vehicle.ts'

/** Frame names in playback order (index 0 at rest … index 6 fully open). */
export const HERO_FRAME_NAMES = ['0_66', '0_67', '0_68', '0_69', '0_70', '0_71', '0_0'] as const
export const heroFrameKey = (name: string) => `hero/${name}.png`

const WIDTH = 1200
const HEIGHT = 800
const HEADING = (-28 * Math.PI) / 180
const DOOR = 2 // top row, middle column

export async function renderHeroFrame(index: number): Promise<Buffer> {
  const t = index / (HERO_FRAME_NAMES.length - 1)
  const lights = 0.12 + 0.88 * easeInOut(Math.min(1, t * 1.6))
  const door = easeInOut(Math.max(0, (t - 0.2) / 0.8)) * 1.3
  const camera = makeCamera({
    eye: [0.6, 2.2, 7.0],
    target: [0, 1.05, 0],
    fov: 31,
    width: WIDTH,
    height: HEIGHT,
  })
  const canvas = new Canvas(WIDTH, HEIGHT)
  studio(canvas, camera, {
    pool: [WIDTH / 2, camera.project([0, 0, 0])[1]],
    poolRadius: 620,
    level: 0.6 + 0.4 * lights,
  })
  drawVehicleShadow(canvas, camera, { heading: HEADING, lights })
  drawVehicle(canvas, camera, { heading: HEADING, lights, doors: { [DOOR]: door } })
  return toPng(canvas)
}

export function heroFrameJobs(): DemoJob[] {
  return HERO_FRAME_NAMES.map((name, i) => ({
    label: `360/${heroFrameKey(name)}`,
    run: async () => [{ bucket: '360', key: heroFrameKey(name), data: await renderHeroFrame(i) }],
  }))
}
