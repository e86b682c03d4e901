// A short HLS test stream (playback id `rm5-demo`) in bucket `video`: the RM5 driving and turning
// over a map grid. Frames are drawn like the stills and piped raw into ffmpeg, encoded once to
// H.264 (high.mp4, the spec's mp4 fallback rendition), then cut into 2-second HLS segments without
// re-encoding. Keyframes every 2 s make the cuts exact.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import sharp from 'sharp'
import { makeCamera, rotateY } from './geometry.ts'
import type { DemoJob } from './job.ts'
import { easeInOut } from './palette.ts'
import { groundGrid, studio } from './stage.ts'
import { type Backdrop, Canvas, renderBackdrop, toRgb } from './svg.ts'
import { drawVehicle, drawVehicleShadow, WHEEL_R } from './vehicle.ts'

export const PLAYBACK_ID = 'rm5-demo'
export const VIDEO_WIDTH = 960
export const VIDEO_HEIGHT = 540
export const FPS = 24
export const SECONDS = 8
const SEGMENT_SECONDS = 2
const SPEED = 3.2 // m/s, about 7 mph: a kerbside approach

export const ffmpegPath = (): string => ffmpegInstaller.path

interface Pose {
  heading: number
  travelled: number
  /** Where the vehicle is in the world; the camera follows it, so the grid appears to move. */
  position: [number, number]
}

/** Integrates the drive once so every frame's pose is known (and identical on every run). */
function poses(): Pose[] {
  const out: Pose[] = []
  let x = 0
  let z = 0
  let travelled = 0
  const frames = FPS * SECONDS
  for (let i = 0; i < frames; i++) {
    const t = i / (frames - 1)
    // A long left-hand sweep: from a three-quarter rear view of the lockers round to the
    // three-quarter front view, so the whole vehicle turns past the camera.
    const heading = (40 - 95 * easeInOut(t)) * (Math.PI / 180)
    out.push({ heading, travelled, position: [x, z] })
    const dir = rotateY([1, 0, 0], heading)
    x += (dir[0] * SPEED) / FPS
    z += (dir[2] * SPEED) / FPS
    travelled += SPEED / FPS
  }
  return out
}

// The camera follows the vehicle (which stays at the origin) from a fixed offset.
const camera = makeCamera({
  eye: [0.4, 2.9, 8.2],
  target: [0, 0.85, 0],
  fov: 32,
  width: VIDEO_WIDTH,
  height: VIDEO_HEIGHT,
})

function backdrop(): Promise<Backdrop> {
  const canvas = new Canvas(VIDEO_WIDTH, VIDEO_HEIGHT)
  studio(canvas, camera, { pool: [VIDEO_WIDTH / 2, camera.project([0, 0, 0])[1]], poolRadius: 520 })
  return renderBackdrop(canvas)
}

function frameCanvas(pose: Pose): Canvas {
  const canvas = new Canvas(VIDEO_WIDTH, VIDEO_HEIGHT)
  // The world moves by -position under the parked camera, so the grid scrolls as the RM5 drives.
  const [px, pz] = pose.position
  groundGrid(canvas, camera, {
    spacing: 1.5,
    extent: 20,
    offset: [-px % 1.5, -pz % 1.5],
    opacity: 0.32,
    fade: 20,
  })
  const options = { heading: pose.heading, lights: 1, wheelAngle: -pose.travelled / WHEEL_R }
  drawVehicleShadow(canvas, camera, options)
  drawVehicle(canvas, camera, options)
  return canvas
}

async function renderFrames(onFrame: (rgb: Buffer, index: number) => Promise<void>): Promise<void> {
  const all = poses()
  const back = await backdrop()
  // Two frames in flight keep both cores busy (librsvg rasterises on the libuv pool).
  let next = 0
  const pending: Promise<Buffer>[] = []
  const schedule = () => {
    const pose = all[next]
    if (pose) pending.push(toRgb(frameCanvas(pose), back))
    next += 1
  }
  schedule()
  schedule()
  for (let i = 0; i < all.length; i++) {
    const frame = await (pending.shift() as Promise<Buffer>)
    schedule()
    await onFrame(frame, i)
  }
}

