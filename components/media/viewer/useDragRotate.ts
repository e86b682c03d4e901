import { type PointerEvent, useCallback, useRef, useState } from 'react'
import { type DragState, dragTo } from '../../../lib/viewer/rotation.ts'

/**
 * Mouse, touch and pen drags as pointer events (docs/original-behaviour.md §4: a dragging flag from press to release).
 * The pointer is captured, so a drag that leaves the image keeps turning it until release.
 */
export function useDragRotate(index: number, count: number, setIndex: (index: number) => void) {
  const [dragging, setDragging] = useState(false)
  const drag = useRef<(DragState & { pointer: number }) | undefined>(undefined)

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || count < 2) return
      drag.current = { index, anchorX: event.clientX, pointer: event.pointerId }
      event.currentTarget.setPointerCapture?.(event.pointerId)
      setDragging(true)
    },
    [index, count],
  )

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const current = drag.current
      if (!current || current.pointer !== event.pointerId) return
      const next = dragTo(current, event.clientX, count)
      if (next === current) return
      drag.current = { ...next, pointer: current.pointer }
      setIndex(next.index)
    },
    [count, setIndex],
  )

  const end = useCallback((event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointer !== event.pointerId) return
    drag.current = undefined
    setDragging(false)
  }, [])

  return { dragging, handlers: { onPointerDown, onPointerMove, onPointerUp: end, onPointerCancel: end } }
}
