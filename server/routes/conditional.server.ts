// Conditional-request checks (RFC 9110 §13) for the /media route. ETags here are S3 ETags
// (the MD5 of the bytes for simple uploads) in their quoted form, e.g. "9e107d9d372bb6826bd81d3542a419d6".

function tags(header: string): string[] {
  return header.split(',').map((tag) => tag.trim())
}

/** If-None-Match uses the weak comparison: W/"x" matches "x". */
export function noneMatchHits(header: string, etag: string): boolean {
  return tags(header).some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag)
}

/** True when the client's copy is current and a 304 is the answer. */
export function isNotModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  etag: string | undefined,
  lastModified: Date | undefined,
): boolean {
  const noneMatch = headers['if-none-match']
  // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.1.3).
  if (noneMatch !== undefined) return etag !== undefined && noneMatchHits(noneMatch, etag)
  const since = headers['if-modified-since']
  if (since === undefined || lastModified === undefined) return false
  const sinceMs = Date.parse(since)
  // HTTP dates have one-second resolution; compare at that resolution.
  return !Number.isNaN(sinceMs) && Math.floor(lastModified.getTime() / 1000) * 1000 <= sinceMs
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