function run(args: string[], input?: (stdin: NodeJS.WritableStream) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr?.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000)
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`))
    })
    if (input && child.stdin) {
      // A dead ffmpeg surfaces through 'close' with its stderr; an EPIPE here would only hide it.
      child.stdin.on('error', () => {})
      input(child.stdin).then(
        () => child.stdin?.end(),
        (error) => {
          child.kill('SIGKILL')
          reject(error)
        },
      )
    }
  })
}

function write(stream: NodeJS.WritableStream, data: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(data)) resolve()
    else stream.once('drain', resolve)
  })
}

/**
 * Renders and encodes into `dir`, laid out as in the bucket: rm5-demo.m3u8 beside a rm5-demo/
 * folder holding seg_NNN.ts, high.mp4 and poster.jpg.
 */
export async function renderVideo(dir: string): Promise<void> {
  let poster: Buffer | undefined
  const posterIndex = Math.round(FPS * SECONDS * 0.55)
  const folder = join(dir, PLAYBACK_ID)
  await mkdir(folder, { recursive: true })
  const mp4 = join(folder, 'high.mp4')
  // CRF with a VBV cap: the dark, smooth frames need few bits; the cap keeps the set to a few
  // hundred KB. yuv420p + main profile play everywhere (Safari, Android, hls.js/MSE).
  await run(
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...[
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${VIDEO_WIDTH}x${VIDEO_HEIGHT}`,
        '-r',
        String(FPS),
        '-i',
        '-',
      ],
      ...['-c:v', 'libx264', '-preset', 'medium', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
      ...['-crf', '30', '-maxrate', '200k', '-bufsize', '400k'],
      ...[
        '-g',
        String(FPS * SEGMENT_SECONDS),
        '-keyint_min',
        String(FPS * SEGMENT_SECONDS),
        '-sc_threshold',
        '0',
      ],
      ...['-threads', '2', '-movflags', '+faststart', mp4],
    ],
    (stdin) =>
      renderFrames(async (rgb, index) => {
        if (index === posterIndex) poster = rgb
        await write(stdin, rgb)
      }),
  )
  await run([
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', mp4, '-c', 'copy', '-f', 'hls'],
    ...['-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0'],
    // Segment URIs are relative to the playlist: rm5-demo.m3u8 → rm5-demo/seg_000.ts.
    ...['-hls_base_url', `${PLAYBACK_ID}/`, '-hls_segment_filename', join(folder, 'seg_%03d.ts')],
    join(dir, `${PLAYBACK_ID}.m3u8`),
  ])
  if (!poster) throw new Error('poster frame was not rendered')
  await sharp(poster, { raw: { width: VIDEO_WIDTH, height: VIDEO_HEIGHT, channels: 3 } })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(join(folder, 'poster.jpg'))
}

/** Checks that ffmpeg can demux the whole playlist from disk (every segment is reachable). */
export async function verifyPlaylist(playlistFile: string): Promise<void> {
  await run([
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    playlistFile,
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-f',
    'null',
    '-',
  ])
}

export function videoJob(): DemoJob {
  return {
    label: `video/${PLAYBACK_ID}.m3u8 (+ segments, high.mp4, poster.jpg)`,
    async run() {
      const dir = await mkdtemp(join(tmpdir(), 'rm5-video-'))
      try {
        await renderVideo(dir)
        await verifyPlaylist(join(dir, `${PLAYBACK_ID}.m3u8`))
        const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
          .sort()
        return Promise.all(
          names.map(async (key) => ({ bucket: 'video' as const, key, data: await readFile(join(dir, key)) })),
        )
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}
