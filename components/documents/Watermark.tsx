/** Characters of text per tile, roughly: enough tiles to cover a long document, bounded. */
const CHARS_PER_TILE = 50
const MIN_TILES = 48
const MAX_TILES = 1500

/**
 * The viewer's line repeated across the element it sits in (`.watermarked`): faint, above the
 * text, never catching a click or a selection; in print it covers every page. Hidden from screen
 * readers, which read the same line once in the page's foot.
 */
export function Watermark({ line, textLength }: { line: string; textLength: number }) {
  const tiles = Math.min(MAX_TILES, Math.max(MIN_TILES, Math.ceil(textLength / CHARS_PER_TILE)))
  return (
    <div className="watermark" aria-hidden="true" data-watermark={line}>
      <div className="watermark__tiles">
        {Array.from({ length: tiles }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical static tiles, never reordered
          <span key={index} className="watermark__line">
            {line}
          </span>
        ))}
      </div>
    </div>
  )
}
