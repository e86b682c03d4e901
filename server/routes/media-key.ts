// Validation of the object key part of /media/{bucket}/{key}. S3 keys are opaque strings, so
// `..` would not escape a bucket on S3 itself, but the same key may reach a filesystem store
// (s3rver), a CDN or a proxy that normalises paths. We only ever serve keys that look like plain
// relative paths, and reject anything that could be read two ways.

export const MAX_KEY_LENGTH = 512

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
  }
  return undefined
}
