// The hydrated pane: PDF.js reads the file once, each page is drawn when it comes near the
// viewport (PdfPage), the toolbar says which page is being read and moves between pages, and the
// reading time per page goes out in beacons (components/documents/reading).
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { mostVisiblePage, pageLabel } from '../../../lib/documents/visible-page.ts'
import { watchPagesOnScreen } from '../reading/pages-on-screen.ts'
import { trackReading } from '../reading/track-reading.ts'
import type { PDFDocumentProxy } from './open-pdf.ts'
import { PdfPage } from './PdfPage.tsx'
import type { PdfPaneProps } from './pdf-pane-props.ts'

/** A4 in points: the shape of every page until the first one is read. */
const DEFAULT_PAGE = { width: 595, height: 842 }

/** A scroll with no event for this long has settled. */
const SETTLE_MS = 250

const pageNumbers = (total: number) => Array.from({ length: total }, (_, i) => i + 1)

type State = { status: 'loading' } | { status: 'ready'; pdf: PDFDocumentProxy } | { status: 'failed' }

export function PdfPages({
  documentId,
  version,
  pages,
  fileUrl,
  title,
  viewToken,
  fallback,
}: PdfPaneProps & { fallback: ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading' })
  const [shape, setShape] = useState(DEFAULT_PAGE)
  const [width, setWidth] = useState(0)
  const [current, setCurrent] = useState<number | null>(null)
  // The page a move (a button, a key) is scrolling to: the indicator shows it, and the next move
  // counts from it, until the scroll settles (a smooth scroll passes other pages on the way).
  const heading = useRef<number | null>(null)
  const list = useRef<HTMLElement>(null)
  const total = state.status === 'ready' ? state.pdf.numPages : pages

  useEffect(() => {
    let destroy: (() => Promise<void>) | undefined
    let cancelled = false
    import('./open-pdf.ts')
      .then(async ({ openPdf }) => {
        const task = openPdf(fileUrl)
        destroy = () => task.destroy()
        const pdf = await task.promise
        const first = (await pdf.getPage(1)).getViewport({ scale: 1 })
        if (cancelled) return
        setShape({ width: first.width, height: first.height })
        setState({ status: 'ready', pdf })
      })
      .catch((error: unknown) => {
        if (cancelled) return
        console.error('The PDF could not be shown', error)
        setState({ status: 'failed' })
      })
    return () => {
      cancelled = true
      void destroy?.()
    }
  }, [fileUrl])

  // Pages are drawn as wide as the list, again when it changes width (rotation, a resized window).
  useEffect(() => {
    const element = list.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // The current page: the one taking up most of the viewport; it is what the reading time counts.
  // Which pages are on screen and how much of each is measured on each scroll frame.
  useEffect(() => {
    const element = list.current
    if (state.status !== 'ready' || !element) return
    const tracker = trackReading({ documentId, version, viewToken })
    let frame = 0
    const measure = () => {
      frame = 0
      const page = mostVisiblePage(onScreen.heights())
      tracker.show(page)
      if (page === heading.current) heading.current = null
      if (page !== null) setCurrent(heading.current ?? page)
    }
    const schedule = () => {
      frame ||= window.requestAnimationFrame(measure)
    }
    let settling = 0
    const onScroll = () => {
      schedule()
      window.clearTimeout(settling)
      settling = window.setTimeout(() => {
        heading.current = null
        schedule()
      }, SETTLE_MS)
    }
    const onScreen = watchPagesOnScreen(element, schedule)
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', schedule, { passive: true })
    return () => {
      onScreen.disconnect()
      window.clearTimeout(settling)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', schedule)
      window.cancelAnimationFrame(frame)
      tracker.stop()
    }
  }, [state, documentId, version, viewToken])

  const goTo = useCallback(
    (page: number) => {
      const target = Math.min(Math.max(page, 1), total)
      const slot = list.current?.querySelector<HTMLElement>(`[data-page="${target}"]`)
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
      if (!slot) return
      heading.current = target
      slot.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' })
      setCurrent(target)
    },
    [total],
  )

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const page = heading.current ?? current ?? 1
    const moves: Record<string, number> = {
      PageDown: page + 1,
      ArrowRight: page + 1,
      PageUp: page - 1,
      ArrowLeft: page - 1,
      Home: 1,
      End: total,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    goTo(target)
  }

  if (state.status === 'failed') {
    return (
      <div className="pdf-pane__failed" role="alert">
        <p>The document could not be shown here.</p>
        {fallback}
      </div>
    )
  }

  const label = pageLabel(current, total)
  return (
    <>
      <div className="pdf-pane__toolbar">
        <button
          type="button"
          className="pdf-pane__step"
          onClick={() => goTo((heading.current ?? current ?? 1) - 1)}
          disabled={(current ?? 1) <= 1}
          aria-label="Previous page"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p className="pdf-pane__position" aria-live="polite" aria-atomic="true">
          {label}
        </p>
        <button
          type="button"
          className="pdf-pane__step"
          onClick={() => goTo((heading.current ?? current ?? 1) + 1)}
          disabled={(current ?? 1) >= total}
          aria-label="Next page"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <section
        ref={list}
        className="pdf-pane__pages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages take PageUp, PageDown, Home and End
        tabIndex={0}
        aria-label={`${title || 'Document'}, PDF, ${total} page${total === 1 ? '' : 's'}`}
        aria-keyshortcuts="PageDown PageUp Home End"
        aria-busy={state.status === 'loading'}
        onKeyDown={onKeyDown}
      >
        {pageNumbers(total).map((number) => (
          <PdfPage
            key={number}
            number={number}
            total={total}
            pdf={state.status === 'ready' ? state.pdf : null}
            width={width}
            shape={shape}
          />
        ))}
      </section>
    </>
  )
}
