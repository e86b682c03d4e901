// The buckets the site knows, by logical name (what URLs, pages and the spec use) and by the
// physical S3 name. S3 and MinIO only accept lowercase bucket names, but the spec calls the hero
// bucket `Heros`, so `Heros` stays the public, logical name and lives in the physical bucket `heros`.
// Isomorphic on purpose (no node imports): pages may build /media URLs with it.

const PHYSICAL = {
  '360': '360',
  Heros: 'heros',
  video: 'video',
  documents: 'documents', // the data room's files (server/documents/), served only through grants
  partners: 'partners', // partners' logos (rm5 partners add|set <slug> --logo <file>), shown on their public gates
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
export const TURNTABLE_BUCKETS = [
  '360',
  '360-images',
  'images',
  'product-images',
] as const satisfies readonly LogicalBucket[]

export const KNOWN_BUCKETS = Object.keys(PHYSICAL) as LogicalBucket[]

export function isKnownBucket(name: string): name is LogicalBucket {
  return Object.hasOwn(PHYSICAL, name)
}

/**
 * The S3 bucket that holds a logical bucket: S3_BUCKET_PREFIX + its lowercase name (bucket names
 * are global on AWS S3, R2 and B2, so `heros` is taken there). Throws for a name the site does not know.
 */
export function physicalBucket(logical: string, prefix = ''): string {
  if (!isKnownBucket(logical)) throw new Error(`Unknown bucket "${logical}"`)
  return prefix + PHYSICAL[logical]
}

/**
 * The logical bucket for a name given either way (`Heros` or `heros`, with the prefix), or
 * undefined. Accepting the physical name too keeps URLs written against MEDIA_PUBLIC_URL working
 * when it is switched off.
 */
export function logicalBucket(name: string, prefix = ''): LogicalBucket | undefined {
  if (isKnownBucket(name)) return name
  return KNOWN_BUCKETS.find((logical) => prefix + PHYSICAL[logical] === name)
}

// AWS's bucket naming rules, the strictest of the S3 services (R2 and B2 accept a subset of it).
const LEGAL_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const RESERVED_PREFIXES = ['xn--', 'sthree-', 'amzn-s3-demo-']
const RESERVED_SUFFIXES = ['-s3alias', '--ol-s3', '.mrap', '--x-s3', '--table-s3']

/** Why `name` is not a legal S3 bucket name, or undefined when it is. */
export function bucketNameProblem(name: string): string | undefined {
  if (!LEGAL_BUCKET.test(name)) {
    return `"${name}" must be 3 to 63 lowercase letters, digits, "." or "-", starting and ending with a letter or digit`
  }
  if (/\.\.|\.-|-\./.test(name)) return `"${name}" must not have ".." or "." next to "-"`
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return `"${name}" must not look like an IP address`
  const prefix = RESERVED_PREFIXES.find((reserved) => name.startsWith(reserved))
  if (prefix) return `"${name}" must not start with the reserved "${prefix}"`
  const suffix = RESERVED_SUFFIXES.find((reserved) => name.endsWith(reserved))
  if (suffix) return `"${name}" must not end with the reserved "${suffix}"`
  return undefined
}

/** Why a bucket prefix would make an illegal name of one of the site's buckets, or undefined. */
export function bucketPrefixProblem(prefix: string): string | undefined {
  for (const logical of KNOWN_BUCKETS) {
    const problem = bucketNameProblem(physicalBucket(logical, prefix))
    if (problem) return `gives the bucket name ${problem}`
  }
  return undefined
}
