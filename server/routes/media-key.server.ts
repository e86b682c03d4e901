// Validation of the object key part of /media/{bucket}/{key}. S3 keys are opaque strings, so
// `..` would not escape a bucket on S3 itself, but the same key may reach a filesystem store
// (s3rver), a CDN or a proxy that normalises paths. We only ever serve keys that look like plain
// relative paths, and reject anything that could be read two ways.

export const MAX_KEY_LENGTH = 512
/**
 * Per path segment, in UTF-8 bytes: filesystem-backed stores keep each segment as a file or
 * folder name (at most 255 bytes), some with a suffix of their own (s3rver adds up to 22
 * characters), and a longer name fails inside the store, which would read as "storage
 * unavailable" (503) instead of the client's mistake.
 */
export const MAX_SEGMENT_BYTES = 200

/** Encoded `/`, `\` or NUL in the raw path: a decoded key would not match what the client sent. */
const ENCODED_SEPARATOR = /%(2f|5c|00)/i

export function hasEncodedSeparator(rawPath: string): boolean {
  return ENCODED_SEPARATOR.test(rawPath)
}

// Control characters, including NUL; the regex is the point here.
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters
const CONTROL = /[\u0000-\u001f\u007f]/

/** Returns why a decoded key is not acceptable, or undefined when it is fine. */
export function invalidKeyReason(key: string): string | undefined {
  if (key === '') return 'Missing media key'
  if (key.length > MAX_KEY_LENGTH) return `Media key is longer than ${MAX_KEY_LENGTH} characters`
  if (key.includes('\\')) return 'Media key must not contain backslashes'
  if (CONTROL.test(key)) return 'Media key must not contain control characters'
  for (const segment of key.split('/')) {
    if (segment === '') return 'Media key must not contain empty path segments'
    if (segment === '.' || segment === '..') return 'Media key must not contain dot segments'
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      return `Media key segments must be at most ${MAX_SEGMENT_BYTES} bytes long`
    }
  }
  return undefined
}
