// The buckets the site knows, by logical name (what URLs, pages and the spec use) and by the
// physical S3 name. S3 and MinIO only accept lowercase bucket names, but the spec calls the hero
// bucket `Heros`, so `Heros` stays the public/logical name and lives in the physical bucket `heros`.
// Isomorphic on purpose (no node imports): pages may build /media URLs with it.

const PHYSICAL = {
  '360': '360',
  Heros: 'heros',
  video: 'video',
  documents: 'documents', // the data room's files (server/documents/), served only through grants
  // Fallbacks the 360° viewer tries after `360` (docs/original-behaviour.md §7). Known, so /media serves them if an
  // admin creates and fills them, but not created by default.
  '360-images': '360-images',
  images: 'images',
  'product-images': 'product-images',
} as const

export type LogicalBucket = keyof typeof PHYSICAL

/** Buckets created at boot (ensureBuckets) and filled with demo media on first start. */
export const REQUIRED_BUCKETS = ['360', 'Heros', 'video'] as const satisfies readonly LogicalBucket[]

/** The order in which the 360° viewer looks for a non-empty bucket (docs/original-behaviour.md §7). */
export const VIEWER_BUCKETS = [
  '360',
  '360-images',
  'images',
  'product-images',
] as const satisfies readonly LogicalBucket[]

export const KNOWN_BUCKETS = Object.keys(PHYSICAL) as LogicalBucket[]

export function isKnownBucket(name: string): name is LogicalBucket {
  return Object.hasOwn(PHYSICAL, name)
}

/** The S3 bucket that holds a logical bucket; throws for a name the site does not know. */
export function physicalBucket(logical: string): string {
  if (!isKnownBucket(logical)) throw new Error(`Unknown bucket "${logical}"`)
  return PHYSICAL[logical]
}

/**
 * The logical bucket for a name given either way (`Heros` or `heros`), or undefined. Accepting the
 * physical name too keeps URLs written against MEDIA_PUBLIC_URL working when it is switched off.
 */
export function logicalBucket(name: string): LogicalBucket | undefined {
  if (isKnownBucket(name)) return name
  return KNOWN_BUCKETS.find((logical) => PHYSICAL[logical] === name)
}
