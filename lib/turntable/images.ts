// Which stored files are 360° viewer frames, and in what order (docs/original-behaviour.md §5 and §7). Shared by the
// turntable API (server) and its tests; pure so the rules are testable without storage.
import { TURNTABLE_BUCKETS } from '../buckets.ts'
import { isVariantKey } from '../responsive-images.ts'

/** Buckets tried in order; the first one holding any file at its root is used (docs/original-behaviour.md §7). */
export const TURNTABLE_BUCKET_ORDER = TURNTABLE_BUCKETS
export type TurntableBucket = (typeof TURNTABLE_BUCKETS)[number]

/**
 * The first frame's name in the `360` bucket (the demo set in demo-media/360): the page's
 * HTML shows it before the frame list arrives, and as the turntable's still without JavaScript.
 */
export const TURNTABLE_FIRST_FRAME = 'rm5_1.jpg'

/** The spec lists up to 100 files per bucket; more frames would only cost bandwidth. */
export const MAX_TURNTABLE_IMAGES = 100

const IMAGE = /\.(jpe?g|png|webp)$/i

/**
 * The seven hero frames (0_66 … 0_71, 0_0) share bucket 360 with the turntable frames. They live in
 * the `hero/` folder (docs/decisions/004-hero-frames-folder.md), and a `0_` name at the root is
 * refused as well, so an admin who uploads them flat does not add seven odd frames to the turn.
 */
export const isHeroFrameName = (name: string): boolean => /^0_\d+\.[a-z]+$/i.test(name)

/**
 * A frame file at the bucket root; dotfiles (macOS `._rm5_1.jpg` forks) and responsive variants
 * (`rm5_1.w640.webp`, docs/decisions/006-responsive-images.md) are never frames.
 */
export function isTurntableImage(name: string): boolean {
  return (
    !name.includes('/') &&
    !name.startsWith('.') &&
    IMAGE.test(name) &&
    !isHeroFrameName(name) &&
    !isVariantKey(name)
  )
}

/** Made on first use: ICU's collation data stays out of a process that sorts no frames. */
let collator: Intl.Collator | undefined

/** Numeric-aware name order: frame_2 before frame_10 (docs/original-behaviour.md §5). */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)
}

/**
 * At most `max` names, evenly spread over the whole sequence: a 360-frame turn shown as 100
 * frames is still a full turn, where the first 100 would stop at 100°.
 */
export function spreadEvenly<T>(items: readonly T[], max: number = MAX_TURNTABLE_IMAGES): T[] {
  if (items.length <= max) return [...items]
  return Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)] as T)
}

/** The turntable frames among a bucket's root file names, ordered and capped. */
export function selectTurntableImages(
  names: readonly string[],
  max: number = MAX_TURNTABLE_IMAGES,
): string[] {
  return spreadEvenly(names.filter(isTurntableImage).sort(compareNames), max)
}
