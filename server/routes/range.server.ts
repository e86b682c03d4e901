// Parses a Range request header against an object size (RFC 9110 §14). We serve one range only:
// multi-range answers (multipart/byteranges) are rarely used by players and costly to build, and
// the RFC lets a server ignore Range, so several ranges, other units and malformed values all
// fall back to the full object.

export type RangeResult =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number } // end inclusive
  | { kind: 'unsatisfiable' }

const SINGLE = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' }
  const match = SINGLE.exec(header)
  if (!match) return { kind: 'full' }
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return { kind: 'full' }

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last)
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 }
  }

  const start = Number(first)
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last)
  if (end < start) return { kind: 'full' } // invalid range-spec: ignore the header
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'partial', start, end: Math.min(end, size - 1) }
}

export function contentRange(range: { start: number; end: number }, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`
}
