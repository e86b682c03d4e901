import { type ReactNode, useEffect, useRef } from 'react'
import { DEFAULT_PARALLAX_SPEED, parallaxOffset } from '../../../lib/motion/parallax.ts'
import { useInView } from '../use-in-view.ts'
import { useMobileMode, useReducedMotion } from '../use-media-query.ts'

/**
 * A layer that drifts at `speed` × the scroll relative to its container (docs/original-behaviour.md §3 "Parallax layer",
 * default 0.1). Off in mobile mode (< 768 px) and under prefers-reduced-motion, and idle while off
 * screen. It measures its parent, never itself, so its own transform cannot feed back.
 */
export function Parallax({
  speed = DEFAULT_PARALLAX_SPEED,
  className,
  children,
}: {
  speed?: number
  className?: string
  children?: ReactNode
}) {
  const layer = useRef<HTMLDivElement>(null)
  const reducedMotion = useReducedMotion()
  const mobile = useMobileMode()
  const visible = useInView(layer, '100px')
  const enabled = !reducedMotion && !mobile

  useEffect(() => {
    const element = layer.current
    const container = element?.parentElement
    if (!element || !container) return
    element.dataset.parallax = enabled ? 'on' : 'off'
    if (!enabled || !visible) {
      if (!enabled) element.style.transform = ''
      return
    }
    let frame = 0
    const update = () => {
      frame = 0
      const rect = container.getBoundingClientRect()
      const offset = parallaxOffset(rect.top, rect.height, window.innerHeight, speed)
      element.style.transform = `translate3d(0, ${offset}px, 0)`
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [enabled, visible, speed])

  return (
    <div ref={layer} className={['parallax', className].filter(Boolean).join(' ')}>
      {children}
    </div>
  )
}
