import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { brand } from '../../../lib/brand'
import {
  VIEWER_CONSOLE_HINT,
  VIEWER_ERROR_TITLE,
  VIEWER_HINT,
  VIEWER_LOADING,
} from '../../../lib/viewer/messages.ts'
import { keyStep, wrapIndex } from '../../../lib/viewer/rotation.ts'
import { ChevronIcon } from '../icons'
import { useInView } from '../useInView'
import { useDragRotate } from './useDragRotate'
import { usePreloadFrames } from './usePreloadFrames'
import { useViewerImages } from './useViewerImages'

/**
 * The 360° product viewer (docs/original-behaviour.md §2, §4, §9): frames from the server, turned by dragging (15 px a
 * step), by the arrow keys when focused and by the previous/next buttons (WCAG 2.1.1, 2.5.7).
 * The stage keeps a 3:2 box through loading, error and ready, so nothing around it moves.
 */
export function Viewer360() {
  const images = useViewerImages()
  const stage = useRef<HTMLDivElement>(null)
  const near = useInView(stage, '400px', true)
  const urls = images.status === 'ready' ? images.urls : EMPTY
  const count = urls.length
  const [index, setIndex] = useState(0)
  const [announce, setAnnounce] = useState('')
  const { dragging, handlers } = useDragRotate(index, count, setIndex)
  const hintId = useId()
  usePreloadFrames(urls, near)

  useEffect(() => {
    if (index >= count) setIndex(0)
  }, [index, count])

  const step = useCallback(
    (delta: number) => {
      const next = wrapIndex(index, delta, count)
      setIndex(next)
      setAnnounce(`View ${next + 1} of ${count}`)
    },
    [index, count],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = keyStep(event.key)
    if (delta === undefined) return
    event.preventDefault()
    step(delta)
  }

  return (
    <div className="viewer" data-state={images.status}>
      <div ref={stage} className="viewer__stage viewer-stage">
        {images.status === 'loading' && (
          <div className="viewer__status" role="status">
            <span className="viewer__spinner" aria-hidden="true" />
            <p>{VIEWER_LOADING}</p>
          </div>
        )}
        {images.status === 'error' && (
          <div className="viewer__status viewer__status--error" role="alert">
            <p className="viewer__error-title">{VIEWER_ERROR_TITLE}</p>
            <p className="viewer__error-reason">{images.reason}</p>
            <p className="viewer__error-hint">{VIEWER_CONSOLE_HINT}</p>
          </div>
        )}
        {images.status === 'ready' && (
          <>
            {/* biome-ignore lint/a11y/useSemanticElements: a named group around one image, not a form fieldset */}
            <div
              className="viewer__surface"
              data-dragging={dragging ? '' : undefined}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys turn the vehicle while it has focus
              tabIndex={0}
              role="group"
              aria-roledescription="360° viewer"
              aria-label={`The ${brand.product} from every side`}
              aria-describedby={hintId}
              onKeyDown={onKeyDown}
              {...handlers}
            >
              <img
                className="viewer__image"
                src={urls[Math.min(index, count - 1)]}
                alt={`The ${brand.product}, view ${Math.min(index, count - 1) + 1} of ${count}`}
                width={1200}
                height={800}
                draggable={false}
              />
            </div>
            <p className="viewer__hint" id={hintId}>
              <DragIcon />
              {VIEWER_HINT}
              <span className="visually-hidden">, or use the left and right arrow keys</span>
            </p>
            <button
              type="button"
              className="viewer__button viewer__button--prev"
              onClick={() => step(-1)}
              aria-label="Previous view"
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="viewer__button viewer__button--next"
              onClick={() => step(1)}
              aria-label="Next view"
            >
              <ChevronIcon direction="right" />
            </button>
            <span className="visually-hidden" aria-live="polite">
              {announce}
            </span>
          </>
        )}
      </div>
    </div>
  )
}

/** Two arrows round a dot: "turn me". */
function DragIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 12h5M16 12h5M5.5 9.5 3 12l2.5 2.5M18.5 9.5 21 12l-2.5 2.5"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      <circle cx="12" cy="12" r="2.2" fill="currentColor" />
    </svg>
  )
}

const EMPTY: string[] = []
