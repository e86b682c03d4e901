// The hero frame sequence (docs/original-behaviour.md §3, §4, §9): seven frames in bucket 360, index 0 … 6; every 60 ms
// the index rises by one while the active flag is set and falls by one while it is clear.
import { mediaUrl } from '../media.ts'

/** Playback order: at rest (0_66) … locker fully open (0_0). */
export const HERO_FRAME_NAMES = ['0_66', '0_67', '0_68', '0_69', '0_70', '0_71', '0_0'] as const
export const FRAME_STEP_MS = 60
export const LAST_FRAME = HERO_FRAME_NAMES.length - 1

/** Stored under `hero/` so the viewer never lists them (docs/decisions/004-hero-frames-folder.md). */
export const heroFrameUrls = (): string[] =>
  HERO_FRAME_NAMES.map((name) => mediaUrl('360', `hero/${name}.png`))

/** The next index, one tick later. Equal to `index` when the sequence has come to rest. */
export function stepFrame(index: number, active: boolean, last: number = LAST_FRAME): number {
  if (active) return Math.min(last, index + 1)
  return Math.max(0, index - 1)
}

/** True while ticking would still change the index (the timer can stop otherwise). */
export const isMoving = (index: number, active: boolean, last: number = LAST_FRAME): boolean =>
  stepFrame(index, active, last) !== index
