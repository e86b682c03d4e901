import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import { brand } from '../../../lib/brand.ts'
import { mediaUrl } from '../../../lib/media.ts'
import { TURNTABLE_FIRST_FRAME } from '../../../lib/turntable/images.ts'
import {
  TURNTABLE_CONSOLE_HINT,
  TURNTABLE_ERROR_TITLE,
  TURNTABLE_HINT,
  TURNTABLE_LOADING,
  TURNTABLE_NEEDS_SCRIPT,
} from '../../../lib/turntable/messages.ts'
import { frameAt, keyStep } from '../../../lib/turntable/rotation.ts'
import { ChevronIcon, DragIcon } from '../icons.tsx'
import { useInView } from '../use-in-view.ts'
import { useDragRotate } from './use-drag-rotate.ts'
import { usePreloadFrames } from './use-preload-frames.ts'
import { useTurntableImages } from './use-turntable-images.ts'

/**
 * The 360° product viewer (docs/original-behaviour.md §2, §4, §9): frames from the server, turned by dragging (15 px a
 * step), by the arrow keys when focused and by the previous/next buttons (WCAG 2.1.1, 2.5.7).
 * The HTML shows the first frame as a real image, with a note (without JavaScript) that turning
 * needs JavaScript; a drag made before the frames arrive turns the vehicle once they have. The
 * stage keeps a 3:2 box through loading, error and ready, so nothing around it moves.
 */
export function Turntable() {
  const images = useTurntableImages()
  const hydrated = useHydrated()
  const stage = useRef<HTMLDivElement>(null)
  const near = useInView(stage, '400px', true)
  const urls = images.status === 'ready' ? images.urls : EMPTY
  const count = urls.length
  const [turn, setTurn] = useState(0)
  const [announce, setAnnounce] = useState('')
  const { dragging, handlers } = useDragRotate(turn, setTurn)
  const hintId = useId()
  usePreloadFrames(urls, near)
  const index = frameAt(turn, count)

  const step = (delta: number) => {
    setTurn(turn + delta)
    setAnnounce(`View ${frameAt(turn + delta, count) + 1} of ${count}`)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = keyStep(event.key)
    if (delta === undefined) return
    event.preventDefault()
    step(delta)
  }

  return (
    <div className="turntable" data-state={images.status}>
      <div ref={stage} className="turntable__stage turntable-stage">
        {images.status === 'error' ? (
          <div className="turntable__status turntable__status--error" role="alert">
            <p className="turntable__error-title">{TURNTABLE_ERROR_TITLE}</p>
            <p className="turntable__error-reason">{images.reason}</p>
            <p className="turntable__error-hint">{TURNTABLE_CONSOLE_HINT}</p>
          </div>
        ) : (
          <>
            {/* biome-ignore lint/a11y/useSemanticElements: a named group around one image, not a form fieldset */}
            <div
              className="turntable__surface"
              data-dragging={dragging ? '' : undefined}
              // Focusable in the HTML: a keyboard never scrolls an unfocusable viewer into reach, so
              // focus is what starts the island; keys pressed before hydration are replayed
              // (early-input.ts). Without JavaScript the group describes itself: turning needs it.
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
                className="turntable__image"
                src={count > 0 ? urls[index] : TURNTABLE_FIRST_FRAME_URL}
                alt={
                  count > 0 ? `The ${brand.product}, view ${index + 1} of ${count}` : `The ${brand.product}`
                }
                width={1200}
                height={800}
                draggable={false}
                // Below the fold: fetched as it comes near, never with the page's first paint.
                loading="lazy"
                decoding="async"
              />
            </div>
            {hydrated && images.status === 'loading' && (
              <div className="turntable__status" role="status">
                <span className="turntable__spinner" aria-hidden="true" />
                <p>{TURNTABLE_LOADING}</p>
              </div>
            )}
            {images.status === 'ready' && (
              <>
                <button
                  type="button"
                  className="turntable__button turntable__button--prev glass round-button"
                  onClick={() => step(-1)}
                  aria-label="Previous view"
                >
                  <ChevronIcon direction="left" />
                </button>
                <button
                  type="button"
                  className="turntable__button turntable__button--next glass round-button"
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
          </>
        )}
      </div>
      {/* Beside the stage, not in it: over the picture where there is room, under it on a phone,
          where the two buttons take the picture's bottom edge. */}
      {images.status === 'error' ? null : (
        <p className="turntable__hint glass" id={hintId}>
          <DragIcon />
          <span className="turntable__hint-script">
            {TURNTABLE_HINT}
            <span className="visually-hidden">, or use the left and right arrow keys</span>
          </span>
          <span className="turntable__hint-no-script">{TURNTABLE_NEEDS_SCRIPT}</span>
        </p>
      )}
    </div>
  )
}

const EMPTY: string[] = []
/** What the HTML shows: the first frame as the demo set and the media CLI name it. */
const TURNTABLE_FIRST_FRAME_URL = mediaUrl('360', TURNTABLE_FIRST_FRAME)
