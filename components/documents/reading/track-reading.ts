// Browser side of reading time (lib/documents/reading-clock.ts): feeds the clock from the page
// (visibility, input) and sends its reports with navigator.sendBeacon on a page change, when a
// page holds a full report, and when the viewer leaves (the tab hidden, the page unloaded).
// Best effort by design: a beacon the browser drops is time not counted, never an error shown.
import { BEACON_PATH, beaconBody } from '../../../lib/documents/beacon.ts'
import { ReadingClock } from '../../../lib/documents/reading-clock.ts'

export interface ReadingTracker {
  /** The page now current (0: a Markdown document as a whole; null: none in sight). */
  show(page: number | null): void
  /** Sends what is left and stops listening. */
  stop(): void
}

/** A document's identity as its page marks it (data-document-id, data-version, data-view-token). */
export function readingDocument(
  element: HTMLElement | null,
): { documentId: string; version: number; viewToken: string } | null {
  const documentId = element?.dataset.documentId
  const version = Number(element?.dataset.version)
  const viewToken = element?.dataset.viewToken
  if (!documentId || !viewToken || !Number.isInteger(version) || version < 1) return null
  return { documentId, version, viewToken }
}

/** How often the tracker checks whether a page holds a full report. */
const DUE_CHECK_MS = 30_000
const INPUT_EVENTS = ['scroll', 'pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const

/**
 * Starts the clock for a document. `marked`, when given, carries the page being counted as
 * `data-reading-page` (empty for none): the page says what its clock counts, as an island says it
 * has hydrated, so a test can start its own clock from the same moment.
 */
export function trackReading(
  document_: {
    documentId: string
    version: number
    viewToken: string
  },
  marked?: HTMLElement,
): ReadingTracker {
  const now = () => performance.now()
  const clock = new ReadingClock(now(), { visible: document.visibilityState === 'visible' })

  const send = () => {
    for (const report of clock.take(now())) {
      const body = beaconBody(document_, report)
      // A string goes as text/plain: no preflight, and the server takes it (its route says so).
      if (!navigator.sendBeacon?.(BEACON_PATH, body)) {
        void fetch(BEACON_PATH, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(
          () => {},
        )
      }
    }
  }

  let lastInput = 0
  const onInput = () => {
    const at = now()
    // Input comes in bursts (a scroll is dozens of events): the clock needs one a second at most.
    if (at - lastInput < 1000) return
    lastInput = at
    clock.activity(at)
  }
  const onVisibility = () => {
    const visible = document.visibilityState === 'visible'
    clock.setVisible(visible, now())
    if (!visible) send()
  }
  const onPageHide = () => {
    clock.setVisible(false, now())
    send()
  }
  const onPageShow = (event: PageTransitionEvent) => {
    // Back from the back/forward cache: the same page is being read again.
    if (event.persisted) clock.setVisible(document.visibilityState === 'visible', now())
  }

  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { passive: true, capture: true })
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', onPageHide)
  window.addEventListener('pageshow', onPageShow)
  const timer = window.setInterval(() => {
    if (clock.due(now())) send()
  }, DUE_CHECK_MS)

  return {
    show(page) {
      if (page === clock.currentPage) return
      clock.show(page, now())
      if (marked) marked.dataset.readingPage = page === null ? '' : String(page)
      send()
    },
    stop() {
      clock.show(null, now())
      send()
      window.clearInterval(timer)
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true })
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onPageHide)
      window.removeEventListener('pageshow', onPageShow)
    },
  }
}
