// The turntable's visible texts (the 360° viewer of the spec) (docs/original-behaviour.md §2 and §8), kept verbatim in one place.
import type { TurntableBucket } from './images.ts'

export const TURNTABLE_LOADING = 'Loading 360° Viewer...'
export const TURNTABLE_ERROR_TITLE = 'Error loading images'
export const TURNTABLE_HINT = 'Click & Drag to Rotate'
/** Beside the first frame when JavaScript is off. */
export const TURNTABLE_NEEDS_SCRIPT = 'Turning the vehicle needs JavaScript'
export const TURNTABLE_CONSOLE_HINT = 'Check the browser console for details.'

export const NO_IMAGES_ANYWHERE =
  'No images found in any storage bucket. Please check that your images were uploaded correctly to the "360" bucket.'

export const noImageFilesIn = (bucket: TurntableBucket | string) =>
  `No image files found in bucket "${bucket}"`

export const unexpectedError = (error: unknown) =>
  `Unexpected error: ${(error instanceof Error ? error.message : '') || 'Unknown error'}`

/** What the turntable API answers when storage could be listed. */
export interface TurntableListing {
  /** The first bucket holding any file at its root, or null when none does. */
  bucket: TurntableBucket | null
  images: { name: string; url: string }[]
}

/** The error reason for a listing without frames, or undefined when there are frames to show. */
export function listingProblem(listing: TurntableListing): string | undefined {
  if (listing.images.length > 0) return undefined
  return listing.bucket === null ? NO_IMAGES_ANYWHERE : noImageFilesIn(listing.bucket)
}
