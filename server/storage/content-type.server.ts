// Content-Type by file extension, shared by the /media route and the upload CLI. The route decides
// by extension rather than trusting stored metadata, so an object uploaded by another tool (or with
// a wrong type) is still served with a type the browser will use, and `nosniff` stays safe.

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  // The type Apple's HLS spec (RFC 8216 §4) registers; Safari's native player requires it.
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  webm: 'video/webm',
  vtt: 'text/vtt; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

export function extensionOf(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

export function contentTypeFor(key: string): string {
  return TYPES[extensionOf(key)] ?? DEFAULT_CONTENT_TYPE
}
