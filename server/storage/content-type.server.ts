// Content-Type by file extension, shared by the /media route and the upload CLI. The route decides
// by extension rather than trusting stored metadata, so an object uploaded by another tool (or with
// a wrong type) is still served with a type the browser will use, and `nosniff` stays safe. The
// types come from mime-types (mime-db); only the extensions below are served as what they are:
// anything else (HTML above all, which would run as this site's page) is a download.
import { contentType } from 'mime-types'

/** The media the site serves: pictures, animations, HLS and MP4 video, captions, text. */
const SERVED = new Set([
  'jpg',
  'jpeg',
  'png',
  'webp',
  'avif',
  'gif',
  'svg',
  'json',
  // mime-db's type for it is the one Apple's HLS spec (RFC 8216 §4) registers; Safari's native player requires it.
  'm3u8',
  'ts',
  'mp4',
  'm4s',
  'webm',
  'vtt',
  'txt',
])

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

export function extensionOf(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

export function contentTypeFor(key: string): string {
  const extension = extensionOf(key)
  return (SERVED.has(extension) && contentType(extension)) || DEFAULT_CONTENT_TYPE
}
