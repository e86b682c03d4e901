// Conditional-request checks (RFC 9110 §13) for the /media route. ETags here are S3 ETags
// (the MD5 of the bytes for simple uploads) in their quoted form, e.g. "9e107d9d372bb6826bd81d3542a419d6".
// If-None-Match and If-Modified-Since are `fresh`'s (Express's); If-Range, which it does not
// cover, is checked here.
import fresh from 'fresh'

/** If-None-Match uses the weak comparison: W/"x" matches "x". */
export function noneMatchHits(header: string, etag: string): boolean {
  return fresh({ 'if-none-match': header }, { etag })
}

/** True when the client's copy is current and a 304 is the answer. */
export function isNotModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string; 'cache-control'?: string },
  etag: string | undefined,
  lastModified: Date | undefined,
): boolean {
  // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.1.3); fresh does so.
  return fresh(
    {
      'if-none-match': headers['if-none-match'],
      'if-modified-since': headers['if-modified-since'],
      'cache-control': headers['cache-control'],
    },
    { etag, 'last-modified': lastModified?.toUTCString() },
  )
}

/**
 * If-Range: honour Range only when the client's validator still matches, otherwise send the whole
 * (changed) object. ETags must match strongly; a date must equal Last-Modified exactly.
 */
export function ifRangeAllows(
  header: string | undefined,
  etag: string | undefined,
  lastModified: Date | undefined,
) {
  if (header === undefined) return true
  const value = header.trim()
  if (value.startsWith('"') || value.startsWith('W/')) return etag !== undefined && value === etag
  const date = Date.parse(value)
  return (
    !Number.isNaN(date) &&
    lastModified !== undefined &&
    Math.floor(lastModified.getTime() / 1000) * 1000 === date
  )
}
