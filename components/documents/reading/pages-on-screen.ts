// Which pages of a document are on screen and how much of each, for the two page-by-page readers
// (the PDF pane's pages, a view-only document's pictures): an observer keeps the set of pages
// crossing the viewport, and their visible heights are measured when asked (an observer's
// thresholds alone would leave stale heights between crossings).

export interface PagesOnScreen {
  /** Visible height in CSS pixels of each page on screen, by its `data-page`. */
  heights(): Map<number, number>
  disconnect(): void
}

/** Watches every `[data-page]` element under `root`; `changed` runs after each crossing. */
export function watchPagesOnScreen(root: ParentNode, changed: () => void): PagesOnScreen {
  const onScreen = new Set<HTMLElement>()
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) onScreen.add(entry.target as HTMLElement)
      else onScreen.delete(entry.target as HTMLElement)
    }
    changed()
  })
  for (const slot of root.querySelectorAll<HTMLElement>('[data-page]')) observer.observe(slot)
  return {
    heights() {
      const heights = new Map<number, number>()
      for (const slot of onScreen) {
        const box = slot.getBoundingClientRect()
        heights.set(
          Number(slot.dataset.page),
          Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0),
        )
      }
      return heights
    },
    disconnect: () => observer.disconnect(),
  }
}
