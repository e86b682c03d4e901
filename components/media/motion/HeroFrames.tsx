import { useEffect, useMemo, useState } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import { FRAME_STEP_MS, heroFrameUrls, LAST_FRAME, stepFrame } from '../../../lib/motion/hero-frames.ts'
import { useReducedMotion } from '../use-media-query.ts'

/**
 * The 7-frame sequence (docs/original-behaviour.md §4): while active (hovered, or switched on with the button for touch
 * and keyboard users) the index rises every 60 ms to 6; once inactive it falls back to 0. All
 * frames are in the DOM and decoded together, so a step never waits on the network. Under
 * reduced motion it jumps straight to the end state instead of animating.
 */
export function HeroFrames({ label }: { label: string }) {
  const urls = useMemo(heroFrameUrls, [])
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [pinned, setPinned] = useState(false)
  const reducedMotion = useReducedMotion()
  // The button can only do something once React runs: the HTML has none.
  const hydrated = useHydrated()
  const active = hovered || pinned

  useEffect(() => {
    if (reducedMotion) {
      setIndex(active ? LAST_FRAME : 0)
      return
    }
    const next = stepFrame(index, active)
    if (next === index) return
    const timer = window.setTimeout(() => setIndex(next), FRAME_STEP_MS)
    return () => window.clearTimeout(timer)
  }, [index, active, reducedMotion])

  return (
    <div
      className="hero-frames"
      data-frame={index}
      data-active={active ? '' : undefined}
      // Hover is a mouse thing; on touch screens the button below does the job.
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
    >
      <div className="hero-frames__stack" role="img" aria-label={label}>
        {urls.map((url, i) => (
          <img
            key={url}
            className="hero-frames__frame"
            data-current={i === index ? '' : undefined}
            src={url}
            alt=""
            width={1200}
            height={800}
            loading="lazy"
            decoding="async"
          />
        ))}
      </div>
      {hydrated && (
        <button
          type="button"
          className="hero-frames__toggle glass"
          aria-pressed={pinned}
          onClick={() => setPinned((value) => !value)}
        >
          <span className="hero-frames__dot" aria-hidden="true" />
          Open a locker
        </button>
      )}
    </div>
  )
}
