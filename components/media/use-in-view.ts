import { type RefObject, useEffect, useState } from 'react'

/**
 * Whether the element is within `rootMargin` of the viewport. False on the server and until the
 * observer first reports, so nothing below the fold loads early.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '0px', once = false): boolean {
  const [inView, setInView] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    if (!('IntersectionObserver' in window)) {
      setInView(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting)
        setInView(visible)
        if (visible && once) observer.disconnect()
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, rootMargin, once])
  return inView
}
