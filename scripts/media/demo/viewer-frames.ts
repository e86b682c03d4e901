// The 360° viewer's frames: the vehicle on a turntable, 36 steps of 10°, at the root of bucket
// `360` as rm5_1.jpg … rm5_36.jpg (numeric names: the viewer sorts numeric-aware, so 2 < 10).
import { makeCamera } from './geometry.ts'
import type { DemoJob } from './job.ts'
import { studio, turntable } from './stage.ts'
import { type Backdrop, Canvas, renderBackdrop, toJpeg } from './svg.ts'
import { drawVehicle, drawVehicleShadow } from './vehicle.ts'

export const VIEWER_FRAMES = 36
const WIDTH = 1200
const HEIGHT = 800
/** Frame 1 shows the locker side and the nose at three-quarters, the RM5's best angle. */
const FIRST_HEADING = (-40 * Math.PI) / 180

export const viewerFrameKey = (n: number) => `rm5_${n}.jpg`

const camera = makeCamera({ eye: [0, 3.0, 8.1], target: [0, 0.92, 0], fov: 30, width: WIDTH, height: HEIGHT })

let backdrop: Promise<Backdrop> | undefined
function studioBackdrop(): Promise<Backdrop> {
  backdrop ??= (() => {
    const canvas = new Canvas(WIDTH, HEIGHT)
    studio(canvas, camera, { pool: [WIDTH / 2, camera.project([0, 0, 0])[1]], poolRadius: 600 })
    return renderBackdrop(canvas)
  })()
  return backdrop
}

export async function renderViewerFrame(n: number): Promise<Buffer> {
  const heading = FIRST_HEADING + ((n - 1) * 2 * Math.PI) / VIEWER_FRAMES
  const canvas = new Canvas(WIDTH, HEIGHT)
  turntable(canvas, camera, heading)
  drawVehicleShadow(canvas, camera, { heading })
  drawVehicle(canvas, camera, { heading, lights: 1 })
  return toJpeg(canvas, 82, await studioBackdrop())
}

export function viewerFrameJobs(): DemoJob[] {
  return Array.from({ length: VIEWER_FRAMES }, (_, i) => ({
    label: `360/${viewerFrameKey(i + 1)}`,
    run: async () => [{ bucket: '360', key: viewerFrameKey(i + 1), data: await renderViewerFrame(i + 1) }],
  }))
}
