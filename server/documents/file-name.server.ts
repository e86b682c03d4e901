// An uploaded file's name is metadata only: object keys are built from the document's id and the
// content's hash, never from a name. It is kept for the admin's record and gives a default title,
// so it is cleaned of what would garble a terminal or a page: control and format characters
// (bidirectional overrides included), path parts, and excess length.

const MAX_NAME = 255

/** Code points that must not reach a terminal, a table or a title (Cc, Cf, Cs, Co, Cn). */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu

/** Truncates to `max` code points (never splits a surrogate pair). */
function truncate(text: string, max: number): string {
  const points = [...text]
  return points.length <= max ? text : points.slice(0, max).join('')
}

/** The last path segment of `name`, cleaned; empty when nothing printable is left. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? ''
  const printable = base.normalize('NFC').replace(UNPRINTABLE, '').replace(/\s+/g, ' ').trim()
  return truncate(printable, MAX_NAME)
}

/** A title made from a file name: without its extension, separators read as spaces. */
export function titleFromFileName(name: string, maxLength: number): string {
  const clean = cleanFileName(name)
  const dot = clean.lastIndexOf('.')
  const stem = dot > 0 ? clean.slice(0, dot) : clean
  const words = stem.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim()
  return truncate(words, maxLength).trim() || 'Untitled document'
}
