// Reading time on a view-only document's page (its pictures, components/documents/
// PageImagesDocument.tsx): the page taking up most of the viewport is the one being read, as in
// the PDF pane. A plain module for the page's +client.ts, no React: the pictures read the same
// without it, it only reports the time.
import { mostVisiblePage } from '../../../lib/documents/visible-page.ts'
import { watchPagesOnScreen } from './pages-on-screen.ts'
import { readingDocument, trackReading } from './track-reading.ts'

export const PAGE_IMAGES_ATTRIBUTE = 'data-page-images'

export function trackPageImagesReading(root: ParentNode = document): void {
  const list = root.querySelector<HTMLElement>(`[${PAGE_IMAGES_ATTRIBUTE}]`)
  const reading = readingDocument(list)
  if (!list || !reading) return
  const tracker = trackReading(reading, list)
  let scheduled = false
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    window.requestAnimationFrame(() => {
      scheduled = false
      tracker.show(mostVisiblePage(pages.heights()))
    })
  }
  const pages = watchPagesOnScreen(list, schedule)
  window.addEventListener('scroll', schedule, { passive: true })
  window.addEventListener('resize', schedule, { passive: true })
}
