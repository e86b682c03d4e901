import { type ElementType, type ReactNode, useRef } from 'react'
import { useReveal } from './use-reveal.ts'

/**
 * A block that fades in on scroll; `step` (0–3) staggers siblings through a class rather than an
 * inline style, so a strict style-src CSP needs no exception. Visible without JS.
 */
export function Reveal({
  as: Tag = 'div',
  className,
  threshold = 0.2,
  step = 0,
  children,
}: {
  as?: ElementType
  className?: string
  threshold?: number
  step?: 0 | 1 | 2 | 3
  children: ReactNode
}) {
  const ref = useRef<HTMLElement>(null)
  useReveal(ref, threshold)
  const classes = ['reveal', step ? `reveal--step-${step}` : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <Tag ref={ref} className={classes}>
      {children}
    </Tag>
  )
}
