// Which page of a document the viewer is reading: the one taking up most of the viewport (on a
// phone one page fills it; on a wide screen two may share it, and the larger share wins, the
// earlier page on a tie). Pure, so the viewer's IntersectionObserver bookkeeping stays testable.

/** Visible height in CSS pixels of each page that intersects the viewport (absent or 0: none). */
export type VisibleHeights = ReadonlyMap<number, number>

export function mostVisiblePage(heights: VisibleHeights): number | null {
  let best: number | null = null
  let bestHeight = 0
  for (const [page, height] of heights) {
    if (height <= 0) continue
    if (height > bestHeight || (height === bestHeight && best !== null && page < best)) {
      best = page
      bestHeight = height
    }
  }
  return best
}

/** "Page n of N" for the indicator; before any page is current, the first one. */
export const pageLabel = (page: number | null, pages: number): string =>
  `Page ${Math.min(Math.max(page ?? 1, 1), Math.max(pages, 1))} of ${Math.max(pages, 1)}`
